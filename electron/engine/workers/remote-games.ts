import { Queue, QueueEvents, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import { VouchedRecord } from '../record/vouched.ts';
import type { PlayedRecord } from '../tournament/outcome.ts';
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
  /**
   * The coordinator's speed benchmark time (ms), or what answers it when a job is queued (it may get
   * better during a run as the coordinator measures again; a job keeps the figure it was queued with).
   */
  readonly referenceMs: number | (() => number);
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
  /** This run's jobs that had failed when the queue was opened (an earlier run's): played again. */
  private failedBefore = new Set<string>();

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

  /** Hands the final position a worker answered with to the live board, before its game finishes here. */
  private finalPosition(game: ScheduledGame, result: unknown): void {
    const onEvent = this.opts.onEvent;
    const live = (result as { live?: unknown } | null)?.live;
    if (!onEvent || live === undefined || live === null) return;
    for (const event of progressEvents(gameModule(this.opts.config.game), live)) onEvent(game, event);
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
      const failed = await Promise.race([remote.queue.getRanges(['failed'], 0, -1), late]);
      remote.failedBefore = new Set(failed.filter((id) => id.startsWith(`${opts.run}-`)));
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
  async play(game: ScheduledGame, signal: AbortSignal): Promise<PlayedRecord> {
    const { opts } = this;
    const body = {
      v: JOB_VERSION,
      jury: JURY_VERSION,
      run: opts.run,
      tournament: opts.tournament,
      game,
      config: opts.config,
      bots: this.bots.filter((b) => game.seats.includes(b.id)),
      referenceMs: typeof opts.referenceMs === 'number' ? opts.referenceMs : opts.referenceMs(),
      factorRange: this.factorRange,
    } as const;
    let job: Job = await this.queue.add('game', signJob(body, opts.secret), {
      jobId: this.jobId(game.index),
      removeOnComplete: false,
      removeOnFail: false,
    });
    // A job that failed in an earlier run is played again, as a local game would be. Which ones those are
    // was read once when the queue was opened: asking the queue for every game cost the coordinator
    // about half a millisecond of CPU per game. (A job of an earlier run that fails after this one opened,
    // still played by a worker meanwhile, fails its game; the next run plays it again.)
    if (this.failedBefore.delete(this.jobId(game.index))) {
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
    // The runner finishes the game (its last live frame) once this answers: the board's final position
    // first. Progress comes at most every 250 ms and a fast game ends in between (issue 29).
    this.finalPosition(game, result);
    return record;
  }

  /**
   * The record a worker left in Redis (its job's result names the key, and carries the record's seal).
   * A record whose seal verifies (record/vouched.ts: the HMAC under the organiser's secret over the exact
   * bytes, their summary and this job's id; the summary answering this game) is answered as those bytes,
   * never decoded here: the worker checked it with the store's own check. Any other is refused, whatever
   * its bytes say: without a seal it did not come from a worker holding the secret (anyone with the
   * Redis password can answer a job), and a seal that does not verify means it was changed after the
   * worker checked it, or is another job's. A refused record's job and record are dropped, so that a
   * later run plays the game again, and its game fails saying why.
   */
  private async fetchRecord(game: ScheduledGame, result: unknown): Promise<VouchedRecord> {
    const { opts } = this;
    const answer = result as { record?: unknown; seal?: unknown } | null;
    const key = answer?.record;
    const bytes = typeof key === 'string' ? await this.redis.getBuffer(key) : null;
    const expected = { job: this.jobId(game.index), game: opts.config.game, scheduled: game };
    const vouched =
      bytes === null
        ? { refused: 'it is not in Redis' }
        : VouchedRecord.open(opts.secret, expected, bytes, answer?.seal);
    if (vouched instanceof VouchedRecord) return vouched;
    await this.forget(game.index);
    throw new Error(`game ${game.index + 1}: the worker's record is refused: ${vouched.refused}`);
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
