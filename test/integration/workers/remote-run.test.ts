import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { parseTournamentConfig, type TournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { leaderboard } from '../../../electron/engine/tournament/leaderboard.ts';
import { prepareRun } from '../../../electron/engine/tournament/prepare-run.ts';
import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { formatOf, scheduleContext } from '../../../electron/engine/tournament/scheduling.ts';
import { parseRedisUrl, type RedisTarget } from '../../../electron/engine/workers/connection.ts';
import { openRemoteRun } from '../../../electron/engine/workers/coordinator.ts';
import { JuryWorker } from '../../../electron/engine/workers/worker.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// A tournament played by remote workers through BullMQ on a real redis-server: the same standings and
// the same games as a local run with the same seed, every program fetched by hash (a compiled program,
// a C source built on the worker) and every record marked with the worker that played it.

const SECRET = 'organiser-secret';
const redis = new TestRedis();
const dirs: string[] = [];
let target: RedisTarget;
let botDir: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // bots run as another uid when Jury is root
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  await redis.start();
  const parsed = parseRedisUrl(redis.url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  target = parsed;
  botDir = tempDir('jury-remote-bots-');
  const source = resolve('test/bench/judge/bots/bot6561.c');
  mkdirSync(join(botDir, 'bin'));
  mkdirSync(join(botDir, 'src'));
  execFileSync('cc', ['-O2', '-o', join(botDir, 'bin', 'bot6561'), source]);
  // Built as a contestant's C file (gcc -std=c11), which hides POSIX clocks unless asked for.
  writeFileSync(
    join(botDir, 'src', 'bot6561.c'),
    `#define _POSIX_C_SOURCE 200809L\n${readFileSync(source, 'utf8')}`,
  );
}, 60_000);

afterAll(async () => {
  await redis.remove();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function config(burnUs = 0): TournamentConfig {
  const parsed = parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name: 'Remote cup',
    game: '6561',
    seed: 99,
    schedule: { kind: 'round-robin', repeats: 1 },
    bots: [
      { name: 'Random', sample: 'random' },
      { name: 'Compiled', executable: join(botDir, 'bin', 'bot6561'), args: [String(burnUs), '7'] },
      {
        name: 'Source',
        source: { file: join(botDir, 'src', 'bot6561.c'), language: 'c' },
        args: [String(burnUs), '3'],
      },
    ],
    timing: { mode: 'cpu' },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Runs the config into a fresh store, locally or through `workers` remote slots; answers the store's path. */
async function run(
  remote: boolean,
  options: { burnUs?: number; afterFirstGame?: () => Promise<void> } = {},
): Promise<{ db: string; workers: string[]; live: Map<number, number>; atFinish: Map<number, number> }> {
  const dir = tempDir('jury-remote-run-');
  const db = join(dir, 'cup.sqlite');
  const cfg = config(options.burnUs);
  let first: Promise<void> | null = null;
  const prepared = await prepareRun({
    store: db,
    holder: 'test',
    config: cfg,
    baseDir: dir,
    buildDir: join(dir, 'builds'),
  });
  const format = formatOf(cfg, prepared.participants);
  const context = scheduleContext(cfg, prepared.store.info().seed, prepared.participants);
  const local = prepared.player(processLauncher());
  const workers: JuryWorker[] = [];
  const names: string[] = [];
  // The highest ply each remote game's live board saw.
  const live = new Map<number, number>();
  // The ply each remote game's live board had reached when the game finished (what its last frame shows).
  const atFinish = new Map<number, number>();
  try {
    if (!remote) {
      await new TournamentRunner({
        store: prepared.store,
        scheduler: schedulerFor(format),
        context,
        play: local,
        concurrency: 2,
      }).run();
      return { db, workers: names, live, atFinish };
    }
    for (const name of ['w1', 'w2']) {
      const worker = new JuryWorker({
        target,
        secret: SECRET,
        slots: 1,
        name,
        cacheDir: tempDir(`jury-worker-${name}-`),
        launcher: processLauncher(),
        log: (line) => names.push(line),
        benchmarkMs: 40,
        lockMs: 2000,
      });
      await worker.start();
      workers.push(worker);
    }
    const remoteRun = await openRemoteRun(prepared, local, {
      target,
      secret: SECRET,
      localSlots: 0,
      baseDir: dir,
      benchmarkMs: 40,
      onEvent: (game, event) => {
        if (event.kind !== 'move' || event.state === undefined) return;
        live.set(game.index, Math.max(live.get(game.index) ?? 0, event.ply));
      },
    });
    try {
      const concurrency = await remoteRun.concurrency();
      expect(concurrency).toBe(2);
      const state = await new TournamentRunner({
        store: prepared.store,
        scheduler: schedulerFor(format),
        context,
        play: remoteRun.play,
        concurrency,
        onEvent: (event) => {
          remoteRun.onRunnerEvent(event);
          if (event.kind !== 'game-finished') return;
          atFinish.set(event.game.index, live.get(event.game.index) ?? -1);
          first ??= options.afterFirstGame?.() ?? Promise.resolve();
        },
      }).run();
      await first;
      expect(state).toBe('done');
    } finally {
      await remoteRun.close();
    }
    return { db, workers: names, live, atFinish };
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    prepared.store.close();
  }
}

describe('a tournament on remote workers (BullMQ on a real Redis)', () => {
  it('gives the same games and standings as a local run, each record marked with its worker', async () => {
    const localRun = await run(false);
    const remoteRun = await run(true);
    const { TournamentStore } = await import('../../../electron/engine/store/store.ts');
    const a = TournamentStore.open(localRun.db, { readOnly: true });
    const b = TournamentStore.open(remoteRun.db, { readOnly: true });
    try {
      const cfg = config();
      const rows = (s: typeof a) => leaderboard(s, cfg, 'event').rows.map((r) => [r.name, r.points, r.games]);
      expect(rows(b)).toEqual(rows(a));
      expect(b.outcomes().length).toBe(6);
      const played = new Set<string>();
      for (const o of a.outcomes()) {
        const local = a.record(o.index);
        const remote = b.record(o.index);
        expect(remote?.moves.map((m) => m.line)).toEqual(local?.moves.map((m) => m.line));
        expect(remote?.scores).toEqual(local?.scores);
        expect(local?.worker).toBeUndefined();
        expect(remote?.worker?.speedFactor).toBe(1);
        played.add(remote?.worker?.name ?? '');
        // The programs ran from the worker's cache, with the hash the tournament recorded.
        expect(remote?.seats.map((s) => s.executableHash)).toEqual(local?.seats.map((s) => s.executableHash));
      }
      expect([...played].sort()).toEqual(['w1', 'w2']);
      // Live boards followed the remote games: each appeared at its first move, and positions from
      // later in a game arrived while it ran (at most every 250 ms, and these games are short).
      expect(remoteRun.live.size).toBe(6);
      expect(Math.max(...remoteRun.live.values())).toBeGreaterThan(10);
      // A finished game's board shows its final position: the worker's last moves (sent at most every
      // 250 ms while it plays) reach the coordinator before the game finishes there.
      const finalPly = new Map(
        b.outcomes().map((o) => [o.index, (b.record(o.index)?.moves.length ?? 0) - 1]),
      );
      expect(remoteRun.atFinish).toEqual(finalPly);
    } finally {
      a.close();
      b.close();
    }
  }, 120_000);

  it('survives a Redis restart mid-run: every game stored once, the standings of a local run', async () => {
    const restarted = await run(true, {
      burnUs: 1000,
      afterFirstGame: async () => {
        await redis.stop();
        await new Promise((r) => setTimeout(r, 1000));
        await redis.start();
      },
    });
    const local = await run(false, { burnUs: 1000 });
    const { TournamentStore } = await import('../../../electron/engine/store/store.ts');
    const a = TournamentStore.open(local.db, { readOnly: true });
    const b = TournamentStore.open(restarted.db, { readOnly: true });
    try {
      const cfg = config(1000);
      const rows = (s: typeof a) => leaderboard(s, cfg, 'event').rows.map((r) => [r.name, r.points, r.games]);
      expect(
        b
          .outcomes()
          .map((o) => o.index)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4, 5]);
      expect(rows(b)).toEqual(rows(a));
    } finally {
      a.close();
      b.close();
    }
  }, 180_000);
});
