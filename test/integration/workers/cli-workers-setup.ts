import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { finished, JURY, type JuryResult } from '../cli/jury-process.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// What the `jury worker` / `jury run --workers` tests share (cli-workers-*.test.ts, split so that they run
// side by side): a real redis-server of their own with a password, `jury` processes with the organiser's
// secret, workers, the C bots, and the hooks that start and clear all that for the importing file.

export const SECRET = 'an-organiser-secret-for-tests';
export const PASSWORD = 'a-redis-password';
/** A dead worker's game is taken again after this lock time (ms). */
export const LOCK_MS = 2500;
export const redis = new TestRedis(PASSWORD);
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
let botDir: string;

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // bots run as another uid when Jury is root
  dirs.push(dir);
  return dir;
}

/** The queue's URL as a command line gives it: without the password, which is in JURY_REDIS_PASSWORD. */
export const queueUrl = (): string => `redis://127.0.0.1:${redis.port}`;

export function start(
  args: readonly string[],
  env: Record<string, string> = {},
): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [JURY, ...args], {
    env: {
      ...process.env,
      JURY_SECRET: SECRET,
      JURY_REDIS_PASSWORD: PASSWORD,
      JURY_WORKER_LOCK_MS: String(LOCK_MS),
      ...env,
    },
  });
  children.push(child);
  return child;
}

/** Starts a worker and resolves once it has said it is taking jobs. */
export async function worker(
  name: string,
  extra: readonly string[] = [],
  env: Record<string, string> = {},
): Promise<ChildProcessWithoutNullStreams> {
  const child = start(
    [
      'worker',
      '--redis',
      queueUrl(),
      '--slots',
      '1',
      '--name',
      name,
      '--cache',
      tempDir(`jury-${name}-`),
      ...extra,
    ],
    env,
  );
  await new Promise<void>((done, fail) => {
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.includes(`worker ${name} on`)) done();
    });
    child.on('exit', () => fail(new Error(`worker ${name} ended: ${err}`)));
  });
  return child;
}

async function stopAll(): Promise<void> {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    }
  }
}

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  await redis.start();
  botDir = tempDir('jury-cli-workers-bots-');
  mkdirSync(join(botDir, 'bin'));
  execFileSync('cc', [
    '-O2',
    '-o',
    join(botDir, 'bin', 'bot6561'),
    resolve('test/bench/judge/bots/bot6561.c'),
  ]);
}, 60_000);

afterEach(stopAll);

afterAll(async () => {
  await stopAll();
  await redis.remove();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A 6561 event: two sample bots and two C bots burning `burnUs` of CPU per move. */
export function event(name: string, schedule: object, burnUs: number): object {
  return {
    format: 'jury-tournament',
    version: 1,
    name,
    game: '6561',
    seed: 21,
    schedule,
    bots: [
      { name: 'Greedy', sample: 'greedy' },
      { name: 'Random', sample: 'random' },
      { name: 'C7', executable: join(botDir, 'bin', 'bot6561'), args: [String(burnUs), '7'] },
      { name: 'C3', executable: join(botDir, 'bin', 'bot6561'), args: [String(burnUs), '3'] },
    ],
    timing: { mode: 'cpu' },
  };
}

export function configFile(dir: string, config: object): string {
  const path = join(dir, 'event.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** `jury standings --json` of a store: each row's name, points and games, in order. */
export async function standings(db: string): Promise<unknown[]> {
  const r = await finished(start(['standings', db, '--json']));
  expect(r.code, r.err).toBe(0);
  const rows = (JSON.parse(r.out) as { ranking: { rows: { name: string; points: number; games: number }[] } })
    .ranking.rows;
  return rows.map((row) => [row.name, row.points, row.games]);
}

/** The indexes of a store's finished games. */
export function storedGames(db: string): number[] {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store.outcomes().map((o) => o.index);
  } finally {
    store.close();
  }
}

/** The finished games of a run's --json output. */
export function finishedGames(r: JuryResult): number[] {
  return r.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string; index?: number })
    .filter((e) => e.event === 'game-finished')
    .map((e) => e.index ?? -1);
}
