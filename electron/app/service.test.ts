import { afterEach, describe, expect, it, vi } from 'vitest';
import { games } from '../../shared/games/registry.ts';
import { requestChannels } from '../../shared/ipc/channels.ts';
import { seatStats, timeStats } from '../../shared/tournament/results/index.ts';
import { CSV_HEADER } from '../engine/export/csv.ts';
import { machineProtections, protectionsOf } from '../engine/process/protections.ts';
import { replayRecord } from '../engine/record/replay.ts';
import { TournamentStore } from '../engine/store/store.ts';
import { JURY_VERSION } from '../engine/version.ts';
import { createJuryService } from './service.ts';
import { isAlive, startHarness, type Harness } from '../../test/helpers/service-harness.ts';
import { join } from 'node:path';

let h: Harness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function sampleIds(
  harness: Harness,
  game: '6561' | 'less',
): Promise<{ random: string; greedy: string }> {
  const bots = await harness.call('bots.addSamples', { game });
  const id = (path: string): string => bots.find((b) => b.path === path)?.id ?? '';
  return { random: id(`${game}-random`), greedy: id(`${game}-greedy`) };
}

describe('createJuryService', () => {
  it('has a handler for every request channel and answers the app facts', async () => {
    h = await startHarness({ mode: 'browser' });
    expect(Object.keys(h.service.handlers).sort()).toEqual([...requestChannels].sort());
    const info = await h.call('app.info', undefined);
    expect(info).toEqual({
      version: JURY_VERSION,
      mode: 'browser',
      canControl: true,
      firstStart: true,
      storeFolder: join(h.dir, 'tournaments'),
    });
    const list = await h.call('games.list', undefined);
    expect(list.map((g) => g.id)).toEqual(['less', 'more', '6561', 'flit']);
    expect(list[0]).toMatchObject({ title: 'Less', seats: 4 });
    const samples = await h.call('bots.samples', { game: 'more' });
    expect(samples.map((s) => [s.id, s.strength])).toEqual([
      ['more-random', 'random'],
      ['more-greedy', 'greedy'],
    ]);
    await expect(h.call('dialog.openBot', undefined)).rejects.toThrow(/only available in the desktop app/);
    await expect(
      h.call('dialog.saveFile', { fileName: 'a.csv', mime: 'text/csv', content: '' }),
    ).rejects.toThrow(/only available in the desktop app/);
  });

  it('says what this machine enforces, with the settings’ memory cap for what the request leaves out', async () => {
    h = await startHarness();
    const asked = await h.call('system.protections', { memoryMiB: 300, maxProcesses: null, network: true });
    expect(asked).toEqual(machineProtections({ memoryMiB: 300, maxProcesses: null, network: true }));
    expect(asked.some((p) => p.limit === 'processes' || p.limit === 'network')).toBe(false);
    await h.call('settings.set', {
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 512, concurrency: null },
    });
    const defaults = await h.call('system.protections', {});
    expect(defaults).toEqual(machineProtections({ memoryMiB: 512, maxProcesses: 256, network: false }));
    const memory = defaults.find((p) => p.limit === 'memory');
    if (memory?.status !== 'missing') expect(memory?.detail).toMatch(/^512 MiB /);
    await expect(h.call('system.protections', { memoryMiB: 8 })).rejects.toThrow(/memoryMiB/);
  });

  it('plays one match between sample bots and refuses a sample of another game', async () => {
    h = await startHarness();
    const outcome = await h.call('match.play', {
      game: '6561',
      bots: [{ sample: 'random' }, { sample: '6561-greedy' }],
      seed: 7,
      timing: 'cpu',
    });
    expect(outcome.seed).toBe(7);
    expect(outcome.seats.map((s) => s.status)).toEqual(['OK', 'OK']);
    expect(outcome.seats[0]?.score).toBe(outcome.seats[1]?.score);
    await expect(
      h.call('match.play', {
        game: '6561',
        bots: [{ sample: 'less-random' }, { sample: 'random' }],
        timing: 'cpu',
      }),
    ).rejects.toThrow(/no sample bot "less-random" for 6561/);
    await expect(
      h.call('match.play', {
        game: '6561',
        bots: [{ sample: 'random' }, { name: 'ghost', command: ['/no/such/program'] }],
        timing: 'cpu',
      }),
    ).rejects.toThrow(/^ghost: .*\/no\/such\/program/);
    expect(h.pids.length).toBeGreaterThan(0);
  });

  it('runs a small round robin of sample bots to the end and reads it back', async () => {
    h = await startHarness();
    const { random, greedy } = await sampleIds(h, '6561');
    const draft = {
      name: 'Cup',
      game: '6561' as const,
      seed: 42,
      schedule: { kind: 'round-robin' as const, repeats: 1 },
      bots: [random, greedy],
      timing: { mode: 'cpu' as const },
      concurrency: 2,
    };
    const created = await h.call('tournaments.create', { draft });
    expect(created).toMatchObject({ id: 'Cup', name: 'Cup', game: '6561', state: 'idle', finished: 0 });
    expect(await h.call('tournament.draft', { id: 'Cup' })).toMatchObject({
      name: 'Cup',
      bots: [random, greedy],
    });

    const started = await h.call('tournament.start', { id: 'Cup' });
    expect(started.state).toBe('running');
    await expect(h.call('tournament.start', { id: 'Cup' })).rejects.toThrow(/Cup is running already/);
    await h.waitFor('game.frame', (f) => f.tournament === 'Cup' && f.done && f.scores !== null);
    const end = await h.waitFor('tournament.progress', (p) => p.id === 'Cup' && p.state === 'done');
    expect(end).toMatchObject({ finished: 2, total: 2, running: 0 });
    await h.waitFor('tournament.changed', (c) => c.id === 'Cup' && c.reason === 'state');

    const summary = (await h.call('tournaments.list', undefined)).find((t) => t.id === 'Cup');
    expect(summary).toMatchObject({ state: 'done', finished: 2, total: 2, running: 0, concurrency: 2 });
    const reasons = h.events.filter((e) => e.channel === 'tournament.changed').map((e) => e.payload.reason);
    expect(reasons).toEqual(expect.arrayContaining(['scheduled', 'game-started', 'game-finished', 'state']));

    const rows = await h.call('tournament.games', { id: 'Cup' });
    expect(rows.map((r) => [r.index, r.state, r.seats])).toEqual([
      [0, 'finished', ['6561 random', '6561 greedy']],
      [1, 'finished', ['6561 greedy', '6561 random']],
    ]);
    expect(rows.every((r) => r.durationMs !== null && r.durationMs > 0 && r.scores?.length === 2)).toBe(true);

    // The standings come from the running totals: no read of every outcome.
    const outcomesRead = vi.spyOn(TournamentStore.prototype, 'outcomes');
    const standings = await h.call('tournament.standings', { id: 'Cup' });
    expect(outcomesRead).not.toHaveBeenCalled();
    expect(standings.stages).toEqual(['main']);
    const total = (name: string): number =>
      rows
        .flatMap((r) => r.seats.map((s, i) => (s === name ? (r.scores?.[i] ?? 0) : 0)))
        .reduce((a, b) => a + b);
    // The leaderboard every view shows.
    expect(standings.ranking.view).toBe('event');
    expect(standings.ranking.rows.map((r) => [r.place, r.points, r.games, r.stage])).toEqual(
      standings.ranking.rows.map((r, i) => [i + 1, total(r.name), 2, 'main']),
    );
    expect(standings.ranking.rows.every((r) => r.skill === null && r.elo === null && r.wdl === null)).toBe(
      true,
    );
    const order = standings.ranking.rows.map((r) => r.id);
    expect(standings.crosstable?.ids).toEqual(order);
    expect(standings.crosstable?.cells[0]?.[1]?.games).toBe(2);
    expect((await h.call('tournament.standings', { id: 'Cup', stage: 'Main' })).ranking.view).toEqual({
      stage: 'main',
    });
    await expect(h.call('tournament.standings', { id: 'Cup', stage: 'final' })).rejects.toThrow(
      'no stage "final" in this event; its views: "Whole event", "Main"',
    );
    expect(outcomesRead).not.toHaveBeenCalled();
    outcomesRead.mockRestore();

    // The figures that read every game: the same as computed from the stored outcomes.
    const statistics = await h.call('tournament.statistics', { id: 'Cup' });
    const stored = TournamentStore.open(join(h.dir, 'tournaments', 'Cup.sqlite'), { readOnly: true });
    const outcomes = stored.outcomes();
    stored.close();
    expect(outcomes).toHaveLength(2);
    expect(statistics.seatStats).toEqual(seatStats(order, outcomes, 2));
    expect(statistics.timeStats).toEqual(timeStats(order, outcomes, games['6561'].info));
    expect(statistics.timeStats.map((t) => t.games)).toEqual([2, 2]);
    expect(statistics.seatStats.bots.map((b) => b.id)).toEqual(order);
    expect(statistics.pointsByRound.map((p) => p.name)).toEqual(standings.ranking.rows.map((r) => r.name));
    expect(statistics.pointsByRound.map((p) => p.points.at(-1))).toEqual(
      standings.ranking.rows.map((r) => r.points),
    );
    // The round robin of two bots is one round: charted game by game, each game by its number.
    expect(new Set(rows.map((g) => `${g.stage}/${g.round}`)).size).toBe(1);
    expect(statistics.unit).toBe('game');
    const numbered = rows.map((g) => `${g.stage}/${g.index + 1}`).sort();
    expect(statistics.rounds.map((r) => `${r.stage}/${r.round}`)).toEqual(numbered);
    expect(statistics.pointsByRound.every((p) => p.points.length === numbered.length)).toBe(true);
    expect(await h.call('tournament.statistics', { id: 'Cup', stage: 'main' })).toEqual(statistics);
    await expect(h.call('tournament.statistics', { id: 'Cup', stage: 'final' })).rejects.toThrow(
      'no stage "final" in this event',
    );

    const csv = await h.call('tournament.export', { id: 'Cup', kind: 'csv' });
    const lines = csv.content.trimEnd().split('\n');
    expect(csv.fileName).toBe('Cup.csv');
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^1,1,final,"Player 1","6561 random",\d+,DRAW$/);
    const json = await h.call('tournament.export', { id: 'Cup', kind: 'json' });
    expect(JSON.parse(json.content)).toMatchObject({ format: 'jury-tournament-export' });
    const html = await h.call('tournament.export', { id: 'Cup', kind: 'html' });
    expect(html.content).toContain('<html');
    const transcripts = await h.call('tournament.export', { id: 'Cup', kind: 'transcripts' });
    expect(transcripts.content).toContain('==== game-1.txt ====');
    expect(transcripts.content).toContain('==== game-2.txt ====');

    const replay = await h.call('tournament.replay', { id: 'Cup', index: 1 });
    const store = TournamentStore.open(join(h.dir, 'tournaments', 'Cup.sqlite'), { readOnly: true });
    const record = store.record(1);
    store.close();
    if (!record) throw new Error('no record');
    const replayed = replayRecord(record);
    if (!replayed.ok) throw new Error(replayed.problem);
    expect(replay.steps).toHaveLength(record.moves.length + 1);
    expect(replay.steps[0]).toMatchObject({ ply: 0, seat: null, line: null, by: null });
    expect(replay.steps.at(-1)?.state).toEqual(games['6561'].toJson(replayed.finalState));
    expect(replay.steps.at(-1)?.line).toBe(record.moves.at(-1)?.line);
    expect(replay.seats.map((s) => s.name)).toEqual(['6561 greedy', '6561 random']);
    expect(replay.end).toEqual(record.end);
    // The limits the game ran under, as its record has them (the draft left them at their defaults).
    if (!record.limits) throw new Error('a played game records its limits');
    const { memoryMiB, maxProcesses, network } = record.limits.requested;
    expect(replay.limits).toEqual({
      requested: { memoryMiB, maxProcesses, network },
      protections: protectionsOf(record.limits),
    });
    expect(replay.limits?.requested).toEqual({ memoryMiB: 1024, maxProcesses: 256, network: false });

    const rerun = await h.call('tournament.rerun', { id: 'Cup', index: 1 });
    expect(rerun.seed).toBe(record.seed);
    expect(rerun.steps[0]?.state).toEqual(replay.steps[0]?.state);
    await expect(h.call('tournament.replay', { id: 'Cup', index: 9 })).rejects.toThrow(/Cup has no game 10/);
  });

  it('smoke-tests a library bot, and refuses what would start bots once closed', async () => {
    h = await startHarness();
    const { greedy } = await sampleIds(h, '6561');
    const test = await h.call('bots.smokeTest', { id: greedy, game: '6561' });
    expect(test).toMatchObject({ passed: true, statuses: ['OK', 'OK'] });
    await h.service.close();
    expect(h.pids.filter(isAlive)).toEqual([]);
    await expect(h.call('tournament.start', { id: 'Cup' })).rejects.toThrow('Jury is closing');
    await expect(h.call('bots.smokeTest', { id: greedy, game: '6561' })).rejects.toThrow('Jury is closing');
  });

  it('shows only the one tournament of `jury serve --db FILE`', async () => {
    h = await startHarness();
    const { random, greedy } = await sampleIds(h, '6561');
    const draft = {
      name: 'One',
      game: '6561' as const,
      schedule: { kind: 'round-robin' as const },
      bots: [random, greedy],
      timing: { mode: 'cpu' as const },
    };
    await h.call('tournaments.create', { draft });
    await h.call('tournaments.create', { draft: { ...draft, name: 'Other' } });
    const single = await createJuryService({
      workspace: join(h.dir, 'workspace'),
      storeFolder: join(h.dir, 'elsewhere'),
      singleStore: join(h.dir, 'tournaments', 'One.sqlite'),
      mode: 'browser',
      canControl: false,
    });
    try {
      expect((await single.handlers['app.info'](undefined)).canControl).toBe(false);
      expect((await single.handlers['tournaments.list'](undefined)).map((t) => t.id)).toEqual(['One']);
      expect(() => single.handlers['tournament.games']({ id: 'Other' })).toThrow('no tournament "Other"');
      await expect(
        single.handlers['tournaments.create']({ draft: { ...draft, name: 'Third' } as never }),
      ).rejects.toThrow(/shows one tournament only/);
    } finally {
      await single.close();
    }
  });

  it('answers an unknown tournament with a clear error', async () => {
    h = await startHarness();
    await expect(h.call('tournament.standings', { id: 'Nope' })).rejects.toThrow('no tournament "Nope"');
    await expect(h.call('tournament.start', { id: 'Nope' })).rejects.toThrow('no tournament "Nope"');
    await expect(h.call('tournament.live', { id: 'Nope' })).rejects.toThrow('no tournament "Nope"');
    await expect(h.call('tournament.pause', { id: 'Nope' })).rejects.toThrow('Nope is not running');
    await expect(h.call('tournaments.remove', { id: '../etc' })).rejects.toThrow('no tournament "../etc"');
  });
});
