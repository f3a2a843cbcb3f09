import { createHash } from 'node:crypto';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { PlayedRecord } from '../tournament/outcome.ts';
import type { RefereeEvent } from '../referee/options.ts';
import { storeFiles, type GamePlayer } from '../tournament/game-player.ts';
import type { PreparedRun } from '../tournament/prepare-run.ts';
import type { GameSlot, RunnerEvent } from '../tournament/runner.ts';
import type { RedisTarget } from './connection.ts';
import { describeBots } from './remote-bots.ts';
import { RemoteGames } from './remote-games.ts';
import { keepMeasuring, SpeedGauge } from './speed-gauge.ts';
import type { WorkerBeat } from './worker.ts';

/** How a run uses remote workers (`jury run --workers`, the app's setting). */
export interface RemoteRunOptions {
  readonly target: RedisTarget;
  readonly secret: string;
  /** Games this machine plays itself at once besides the workers' (0: workers only). */
  readonly localSlots: number;
  /** The folder relative bot paths start from. */
  readonly baseDir: string;
  /** Only workers whose speed factor is in this range play (null: any). */
  readonly factorRange?: readonly [number, number] | null;
  /**
   * This machine's speed gauge (the app keeps one and measures it at quiet moments itself). Absent: the
   * run makes its own, and measures it again every few minutes while it has no local slots.
   */
  readonly gauge?: SpeedGauge;
  /** Whether this machine plays no game now (other runs' local games): only then is it measured at open. */
  readonly quiet?: () => boolean;
  /** A fixed speed benchmark time instead of a gauge (tests, benches). */
  readonly benchmarkMs?: number;
  /** Sees the referee events of remote games (the app's live boards), as `GamePlayerOptions.onEvent`. */
  readonly onEvent?: (game: ScheduledGame, event: RefereeEvent) => void;
}

/** A run's games split between this machine's slots and the queue. */
export interface RemoteRun {
  /** The runner's `play`: the first `localSlots` slots play here, the others through the queue. */
  readonly play: (game: ScheduledGame, signal: AbortSignal, slot: GameSlot) => Promise<PlayedRecord>;
  /** The runner's events: a stored game's job is dropped from Redis. */
  readonly onRunnerEvent: (event: RunnerEvent) => void;
  /** Games at once now: the local slots and every beating worker's slots (at least one). */
  concurrency(): Promise<number>;
  workers(): Promise<WorkerBeat[]>;
  close(): Promise<void>;
}

/** The id of a tournament's run in the queue: the same store gives the same id after a restart. */
export function runId(prepared: PreparedRun): string {
  const info = prepared.store.info();
  return createHash('sha256')
    .update(`${info.path}\0${info.createdAt}\0${info.seed}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Opens the queue for a prepared run: every program put in Redis by hash, the coordinator's speed
 * measured (when this machine is quiet: before the run's first job), and a `play` that routes each game by
 * its slot. Each job carries the coordinator's reference as it stands when the job is queued (the fastest
 * of the gauge's latest measurements, so one busy moment does not decide it), and a worker's record
 * states it. The store stays this process's alone.
 */
export async function openRemoteRun(
  prepared: PreparedRun,
  localPlay: GamePlayer,
  opts: RemoteRunOptions,
): Promise<RemoteRun> {
  const gauge =
    opts.gauge ?? (opts.benchmarkMs === undefined ? new SpeedGauge() : SpeedGauge.fixed(opts.benchmarkMs));
  if (opts.quiet?.() ?? true) gauge.measure();
  const referenceMs = (): number => gauge.current().benchmarkMs;
  const remote = await RemoteGames.open({
    target: opts.target,
    secret: opts.secret,
    run: runId(prepared),
    tournament: prepared.config.name,
    config: prepared.config,
    bots: [],
    referenceMs,
    ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
  });
  try {
    const hidden = storeFiles(prepared.store.path);
    const bots = await describeBots(prepared.config, opts.baseDir, prepared.bots, remote.programs, hidden);
    remote.setBots(bots, opts.factorRange ?? null);
  } catch (e) {
    await remote.close();
    throw e;
  }
  const local = opts.localSlots;
  // A run with its own gauge (`jury run --workers`) measures again while it plays nothing here.
  const stopMeasuring = opts.gauge ? () => {} : keepMeasuring(gauge, () => local === 0);
  return {
    play: (game, signal, slot) =>
      slot.slot < local
        ? localPlay(game, signal, { slot: slot.slot, concurrency: local })
        : remote.play(game, signal),
    onRunnerEvent: (event) => {
      if (event.kind === 'game-finished') void remote.forget(event.game.index);
    },
    async concurrency() {
      const beats = await remote.workers();
      return Math.max(1, local + beats.reduce((n, b) => n + b.slots, 0));
    },
    workers: () => remote.workers(),
    close: () => {
      stopMeasuring();
      return remote.close();
    },
  };
}

/**
 * Keeps a runner's games at once equal to the local slots plus the slots of the workers beating now,
 * checked every `everyMs`, so that workers joining or leaving mid-run are used or no longer waited for.
 * Answers a function that stops following.
 */
export function followWorkers(
  remote: RemoteRun,
  setConcurrency: (n: number) => void,
  everyMs = 2000,
): () => void {
  let last = -1;
  const timer = setInterval(() => {
    void remote
      .concurrency()
      .then((n) => {
        if (n !== last) setConcurrency(n);
        last = n;
      })
      .catch(() => {}); // Redis away for a moment: keep the last figure
  }, everyMs);
  return () => clearInterval(timer);
}
