import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload, Request, RequestChannel, Response } from '../../../shared/ipc/contract.ts';
import { ipcContract } from '../../../shared/ipc/contract.ts';
import { parseOrThrow } from '../../../shared/ipc/handlers.ts';
import { createJuryService, type JuryService } from '../service.ts';
import { PACKAGES_FILE } from './package-list.ts';
import { isTranscriptState, type TranscriptState } from '../../../shared/games/packages/transcript.ts';
import { externalGameId } from '../../../shared/games/registry.ts';

const TOY = resolve('test/fixtures/caia/toy');
const dirs: string[] = [];
const services: JuryService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A service on `workspace`, called the way main calls it (both ends checked with the contract). */
async function open(workspace: string) {
  const service = await createJuryService({ workspace, storeFolder: join(workspace, 't'), mode: 'desktop' });
  services.push(service);
  const changed: EventPayload<'games.changed'>[] = [];
  service.subscribe((channel, payload) => {
    if (channel === 'games.changed') changed.push(payload as EventPayload<'games.changed'>);
  });
  const call = async <C extends RequestChannel>(channel: C, payload: Request<C>): Promise<Response<C>> => {
    const spec = ipcContract.requests[channel];
    const checked = parseOrThrow(spec.request, payload, channel) as never;
    const handler = service.handlers[channel] as (p: never) => unknown;
    return parseOrThrow(spec.response, await handler(checked), channel) as Response<C>;
  };
  return { call, changed };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jury-packages-'));
  dirs.push(dir);
  return dir;
}

describe('game packages added in the app', () => {
  it('adds the Toy package by its folder, lists it beside the built-in games, and keeps it after a restart', async () => {
    const workspace = tempDir();
    const app = await open(workspace);
    const added = await app.call('games.addPackage', { path: TOY });
    expect(added).toMatchObject({ id: 'pkg-toy', title: 'Toy', seats: 2, added: true });
    expect(added.timeControl).toEqual({ kind: 'game-total', budgetMs: 30000 });
    expect(added.package?.samples).toEqual(['player1', 'player2']);
    expect(app.changed).toEqual([{ reason: 'added', game: 'pkg-toy' }]);
    const list = await app.call('games.list', undefined);
    expect(list.slice(0, 4).map((g) => g.id)).toEqual(['less', 'more', '6561', 'flit']);
    expect(list.find((g) => g.id === 'pkg-toy')?.added).toBe(true);
    expect(JSON.parse(readFileSync(join(workspace, PACKAGES_FILE), 'utf8'))).toEqual({
      version: 1,
      folders: [TOY],
    });
    // The same package again (by its manifest this time) is stored once.
    await app.call('games.addPackage', { path: join(TOY, 'jury-game.json') });
    expect(JSON.parse(readFileSync(join(workspace, PACKAGES_FILE), 'utf8')).folders).toEqual([TOY]);

    const again = await open(workspace);
    const after = await again.call('games.list', undefined);
    expect(after.find((g) => g.id === 'pkg-toy')).toMatchObject({ title: 'Toy', added: true });
  });

  it('removes an added package: no longer added, and not stored', async () => {
    const workspace = tempDir();
    const app = await open(workspace);
    await app.call('games.addPackage', { path: TOY });
    const games = await app.call('games.removePackage', { id: externalGameId('pkg-toy') });
    expect(games.find((g) => g.id === 'pkg-toy')?.added).toBe(false);
    expect(app.changed.at(-1)).toEqual({ reason: 'removed', game: 'pkg-toy' });
    expect(JSON.parse(readFileSync(join(workspace, PACKAGES_FILE), 'utf8')).folders).toEqual([]);
    await expect(app.call('games.removePackage', { id: externalGameId('pkg-toy') })).rejects.toThrow(
      'the game "pkg-toy" is not a game package added in the app',
    );
    await expect(app.call('games.removePackage', { id: 'less' })).rejects.toThrow(/not a game package/);
  });

  it('refuses a bad package with the manifest’s field named, and stores nothing', async () => {
    const workspace = tempDir();
    const bad = join(tempDir(), 'bad');
    mkdirSync(bad);
    const manifest = { format: 'jury-game', version: 1, name: 'Bad', players: 40 };
    writeFileSync(
      join(bad, 'jury-game.json'),
      JSON.stringify({ ...manifest, referee: { command: ['x'], protocol: 'caia' } }),
    );
    const app = await open(workspace);
    await expect(app.call('games.addPackage', { path: bad })).rejects.toThrow(
      /is not a usable game package: .*players/,
    );
    await expect(app.call('games.addPackage', { path: join(bad, 'nothing') })).rejects.toThrow(
      /not a usable game package/,
    );
    await expect(app.call('games.addPackage', { path: '  ' })).rejects.toThrow(
      /give the folder of a game package/,
    );
    expect(app.changed).toEqual([]);
    expect(() => readFileSync(join(workspace, PACKAGES_FILE))).toThrow(/ENOENT/);
    expect((await app.call('games.list', undefined)).some((g) => g.id === 'pkg-bad')).toBe(false);
  });
});

describe('one match of a game package in the app (match.play)', () => {
  it('plays the Toy game between its sample players by name, and refuses an unknown sample or a seat too many', async () => {
    const app = await open(tempDir());
    await app.call('games.addPackage', { path: TOY });
    const game = externalGameId('pkg-toy');
    const outcome = await app.call('match.play', {
      game,
      bots: [{ sample: 'player1' }, { sample: 'player2' }],
      seed: 3,
      timing: 'official',
    });
    expect(outcome).toMatchObject({ game: 'pkg-toy', seed: 3, end: { kind: 'referee-report' } });
    expect(outcome.seats.map((s) => [s.name, s.status])).toEqual([
      ['player1', 'OK'],
      ['player2', 'OK'],
    ]);
    // The same sample in both seats: each its own name.
    const twice = await app.call('match.play', {
      game,
      bots: [{ sample: 'player2' }, { sample: 'player2' }],
      timing: 'cpu',
    });
    expect(twice.seats.map((s) => s.name)).toEqual(['player2 1', 'player2 2']);
    await expect(
      app.call('match.play', { game, bots: [{ sample: 'player1' }, { sample: 'nobody' }], timing: 'cpu' }),
    ).rejects.toThrow(/no sample bot "nobody" for Toy; choose player1, player2/);
    await expect(
      app.call('match.play', {
        game,
        bots: [{ sample: 'player1' }, { sample: 'player2' }, { sample: 'player2' }],
        timing: 'cpu',
      }),
    ).rejects.toThrow(/Toy needs 2 bots, one per seat; got 3/);
  });
});

describe('a tournament of a game package in the app', () => {
  it('adds the package’s sample players, runs a round robin with live transcripts, and ranks it', async () => {
    const workspace = tempDir();
    const app = await open(workspace);
    const frames: EventPayload<'game.frame'>[] = [];
    const progress: EventPayload<'tournament.progress'>[] = [];
    services.at(-1)!.subscribe((channel, payload) => {
      if (channel === 'game.frame') frames.push(payload as EventPayload<'game.frame'>);
      if (channel === 'tournament.progress') progress.push(payload as EventPayload<'tournament.progress'>);
    });
    await app.call('games.addPackage', { path: TOY });
    const bots = await app.call('bots.addSamples', { game: externalGameId('pkg-toy') });
    expect(bots.map((b) => [b.name, b.kind, b.args, b.game])).toEqual([
      ['Toy player1', 'source', ['--reply=2'], 'pkg-toy'],
      ['Toy player2', 'source', [], 'pkg-toy'],
    ]);
    // Twice: nothing more.
    expect(await app.call('bots.addSamples', { game: externalGameId('pkg-toy') })).toHaveLength(2);
    const draft = {
      name: 'Toy cup',
      game: externalGameId('pkg-toy'),
      seed: 7,
      schedule: { kind: 'round-robin' as const, repeats: 1 },
      bots: bots.map((b) => b.id),
      timing: { mode: 'official' as const },
      concurrency: 1,
    };
    expect(await app.call('tournaments.create', { draft })).toMatchObject({ game: 'pkg-toy', total: 2 });
    await app.call('tournament.start', { id: 'Toy cup' });
    for (let i = 0; i < 600 && !progress.some((p) => p.state === 'done'); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(progress.at(-1)).toMatchObject({ state: 'done', finished: 2, total: 2, error: null });
    const live = frames.find((f) => !f.done && isTranscriptState(f.state) && f.state.lines.length > 0);
    expect(live?.toAct).toBeNull();
    const state = live?.state as TranscriptState;
    expect(state).toMatchObject({ kind: 'transcript', players: 2 });
    expect(state.lines[0]).toMatchObject({ program: 0, dir: 'out' });
    expect(frames.filter((f) => f.done && f.scores !== null)).toHaveLength(2);
    // The game viewer: one step, the whole transcript from the record (referee and players, in time order).
    const replay = await app.call('tournament.replay', { id: 'Toy cup', index: 0 });
    expect(replay.steps).toHaveLength(1);
    const whole = replay.steps[0]?.state as TranscriptState;
    expect(whole).toMatchObject({ kind: 'transcript', players: 2, omitted: 0, failures: [] });
    expect(new Set(whole.lines.map((l) => l.program))).toEqual(new Set([0, 1, 2]));
    expect(whole.lines.map((l) => l.ms)).toEqual([...whole.lines.map((l) => l.ms)].sort((a, b) => a - b));
    expect(whole.lines.at(-1)?.text).toMatch(/^M report /);
    // The referee's own HTML log, kept beside the store, as the manifest names it.
    expect(replay.refereeLog).toMatchObject({
      file: 'game.html',
      kind: 'html',
      truncated: false,
      missing: null,
    });
    expect(replay.refereeLog?.text).toMatch(/^<html><body><pre>[^]*M report [^]*<\/pre><\/body><\/html>\n$/);
    const standings = await app.call('tournament.standings', { id: 'Toy cup' });
    expect(standings.ranking.rows.map((r) => [r.name, r.games]).sort()).toEqual([
      ['Toy player1', 2],
      ['Toy player2', 2],
    ]);
  });
});
