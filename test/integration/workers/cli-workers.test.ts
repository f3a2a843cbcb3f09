import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { finished, JURY, printed, type JuryResult } from '../cli/jury-process.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// Two `jury worker` processes and a `jury run --workers` coordinator on a real redis-server: a round robin
// and a Swiss-then-final give the standings of a local run with the same seed; a worker killed with
// SIGKILL mid-game and a coordinator killed and started again lose no game and play none twice.

const SECRET = 'an-organiser-secret-for-tests';
const PASSWORD = 'a-redis-password';
/** A dead worker's game is taken again after this lock time (ms). */
const LOCK_MS = 2500;
const redis = new TestRedis(PASSWORD);
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
let botDir: string;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // bots run as another uid when Jury is root
  dirs.push(dir);
  return dir;
}

/** The queue's URL as a command line gives it: without the password, which is in JURY_REDIS_PASSWORD. */
const queueUrl = (): string => `redis://127.0.0.1:${redis.port}`;

function start(args: readonly string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
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
async function worker(
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
function event(name: string, schedule: object, burnUs: number): object {
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

function configFile(dir: string, config: object): string {
  const path = join(dir, 'event.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** `jury standings --json` of a store: each row's name, points and games, in order. */
async function standings(db: string): Promise<unknown[]> {
  const r = await finished(start(['standings', db, '--json']));
  expect(r.code, r.err).toBe(0);
  const rows = (JSON.parse(r.out) as { ranking: { rows: { name: string; points: number; games: number }[] } })
    .ranking.rows;
  return rows.map((row) => [row.name, row.points, row.games]);
}

/** The indexes of a store's finished games. */
function storedGames(db: string): number[] {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store.outcomes().map((o) => o.index);
  } finally {
    store.close();
  }
}

/** The finished games of a run's --json output. */
function finishedGames(r: JuryResult): number[] {
  return r.out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string; index?: number })
    .filter((e) => e.event === 'game-finished')
    .map((e) => e.index ?? -1);
}

describe('jury worker and jury run --workers refuse bad settings with exit code 2, creating nothing', () => {
  it('names a bad URL, a missing secret, a wrong Redis password or a Redis that does not answer', async () => {
    const dir = tempDir('jury-cli-workers-refuse-');
    const config = configFile(dir, event('Refused', { kind: 'round-robin' }, 0));
    const db = join(dir, 'never.sqlite');
    const run = (url: string, env: Record<string, string> = {}) =>
      finished(start(['run', config, '--db', db, '--workers', url], env));
    expect(await run('localhost:6379')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--workers: the Redis URL must start with redis:// or rediss:// (TLS)'),
    });
    expect(await run(queueUrl(), { JURY_SECRET: '' })).toMatchObject({
      code: 2,
      err: expect.stringContaining('give the organiser’s secret in JURY_SECRET or --secret-file FILE'),
    });
    expect(await run(queueUrl(), { JURY_SECRET: 'short' })).toMatchObject({
      code: 2,
      err: expect.stringContaining('at least 16 characters'),
    });
    const wrong = await run(queueUrl(), { JURY_REDIS_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(
      /--workers: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ does not answer \(.*(WRONGPASS|invalid)/i,
    );
    expect(wrong.err).not.toContain('not-the-password');
    const nobody = await run('redis://127.0.0.1:1');
    expect(nobody).toMatchObject({ code: 2, err: expect.stringContaining('does not answer') });
    expect(existsSync(db)).toBe(false);
    const w = await finished(start(['worker', '--redis', 'redis://127.0.0.1:1', '--slots', '0']));
    expect(w).toMatchObject({
      code: 2,
      err: expect.stringContaining('--slots must be a whole number from 1 to 256'),
    });
    for (const r of [wrong, nobody, w]) expect(r.err).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses a Redis password on the command line (ps shows it), naming where it goes instead', async () => {
    const dir = tempDir('jury-cli-workers-password-');
    const config = configFile(dir, event('Refused', { kind: 'round-robin' }, 0));
    const db = join(dir, 'never.sqlite');
    const fix =
      /give redis:\/\/127\.0\.0\.1:\d+ and the password in JURY_REDIS_PASSWORD or --redis-password-file FILE/;
    const run = await finished(start(['run', config, '--db', db, '--workers', redis.url]));
    expect(run.code, run.err).toBe(2);
    expect(run.err).toMatch(/--workers: the URL holds the Redis password/);
    expect(run.err).toMatch(fix);
    const w = await finished(start(['worker', '--redis', redis.url, '--slots', '1']));
    expect(w.code, w.err).toBe(2);
    expect(w.err).toMatch(/--redis: the URL holds the Redis password/);
    expect(w.err).toMatch(fix);
    for (const r of [run, w]) {
      expect(r.err).not.toContain(PASSWORD);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(db)).toBe(false);
    // A password file that cannot be read, or is empty, is refused too.
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    for (const file of [join(dir, 'missing'), empty]) {
      const r = await finished(
        start(['run', config, '--db', db, '--workers', queueUrl(), '--redis-password-file', file]),
      );
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(/--redis-password-file: (cannot read \S+|\S+ is empty)\n/);
      expect(r.err).toContain(file);
    }
    expect(existsSync(db)).toBe(false);
  }, 60_000);
});

describe('jury worker and jury run --workers (real processes, a real redis-server)', () => {
  it('plays a round robin and a Swiss-then-final on two workers with the standings of a local run', async () => {
    // One worker reads the Redis password from a file, the other from JURY_REDIS_PASSWORD; neither
    // command line holds it (anyone on the machine can read those).
    const file = join(tempDir('jury-cli-workers-password-'), 'redis-password');
    writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
    const workers = await Promise.all([
      worker('w1'),
      worker('w2', ['--redis-password-file', file], { JURY_REDIS_PASSWORD: '' }),
    ]);
    for (const w of workers) expect(readFileSync(`/proc/${w.pid}/cmdline`, 'utf8')).not.toContain(PASSWORD);
    for (const [name, schedule] of [
      ['Remote RR', { kind: 'round-robin' }],
      ['Remote Swiss', { kind: 'swiss', swissRounds: 2, finalists: 2 }],
    ] as const) {
      const dir = tempDir('jury-cli-workers-');
      const config = configFile(dir, event(name, schedule, 0));
      const local = await finished(start(['run', config, '--db', join(dir, 'local.sqlite'), '--json']));
      expect(local.code, local.err).toBe(0);
      const remote = await finished(
        start(['run', config, '--db', join(dir, 'remote.sqlite'), '--json', '--workers', queueUrl()]),
      );
      expect(remote.code, remote.err).toBe(0);
      expect(finishedGames(remote).sort((a, b) => a - b)).toEqual(finishedGames(local).sort((a, b) => a - b));
      expect(await standings(join(dir, 'remote.sqlite'))).toEqual(await standings(join(dir, 'local.sqlite')));
    }
  }, 400_000);

  it('loses nothing when a worker is killed mid-game or the coordinator is killed and started again', async () => {
    const dir = tempDir('jury-cli-workers-kill-');
    // 1000 moves of 1 ms each per C bot: about a second per game, long enough to be killed in.
    const config = configFile(dir, event('Remote kills', { kind: 'round-robin' }, 1000));
    const db = join(dir, 'remote.sqlite');
    const w1 = await worker('k1');
    await worker('k2');
    const coordinator = start(['run', config, '--db', db, '--json', '--workers', queueUrl()]);
    const first = finished(coordinator);
    // Once a game is stored and the next ones are under way: kill a worker (its game is taken again
    // after the lock time), then the coordinator.
    await printed(coordinator, '"game-finished"');
    await new Promise((r) => setTimeout(r, 300));
    w1.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    coordinator.kill('SIGKILL');
    const killed = await first;
    expect(killed.signal).toBe('SIGKILL');
    // What the killed coordinator had stored (its last output line may be cut off).
    const before = storedGames(db);
    expect(before.length).toBeGreaterThan(0);
    await worker('k3');
    const again = await finished(start(['run', config, '--db', db, '--json', '--workers', queueUrl()]));
    expect(again.code, again.err).toBe(0);
    const after = finishedGames(again);
    // Every game stored once: none of the first run's games played again, none missing.
    expect(after.filter((i) => before.includes(i))).toEqual([]);
    const end = JSON.parse(again.out.trim().split('\n').at(-1) ?? '{}') as {
      finished: number;
      total: number;
    };
    expect(end.finished).toBe(end.total);
    expect(before.length + after.length).toBe(end.total);
    // The same standings as a local run of the same event.
    const local = await finished(start(['run', config, '--db', join(dir, 'local.sqlite'), '--json']));
    expect(local.code, local.err).toBe(0);
    expect(await standings(db)).toEqual(await standings(join(dir, 'local.sqlite')));
    // Every record names the worker that played it, with its speed factor.
    const store = TournamentStore.open(db, { readOnly: true });
    try {
      const workers = store.outcomes().map((o) => store.record(o.index)?.worker?.name);
      expect(workers.every((w) => w === 'k1' || w === 'k2' || w === 'k3')).toBe(true);
      expect(store.record(0)?.worker?.speedFactor).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 400_000);
});
