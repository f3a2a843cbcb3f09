import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';
import { VouchedRecord } from '../../../electron/engine/record/vouched.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import type { TournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { outcomeOf } from '../../../electron/engine/tournament/outcome.ts';
import {
  parseRedisUrl,
  queueConnection,
  redisOptions,
  type RedisTarget,
} from '../../../electron/engine/workers/connection.ts';
import { openJob } from '../../../electron/engine/workers/job.ts';
import { GAME_QUEUE, QUEUE_PREFIX, recordKey } from '../../../electron/engine/workers/names.ts';
import { checkAndSeal } from '../../../electron/engine/workers/record-seal.ts';
import { RemoteGames } from '../../../electron/engine/workers/remote-games.ts';
import { JuryWorker } from '../../../electron/engine/workers/worker.ts';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import { refereeGame } from '../../bench/tournament/fixture.ts';
import { sampleParticipants } from '../store/samples.ts';
import { REDIS_MISSING, TestRedis } from '../../helpers/redis-server.ts';

// The coordinator's side of sealed records, through BullMQ on a real redis-server, against a worker of
// this test's own that answers each job as told: honestly, with one byte of the record changed after
// sealing, with a record sealed for another job, or with no seal at all. Only the honest one is taken,
// byte for byte. A record a real worker's own check refuses fails its game with the check's words.

const SECRET = 'organiser-secret-sealed';
const RUN = 'sealrun';
const redis = new TestRedis();
let target: RedisTarget;
let real: GameRecord;
let remote: RemoteGames;
let worker: Worker;
let client: Redis;
const dirs: string[] = [];
/** How the test's worker answers game `index`. */
const mode = new Map<number, 'honest' | 'tampered' | 'moved' | 'unsealed'>();

const config = { name: 'Cup', game: '6561' } as unknown as TournamentConfig;
const game = (index: number): ScheduledGame => ({
  index,
  stage: 'main',
  round: 1,
  seats: ['p0', 'p1'],
  seed: real.seed,
  board: null,
  match: `m${index}`,
});

beforeAll(async () => {
  if (REDIS_MISSING) throw new Error(REDIS_MISSING);
  real = await refereeGame(7919);
  await redis.start();
  const parsed = parseRedisUrl(redis.url);
  if ('problem' in parsed) throw new Error(parsed.problem);
  target = parsed;
  client = new Redis(redisOptions(target));
  worker = new Worker(
    GAME_QUEUE,
    async (job) => {
      const opened = openJob(job.data, SECRET);
      if ('refused' in opened) throw new Error(opened.refused);
      const id = job.id ?? '';
      const how = mode.get(opened.game.index) ?? 'honest';
      const sealedFor = how === 'moved' ? `${RUN}-99` : id;
      const sealed = checkAndSeal(SECRET, sealedFor, opened, { ...real, seed: opened.game.seed });
      if ('problem' in sealed) throw new Error(sealed.problem);
      const { bytes, seal } = sealed;
      // One byte of the packed record changed after sealing.
      if (how === 'tampered') bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
      await client.set(recordKey(id), bytes);
      return how === 'unsealed' ? { record: recordKey(id) } : { record: recordKey(id), seal };
    },
    { connection: queueConnection(target), prefix: QUEUE_PREFIX, concurrency: 2 },
  );
  await worker.waitUntilReady();
  remote = await RemoteGames.open({
    target,
    secret: SECRET,
    run: RUN,
    tournament: 'Cup',
    config,
    bots: [],
    referenceMs: 40,
  });
}, 60_000);

afterAll(async () => {
  await remote?.close();
  await worker?.close();
  client?.disconnect();
  await redis.remove();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function jobGone(index: number): Promise<boolean> {
  const queue = new Queue(GAME_QUEUE, { connection: queueConnection(target), prefix: QUEUE_PREFIX });
  try {
    const job = await queue.getJob(`${RUN}-${index}`);
    return job === undefined && (await client.exists(recordKey(`${RUN}-${index}`))) === 0;
  } finally {
    await queue.close();
  }
}

describe('sealed records through the queue', () => {
  it('takes an honest worker’s sealed record as its bytes, and the store keeps them byte for byte', async () => {
    mode.set(0, 'honest');
    const played = await remote.play(game(0), new AbortController().signal);
    expect(played).toBeInstanceOf(VouchedRecord);
    const bytes = (played as VouchedRecord).bytes;
    expect(Buffer.compare(Buffer.from(bytes), (await client.getBuffer(recordKey(`${RUN}-0`)))!)).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), 'jury-sealed-'));
    dirs.push(dir);
    const store = TournamentStore.create(join(dir, 't.sqlite'), {
      seed: 1,
      participants: sampleParticipants(2),
    });
    try {
      store.addScheduled([game(0)]);
      store.finishGame(0, outcomeOf(game(0), played), played);
      const db = new DatabaseSync(store.path, { readOnly: true });
      try {
        const row = db.prepare('SELECT record, packed FROM records WHERE idx = 0').get();
        expect(row?.['record']).toBe('');
        expect(Buffer.compare(Buffer.from(row?.['packed'] as Uint8Array), Buffer.from(bytes))).toBe(0);
      } finally {
        db.close();
      }
      expect(store.record(0)?.moves).toEqual(real.moves);
      expect(store.outcomes()[0]?.scores).toEqual(real.scores);
    } finally {
      store.close();
    }
  }, 30_000);

  it('refuses a record changed by one byte after sealing, and drops its job to play it again', async () => {
    mode.set(1, 'tampered');
    await expect(remote.play(game(1), new AbortController().signal)).rejects.toThrow(
      /game 2: the worker's record is refused: it does not match its seal/,
    );
    expect(await jobGone(1)).toBe(true);
  }, 30_000);

  it('refuses a record sealed for another job', async () => {
    mode.set(2, 'moved');
    await expect(remote.play(game(2), new AbortController().signal)).rejects.toThrow(
      /game 3: the worker's record is refused: it does not match its seal/,
    );
    expect(await jobGone(2)).toBe(true);
  }, 30_000);

  it('refuses a valid record without a seal, and drops its job to play it again', async () => {
    mode.set(3, 'unsealed');
    await expect(remote.play(game(3), new AbortController().signal)).rejects.toThrow(
      /game 4: the worker's record is refused: it has no seal/,
    );
    expect(await jobGone(3)).toBe(true);
  }, 30_000);

  it('fails the game with the words of a real worker’s check when its record fails it', async () => {
    await worker.close();
    const broken = { ...real, seats: real.seats.map((s) => ({ ...s, status: 'LOST' })) } as unknown;
    const lines: string[] = [];
    const cacheDir = mkdtempSync(join(tmpdir(), 'jury-sealed-cache-'));
    dirs.push(cacheDir);
    const jury = new JuryWorker({
      target,
      secret: SECRET,
      slots: 1,
      name: 'checker',
      cacheDir,
      launcher: processLauncher(),
      log: (line) => lines.push(line),
      benchmarkMs: 40,
      simulate: (job) => Promise.resolve({ ...(broken as GameRecord), seed: job.game.seed }),
    });
    await jury.start();
    try {
      await expect(remote.play(game(4), new AbortController().signal)).rejects.toThrow(
        /the worker's check refused its record: game 4: record: .*status/,
      );
      expect(lines.join('\n')).toContain("game 5: the worker's check refused its record");
      expect(await client.exists(recordKey(`${RUN}-4`))).toBe(0);
    } finally {
      await jury.close();
    }
  }, 30_000);
});
