import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import { RECORD_FORMAT, type GameRecord } from '../record/schema.ts';
import { parseRecordText } from '../record/source-text.ts';
import type { RefereeEvent } from '../referee/options.ts';
import { progressEvents } from './live-relay.ts';
import type { TournamentConfig } from '../tournament/config.ts';
import { JURY_VERSION } from '../version.ts';
import { queueConnection, redisOptions, type RedisTarget } from './connection.ts';
import { JOB_VERSION, signJob } from './job.ts';
import { GAME_QUEUE, QUEUE_PREFIX, recordKey, WORKER_KEYS } from './names.ts';
import type { RemoteBot } from './remote-bots.ts';
import type { WorkerBeat } from './worker.ts';

/** What the coordinator's side of the queue is opened with. */
export interface RemoteGamesOptions {
  readonly target: RedisTarget;
  readonly secret: string;
  /** The run's id (the tournament store's): a game's job id is this and its index, so it is queued once. */
  readonly run: string;
  readonly tournament: string;
  readonly config: TournamentConfig;
  readonly bots: readonly RemoteBot[];
  /** The coordinator's speed benchmark time (ms). */
  readonly referenceMs: number;
  readonly factorRange?: readonly [number, number] | null;
  /** Sees the referee events of remote games as they come (a few times a second), as a local game's. */
  readonly onEvent?: (game: ScheduledGame, event: RefereeEvent) => void;
}

/**
 * The coordinator's side of the queue: plays a scheduled game by queueing it as a signed job (one job
 * per game: its id is the run and the game's index, so a game queued again after a coordinator restart
 * is the same job, and a result that came in meanwhile is taken at once) and waiting for a worker's
 * record (left in Redis beside the job), checked for the game asked for. The store stays the coordinator's
 * alone; a job is removed once its game is stored ({@link RemoteGames.forget}).
 */
export class RemoteGames {
  private readonly opts: RemoteGamesOptions;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly redis: Redis;
  private bots: readonly RemoteBot[];
  private factorRange: readonly [number, number] | null;
  /** The games waited for, by job id. */
  private readonly running = new Map<string, ScheduledGame>();

  private constructor(opts: RemoteGamesOptions) {
    this.opts = opts;
    this.bots = opts.bots;
    this.factorRange = opts.factorRange ?? null;
    const connection = queueConnection(opts.target);
    this.queue = new Queue(GAME_QUEUE, { connection, prefix: QUEUE_PREFIX });
    this.events = new QueueEvents(GAME_QUEUE, { connection, prefix: QUEUE_PREFIX });
    this.redis = new Redis(redisOptions(opts.target));
    // Each reconnects by itself (a Redis restart is waited out); waiting callers see lasting trouble.
    this.queue.on('error', () => {});
    this.events.on('error', () => {});
    this.redis.on('error', () => {});
    const onEvent = opts.onEvent;
    if (onEvent) {
      const module = gameModule(opts.config.game);
      this.events.on('progress', ({ jobId, data }) => {
        const game = this.running.get(jobId);
        if (game) for (const event of progressEvents(module, data)) onEvent(game, event);
      });
    }
  }

  /** Opens the queue; throws with a clear message when Redis cannot be reached within `waitMs`. */
  static async open(opts: RemoteGamesOptions, waitMs = 10_000): Promise<RemoteGames> {
    const remote = new RemoteGames(opts);
    const ready = Promise.all([
      remote.queue.waitUntilReady(),
      remote.events.waitUntilReady(),
      remote.redis.ping(),
    ]);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`Redis at ${opts.target.shown} does not answer`)), waitMs);
    });
    try {
      await Promise.race([ready, late]);
    } catch (e) {
      await remote.close();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return remote;
  }

  /** The connection Jury's own keys (programs, heartbeats) go through. */
  get programs(): Redis {
    return this.redis;
  }

  /** Names the run's bots (once their programs are in Redis) and the speed range of its jobs. */
  setBots(bots: readonly RemoteBot[], factorRange: readonly [number, number] | null): void {
    this.bots = bots;
    this.factorRange = factorRange;
  }

  /** The job id of a game of this run. */
  jobId(index: number): string {
    return `${this.opts.run}-${index}`;
  }

  /** Queues `game` (or finds it queued) and answers its record once a worker has played it. */
  async play(game: ScheduledGame, signal: AbortSignal): Promise<GameRecord> {
    const { opts } = this;
    const body = {
      v: JOB_VERSION,
      jury: JURY_VERSION,
      run: opts.run,
      tournament: opts.tournament,
      game,
      config: opts.config,
      bots: this.bots.filter((b) => game.seats.includes(b.id)),
      referenceMs: opts.referenceMs,
      factorRange: this.factorRange,
    } as const;
    let job: Job = await this.queue.add('game', signJob(body, opts.secret), {
      jobId: this.jobId(game.index),
      removeOnComplete: false,
      removeOnFail: false,
    });
    // A job that failed in an earlier run is played again, as a local game would be.
    if (await job.isFailed()) {
      await job.retry('failed');
      job = (await this.queue.getJob(job.id ?? '')) ?? job;
    }
    const abandoned = new Promise<never>((_, fail) => {
      const stop = (): void => fail(new Error('aborted'));
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
    });
    const id = this.jobId(game.index);
    this.running.set(id, game);
    let result: unknown;
    try {
      result = await Promise.race([job.waitUntilFinished(this.events), abandoned]);
    } finally {
      this.running.delete(id);
    }
    const record = await this.fetchRecord(game, result);
    if (record.game !== opts.config.game || record.seed !== game.seed) {
      throw new Error(`game ${game.index + 1}: the worker's record is of another game`);
    }
    return record;
  }

  /**
   * The record a worker left in Redis (its job's result names the key). Only its shape is checked here:
   * the store checks every record in full before it keeps it, and refuses the game otherwise.
   */
  private async fetchRecord(game: ScheduledGame, result: unknown): Promise<GameRecord> {
    const key = (result as { record?: unknown } | null)?.record;
    const text = typeof key === 'string' ? await this.redis.get(key) : null;
    if (text === null) throw new Error(`game ${game.index + 1}: the worker's record is not in Redis`);
    // Parsed once; the store keeps this text if its full check leaves the record as it was read.
    const record = parseRecordText(text) as GameRecord;
    if (record?.format !== RECORD_FORMAT || !Array.isArray(record.seats) || !Array.isArray(record.scores)) {
      throw new Error(`game ${game.index + 1}: the worker's record is not a game record`);
    }
    return record;
  }

  /** Drops a stored game's job and its record (which now live in the store). */
  async forget(index: number): Promise<void> {
    const id = this.jobId(index);
    await Promise.allSettled([this.queue.remove(id), this.redis.del(recordKey(id))]);
  }

  /** The workers that beat within the last few seconds. */
  async workers(): Promise<WorkerBeat[]> {
    const keys = await this.redis.keys(WORKER_KEYS);
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values.flatMap((v) => {
      try {
        return v === null ? [] : [JSON.parse(v) as WorkerBeat];
      } catch {
        return [];
      }
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.queue.close(), this.events.close()]);
    this.redis.disconnect();
  }
}
