import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { availableParallelism, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { Launcher } from '../play-match.ts';
import type { GameRecord } from '../record/schema.ts';
import { gameModule } from '../../../shared/games/registry.ts';
import { gamePlayer } from '../tournament/game-player.ts';
import { ProgressRelay, type FinalPosition, type GameProgress } from './live-relay.ts';
import { JURY_VERSION } from '../version.ts';
import { queueConnection, redisOptions, type RedisTarget } from './connection.ts';
import { TreeCache } from './file-tree.ts';
import { openJob, type GameJob } from './job.ts';
import {
  GAME_QUEUE,
  HEARTBEAT_MS,
  HEARTBEAT_TTL_S,
  QUEUE_PREFIX,
  RECORD_TTL_S,
  recordKey,
  workerKey,
} from './names.ts';
import { checkAndSeal, type JobResult } from './record-seal.ts';
import { RemoteBots } from './remote-bots.ts';
import { MEASURE_EVERY_MS, SpeedGauge } from './speed-gauge.ts';
import { scaledConfig, speedFactor } from './speed.ts';

/** What a worker is started with (`jury worker`). */
export interface JuryWorkerOptions {
  readonly target: RedisTarget;
  /** The organiser's secret: jobs not signed with it are refused. */
  readonly secret: string;
  readonly slots: number;
  readonly name: string;
  /** Where fetched programs and their builds are kept between games and runs. */
  readonly cacheDir: string;
  readonly launcher: Launcher;
  /** One line per thing worth telling the person at the worker. */
  readonly log: (line: string) => void;
  /** How long a game's lock lasts without renewal: a dead worker's games are taken again after it (ms). */
  readonly lockMs?: number;
  /** A fixed speed benchmark time instead of measuring (tests, benches). */
  readonly benchmarkMs?: number;
  /** One speed measurement (ms), instead of the CPU benchmark (tests). */
  readonly benchmark?: () => number;
  /** How old its latest speed measurement may get before an idle moment measures again (ms; 5 minutes). */
  readonly measureEveryMs?: number;
  /**
   * For `npm run bench` only: answers a job's record without playing it (the queue and the coordinator
   * are what is measured there, not the judge). Absent: every game is played.
   */
  readonly simulate?: (job: GameJob) => Promise<GameRecord>;
}

/** What a worker tells the coordinator about itself, every {@link HEARTBEAT_MS}. */
export interface WorkerBeat {
  readonly name: string;
  readonly host: string;
  readonly slots: number;
  readonly running: number;
  /**
   * Its speed benchmark's time (ms): the fastest of its latest measurements. The factor against a
   * coordinator is this over the coordinator's.
   */
  readonly benchmarkMs: number;
  /** When it last measured its speed (ISO 8601). A heartbeat of an older Jury has none. */
  readonly measuredAt?: string;
  readonly jury: string;
  readonly startedAt: string;
  readonly lastSeen: string;
  /** Why it hands jobs back (a wrong secret, another Jury version, a speed factor out of range), or null. */
  readonly problem: string | null;
}

/**
 * A remote worker: takes game jobs from the queue, `slots` at a time, and plays each with Jury's own
 * judge and confinement ({@link gamePlayer}), its bots fetched by hash, every time budget scaled by its
 * speed factor; answers the full game record. Its speed is measured when it is made, before the first
 * game of each run it takes, and every few minutes while it is idle, never while one of its games runs;
 * the fastest of its latest measurements counts, and a game keeps the factor it started with. A job it must not play (not signed with its secret, made by
 * another Jury version, for another speed range) goes back to the queue for another worker, and the
 * reason shows in its heartbeat. Its games are pinned to cores as a run's slots are.
 */
export class JuryWorker {
  private readonly opts: JuryWorkerOptions;
  private readonly redis: Redis;
  private readonly bots: RemoteBots;
  private readonly gauge: SpeedGauge;
  /** The runs it has taken a game of: before the first game of another, it measures its speed again. */
  private readonly runsSeen = new Set<string>();
  private readonly startedAt = new Date().toISOString();
  private readonly slotsTaken = new Set<number>();
  private readonly aborts = new Set<AbortController>();
  private worker: Worker | null = null;
  private beat: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;
  private problem: string | null = null;

  constructor(options: JuryWorkerOptions) {
    this.opts = options;
    this.redis = new Redis(redisOptions(options.target));
    this.redis.on('error', () => {}); // reconnects by itself; the BullMQ worker reports lasting trouble
    // Absolute: a bot's folder here is its working folder and what its sandbox shows.
    const cacheDir = resolve(options.cacheDir);
    const cache = new TreeCache(join(cacheDir, 'programs'));
    this.bots = new RemoteBots(this.redis, cache, join(cacheDir, 'builds'));
    const fixed = options.benchmarkMs;
    this.gauge = new SpeedGauge(
      fixed === undefined
        ? options.benchmark
          ? { benchmark: options.benchmark }
          : {}
        : { benchmark: () => fixed },
    );
    this.gauge.measure();
  }

  /** Its speed now: the fastest of its latest measurements, and when it last measured. */
  speed(): { readonly benchmarkMs: number; readonly measuredAt: string } {
    return this.gauge.current();
  }

  /**
   * Measures its speed again when none of its games is running (a measurement would slow them, and
   * they it), and says so when the figure that counts changed.
   */
  private measureIfIdle(why: string): void {
    if (this.slotsTaken.size > 0) return;
    const before = this.gauge.current().benchmarkMs;
    const now = this.gauge.measure();
    if (now.benchmarkMs !== before) {
      this.opts.log(
        `speed benchmark ${now.benchmarkMs.toFixed(1)} ms (${why}; the fastest of ${now.measurements} measurements)`,
      );
    }
  }

  /** Starts taking jobs and beating. */
  async start(): Promise<void> {
    const lockDuration = this.opts.lockMs ?? 30_000;
    this.worker = new Worker(GAME_QUEUE, (job, token) => this.play(job, token), {
      connection: queueConnection(this.opts.target),
      prefix: QUEUE_PREFIX,
      concurrency: this.opts.slots,
      lockDuration,
      stalledInterval: Math.max(1000, Math.round(lockDuration / 2)),
      // A game lost with its worker is played again from the start; only a game that kills every
      // worker that takes it gives up.
      maxStalledCount: 5,
    });
    this.worker.on('error', (e) => this.opts.log(`queue: ${e.message}`));
    await this.worker.waitUntilReady();
    await this.heartbeat();
    this.beat = setInterval(() => void this.heartbeat().catch(() => {}), HEARTBEAT_MS);
    this.opts.log(
      `worker ${this.opts.name} on ${this.opts.target.shown}: ${this.opts.slots} slot(s), speed benchmark ${this.speed().benchmarkMs.toFixed(1)} ms`,
    );
  }

  /** Stops taking jobs and lets the running games finish (or, with `now`, aborts them); then leaves. */
  close(now = false): Promise<void> {
    if (now) for (const a of this.aborts) a.abort();
    this.closing ??= (async () => {
      await this.worker?.close(now);
      if (this.beat) clearInterval(this.beat);
      await this.redis.del(workerKey(this.opts.name)).catch(() => 0);
      this.redis.disconnect();
    })();
    return this.closing;
  }

  /**
   * Puts a job this worker must not play back in the queue (a moment later, for another worker), notes
   * why in its heartbeat for the coordinator to show, and says so once.
   */
  private async handBack(job: Job, token: string | undefined, why: string): Promise<never> {
    if (this.problem !== why) this.opts.log(`not playing games of this queue: ${why}`);
    this.problem = why;
    await job.moveToDelayed(Date.now() + 2000, token);
    throw new DelayedError();
  }

  private async heartbeat(): Promise<void> {
    if (this.gauge.ageMs() >= (this.opts.measureEveryMs ?? MEASURE_EVERY_MS))
      this.measureIfIdle('while idle');
    const speed = this.speed();
    const beat: WorkerBeat = {
      name: this.opts.name,
      host: hostname(),
      slots: this.opts.slots,
      running: this.slotsTaken.size,
      benchmarkMs: speed.benchmarkMs,
      measuredAt: speed.measuredAt,
      jury: JURY_VERSION,
      startedAt: this.startedAt,
      lastSeen: new Date().toISOString(),
      problem: this.problem,
    };
    await this.redis.set(workerKey(this.opts.name), JSON.stringify(beat), 'EX', HEARTBEAT_TTL_S);
  }

  /**
   * Plays a job's game and leaves its record in Redis ({@link recordKey}); answers where, with the
   * record's seal (record-seal.ts). A record that fails the store's full check here fails the job with
   * the check's words: the coordinator takes no record without a seal, and says why the game failed.
   */
  private async play(job: Job, token: string | undefined): Promise<JobResult & FinalPosition> {
    const { opened, record, live = null } = await this.playJob(job, token);
    const id = job.id ?? '';
    const sealed = checkAndSeal(this.opts.secret, id, opened, record);
    if ('problem' in sealed) {
      const why = `the worker's check refused its record: ${sealed.problem}`;
      this.opts.log(`${opened.tournament}: game ${opened.game.index + 1}: ${why}`);
      throw new UnrecoverableError(why);
    }
    const key = recordKey(id);
    await this.redis.set(key, sealed.bytes, 'EX', RECORD_TTL_S);
    return { record: key, seal: sealed.seal, live };
  }

  private async playJob(
    job: Job,
    token: string | undefined,
  ): Promise<{ readonly opened: GameJob; readonly record: GameRecord; readonly live?: GameProgress | null }> {
    const opened = openJob(job.data, this.opts.secret);
    if ('refused' in opened) {
      // A wrong secret is this worker's set-up, not the job: back to the queue for the others.
      if (opened.fault === 'secret') return this.handBack(job, token, opened.refused);
      throw new UnrecoverableError(opened.refused);
    }
    if (opened.jury !== JURY_VERSION) {
      return this.handBack(job, token, `it runs Jury ${JURY_VERSION}, the coordinator Jury ${opened.jury}`);
    }
    if (!this.runsSeen.has(opened.run)) {
      this.runsSeen.add(opened.run);
      this.measureIfIdle(`before the first game of ${opened.tournament}`);
    }
    // The factor is fixed here for the whole game: a later measurement changes only later games.
    const benchmarkMs = this.speed().benchmarkMs;
    const factor = speedFactor(benchmarkMs, opened.referenceMs);
    const range = opened.factorRange;
    if (range && (factor < range[0] || factor > range[1])) {
      return this.handBack(
        job,
        token,
        `its speed factor ${factor} is outside the tournament's ${range[0]}–${range[1]}`,
      );
    }
    this.problem = null;
    if (this.opts.simulate) return { opened, record: await this.opts.simulate(opened) };
    const config = scaledConfig(opened.config, factor);
    const bots = await this.bots.ready(config.game, opened.bots);
    let slot = 0;
    while (this.slotsTaken.has(slot)) slot++;
    this.slotsTaken.add(slot);
    const abort = new AbortController();
    this.aborts.add(abort);
    // The live board of this game on the coordinator: its moves, a few times a second.
    const relay = new ProgressRelay(gameModule(config.game), (p) => job.updateProgress(p));
    try {
      const player = gamePlayer(config, bots, this.opts.launcher, {
        cores: availableParallelism(),
        onEvent: (_, event) => relay.push(event),
      });
      const record = await player(opened.game, abort.signal, { slot, concurrency: this.opts.slots });
      this.opts.log(`${opened.tournament}: game ${opened.game.index + 1} played (${record.end.kind})`);
      const worker = {
        name: this.opts.name,
        host: hostname(),
        speedFactor: factor,
        benchmarkMs,
        referenceMs: opened.referenceMs,
      };
      return { opened, record: { ...record, worker }, live: relay.finish() };
    } finally {
      relay.stop();
      this.slotsTaken.delete(slot);
      this.aborts.delete(abort);
    }
  }
}
