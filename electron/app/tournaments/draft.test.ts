import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TournamentStore } from '../../engine/store/store.ts';
import { storedConfig } from '../../engine/tournament/run-store.ts';
import { startHarness, type Harness } from '../../../test/helpers/service-harness.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

/** A harness with the 6561 and Less samples in the library, and a valid 6561 draft. */
async function setup() {
  h = await startHarness();
  const bots = await h.call('bots.addSamples', {});
  const id = (path: string): string => bots.find((b) => b.path === path)?.id ?? '';
  const draft = {
    name: 'Spring cup',
    game: '6561' as const,
    schedule: { kind: 'round-robin' as const, repeats: 2 },
    bots: [id('6561-random'), id('6561-greedy')],
    timing: { mode: 'cpu' as const },
  };
  return { h, id, draft };
}

describe('tournament drafts', () => {
  it('finds nothing wrong with a good draft and creates its store and draft file', async () => {
    const { h, draft } = await setup();
    expect(await h.call('tournaments.check', { draft })).toEqual([]);
    const created = await h.call('tournaments.create', { draft });
    expect(created).toMatchObject({
      id: 'Spring cup',
      name: 'Spring cup',
      game: '6561',
      format: 'round-robin',
      state: 'idle',
      finished: 0,
      total: 4,
      running: 0,
      etaMs: null,
    });
    const folder = join(h.dir, 'tournaments');
    expect(existsSync(join(folder, 'Spring cup.draft.json'))).toBe(true);
    const store = TournamentStore.open(join(folder, 'Spring cup.sqlite'), { readOnly: true });
    expect(store.loadConfig()).toMatchObject({
      format: 'jury-tournament',
      version: 1,
      bots: [
        { name: '6561 random', sample: 'random' },
        { name: '6561 greedy', sample: 'greedy' },
      ],
    });
    expect(store.participants().map((p) => p.id)).toEqual(['6561-random', '6561-greedy']);
    store.close();
    const draftBack = await h.call('tournament.draft', { id: 'Spring cup' });
    expect(draftBack).toEqual({
      ...draft,
      timing: { mode: 'cpu', graceMs: 1000 },
      limits: expect.any(Object),
    });
    expect(h.events).toContainEqual({
      channel: 'tournament.changed',
      payload: { id: 'Spring cup', reason: 'created', game: null },
    });
  });

  it('reports each problem by the path of the draft’s field', async () => {
    const { h, id, draft } = await setup();
    const paths = async (d: unknown): Promise<string[]> =>
      (await h.call('tournaments.check', { draft: d })).map((i) => i.path);
    expect(await paths({})).toEqual(expect.arrayContaining(['name', 'game', 'schedule', 'bots']));
    expect(await paths({ ...draft, schedule: { kind: 'swiss', swissRounds: 0, finalists: 2 } })).toEqual([
      'schedule.swissRounds',
    ]);
    expect(await paths({ ...draft, name: 'a/b' })).toEqual(['name']);
    expect(await paths({ ...draft, bots: [id('6561-random'), id('less-greedy')] })).toEqual(['bots']);
    expect(await paths({ ...draft, bots: [id('6561-random'), 'no-such-bot'] })).toEqual(['bots']);
    expect(await paths({ ...draft, game: 'less', bots: [id('less-random'), id('less-greedy')] })).toEqual(
      expect.arrayContaining(['schedule.kind', 'bots']),
    );
    expect(await paths({ ...draft, timing: { mode: 'cpu', graceMs: -1 } })).toEqual(['timing.graceMs']);
    expect(await paths({ ...draft, boards: ['x'] })).toContain('boards');
    expect(
      await paths({ ...draft, schedule: { kind: 'gauntlet', challengers: ['Nobody'], repeats: 1 } }),
    ).toEqual(['schedule.challengers']);
    const wrongGame = await h.call('tournaments.check', {
      draft: { ...draft, bots: [id('6561-random'), id('less-greedy')] },
    });
    expect(wrongGame[0]?.message).toMatch(/sample bot of Less; it cannot play 6561/);
  });

  it('gives each schema complaint its kind and limit, for the form to say in the organiser’s words', async () => {
    const { h, draft } = await setup();
    const check = (d: unknown) => h.call('tournaments.check', { draft: d });
    expect(await check({ ...draft, schedule: { kind: 'swiss', swissRounds: 0, finalists: 2 } })).toEqual([
      {
        path: 'schedule.swissRounds',
        message: 'swissRounds must be at least 1',
        kind: 'too-small',
        limit: 1,
      },
    ]);
    expect(await check({ ...draft, concurrency: 0 })).toEqual([
      expect.objectContaining({ path: 'concurrency', kind: 'too-small', limit: 1 }),
    ]);
    expect(await check({ ...draft, limits: { memoryMiB: 20.5 } })).toEqual([
      expect.objectContaining({ path: 'limits.memoryMiB', kind: 'whole-number' }),
    ]);
    // A rule's own sentence has no kind: the form keeps it as written.
    const wrongGame = await check({ ...draft, game: 'less' });
    expect(wrongGame.find((i) => i.path === 'schedule.kind')).not.toHaveProperty('kind');
  });

  it('refuses a second tournament of the same name (ignoring case) and a bad draft, naming the fields', async () => {
    const { h, draft } = await setup();
    await h.call('tournaments.create', { draft });
    expect(await h.call('tournaments.check', { draft: { ...draft, name: 'SPRING CUP' } })).toEqual([
      { path: 'name', message: 'a tournament with this name exists', kind: 'name-taken' },
    ]);
    await expect(h.call('tournaments.create', { draft })).rejects.toThrow(
      'the tournament cannot be created: name: a tournament with this name exists',
    );
    await expect(
      h.call('tournaments.create', { draft: { ...draft, name: 'x:y', bots: [draft.bots[0] ?? '', 'gone'] } }),
    ).rejects.toThrow(/name: the name must not contain .*; bots: no bot with id "gone"/);
  });

  it('takes gauntlet challengers by library id and seats a bot listed twice under a second name', async () => {
    const { h, id, draft } = await setup();
    const greedy = id('6561-greedy');
    const gauntlet = {
      ...draft,
      name: 'Gauntlet',
      schedule: { kind: 'gauntlet' as const, challengers: [greedy], repeats: 1 },
      bots: [greedy, id('6561-random'), id('6561-random')],
    };
    expect(await h.call('tournaments.check', { draft: gauntlet })).toEqual([]);
    await h.call('tournaments.create', { draft: gauntlet });
    const store = TournamentStore.open(join(h.dir, 'tournaments', 'Gauntlet.sqlite'), { readOnly: true });
    expect(store.loadConfig()).toMatchObject({
      schedule: { kind: 'gauntlet', challengers: ['6561 greedy'] },
      bots: [{ name: '6561 greedy' }, { name: '6561 random' }, { name: '6561 random 2' }],
    });
    store.close();
  });

  it('keeps a draft’s remote workers in the stored config, and checks their speed range', async () => {
    const { h, draft } = await setup();
    const onWorkers = { ...draft, workers: { localSlots: 1, factorRange: [0.8, 1.25] as [number, number] } };
    expect(await h.call('tournaments.check', { draft: onWorkers })).toEqual([]);
    const bad = { ...draft, workers: { factorRange: [1.5, 1] } };
    expect(await h.call('tournaments.check', { draft: bad })).toEqual([
      { path: 'workers.factorRange', message: 'the speed factor range must be [min, max] with min ≤ max' },
    ]);
    await h.call('tournaments.create', { draft: onWorkers });
    const store = TournamentStore.open(join(h.dir, 'tournaments', 'Spring cup.sqlite'), { readOnly: true });
    try {
      expect(storedConfig(store).workers).toEqual({ localSlots: 1, factorRange: [0.8, 1.25] });
      expect((await h.call('tournament.draft', { id: 'Spring cup' })).workers).toEqual({
        localSlots: 1,
        factorRange: [0.8, 1.25],
      });
    } finally {
      store.close();
    }
  });
});
