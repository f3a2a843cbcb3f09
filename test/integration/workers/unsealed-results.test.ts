import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { sealRecord } from '../../../electron/engine/record/vouched.ts';
import { summarize } from '../../../electron/engine/record/summary.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import {
  parseRedisUrl,
  queueConnection,
  redisOptions,
  type RedisTarget,
} from '../../../electron/engine/workers/connection.ts';
import type { GameJob } from '../../../electron/engine/workers/job.ts';
import { GAME_QUEUE, QUEUE_PREFIX, recordKey } from '../../../electron/engine/workers/names.ts';
import { refereeGame } from '../../bench/tournament/fixture.ts';
import { finished, JURY, type JuryResult } from '../cli/jury-process.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// The hostile fixture "unsealed result": a process on the LAN that holds the Redis password but not the
// organiser's secret takes the jobs of a real `jury run --workers` (on a real redis-server) and answers
// each with a fabricated record (a valid record of the game's seed, every score forged), first without a
// seal, then with a seal made under a guessed secret. Nothing of theirs may be stored: the coordinator
// refuses each and says why, and a real `jury worker` then plays the games.

const SECRET = 'the-organiser-secret-unsealed';
const PASSWORD = 'the-redis-password-of-the-lab';
const redis = new TestRedis(PASSWORD);
const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
let target: RedisTarget;
let forged: GameRecord;

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // bots run as another uid when Jury is root
  dirs.push(dir);
  return dir;
}

/** Starts `jury` as the organiser does: the secret and the Redis password in its environment. */
function jury(args: readonly string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [JURY, ...args], {
    env: { ...process.env, JURY_SECRET: SECRET, JURY_REDIS_PASSWORD: PASSWORD },
  });
  children.push(child);
  return child;
}

/** The queue's URL as the organiser gives it on a command line: without the password. */
const queueUrl = (): string => `redis://127.0.0.1:${redis.port}`;

/**
 * The forger: a BullMQ worker with the Redis password and no secret. It cannot verify a job's signature,
 * but it can read the job (its body is plain JSON) and answer it: the record of a real game, given the
 * job's seed, board and seats, with scores that say seat 0 won by 64.
 */
function forger(seal: 'none' | 'guessed', answered: number[]): Worker {
  const client = new Redis(redisOptions(target));
  const worker = new Worker(
    GAME_QUEUE,
    async (job) => {
      const body = JSON.parse((job.data as { body: string }).body) as GameJob;
      const id = job.id ?? '';
      const record: GameRecord = {
        ...forged,
        seed: body.game.seed,
        board: body.game.board ?? forged.board,
        scores: [64, 0],
        worker: { name: 'forger', host: 'lan', speedFactor: 1 },
      };
      const bytes = Buffer.from(JSON.stringify(record), 'utf8');
      await client.set(recordKey(id), bytes);
      answered.push(body.game.index);
      if (seal === 'none') return { record: recordKey(id) };
      const summary = {
        job: id,
        index: body.game.index,
        participants: body.game.seats,
        ...summarize(record),
      };
      return { record: recordKey(id), seal: sealRecord('a-guessed-organiser-secret', bytes, summary) };
    },
    { connection: queueConnection(target), prefix: QUEUE_PREFIX, concurrency: 4 },
  );
  worker.on('closed', () => client.disconnect());
  return worker;
}

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  forged = await refereeGame(4242);
  await redis.start();
  const parsed = parseRedisUrl(redis.url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  target = parsed;
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await redis.remove();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The games stored in `db`, each with the name of the worker its record says played it. */
function stored(db: string): { index: number; worker: string | undefined; scores: readonly number[] }[] {
  const store = TournamentStore.open(db, { readOnly: true });
  try {
    return store
      .outcomes()
      .map((o) => ({ index: o.index, worker: store.record(o.index)?.worker?.name, scores: o.scores }));
  } finally {
    store.close();
  }
}

/** `jury run --workers` of the event into `db`, with the forger of `seal` taking the jobs. */
async function runAgainstForger(
  config: string,
  db: string,
  seal: 'none' | 'guessed',
): Promise<{ r: JuryResult; answered: number[] }> {
  const answered: number[] = [];
  const worker = forger(seal, answered);
  await worker.waitUntilReady();
  try {
    const r = await finished(jury(['run', config, '--db', db, '--workers', queueUrl()]));
    return { r, answered };
  } finally {
    await worker.close();
  }
}

describe('hostile fixture: a worker with the Redis password but not the secret', () => {
  it('gets none of its fabricated records stored, unsealed or sealed wrongly; a real worker then plays', async () => {
    const dir = tempDir('jury-unsealed-');
    const config = join(dir, 'event.json');
    writeFileSync(
      config,
      JSON.stringify({
        format: 'jury-tournament',
        version: 1,
        name: 'Forged',
        game: '6561',
        seed: 5,
        schedule: { kind: 'round-robin' },
        bots: [
          { name: 'Greedy', sample: 'greedy' },
          { name: 'Random', sample: 'random' },
        ],
        timing: { mode: 'cpu' },
      }),
    );
    const db = join(dir, 'forged.sqlite');

    for (const seal of ['none', 'guessed'] as const) {
      const { r, answered } = await runAgainstForger(config, db, seal);
      // The forger did answer a job, and the run stopped on it, saying why; nothing was stored.
      expect(answered.length, r.err).toBeGreaterThan(0);
      expect(stored(db)).toEqual([]);
      expect(r.code, r.err).toBe(1);
      expect(r.err).toMatch(
        seal === 'none'
          ? /game \d+ could not be played: .*the worker's record is refused: it has no seal/
          : /game \d+ could not be played: .*the worker's record is refused: it does not match its seal/,
      );
      expect(r.err).not.toMatch(/\n\s+at /);
      expect(r.out).toMatch(/aborted: 0 of \d+ games stored/);
    }

    // A real worker, with the secret: the same command plays every game, none of them the forger's.
    const worker = jury([
      'worker',
      '--redis',
      queueUrl(),
      '--slots',
      '1',
      '--name',
      'real',
      '--cache',
      tempDir('jury-unsealed-cache-'),
    ]);
    await new Promise<void>((done, fail) => {
      let err = '';
      worker.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        if (err.includes('worker real on')) done();
      });
      worker.on('exit', () => fail(new Error(`the worker ended: ${err}`)));
    });
    const real = await finished(jury(['run', config, '--db', db, '--workers', queueUrl()]));
    expect(real.code, real.err).toBe(0);
    const games = stored(db);
    expect(games.length).toBeGreaterThan(0);
    expect(real.out).toContain(`finished: ${games.length} of ${games.length} games stored`);
    expect(games.every((g) => g.worker === 'real')).toBe(true);
  }, 240_000);
});
