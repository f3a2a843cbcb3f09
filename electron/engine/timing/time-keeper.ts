import type { TimeControl } from '../../../shared/games/types.ts';
import { chargesWallClock, type TimingMode } from '../../../shared/timing/modes.ts';

/**
 * How thinking time is charged (the modes are listed in shared/timing/modes.ts):
 * - `official`: wall time from writing the prompt to reading the full reply, as the CodeCup server does
 *   (the referee suspends every other bot of the game meanwhile, so they cannot steal the CPU);
 * - `cpu`: the CPU time the bot's process used meanwhile, for busy machines. A wall-time cap
 *   (`wallCapFactor` × the remaining budget, plus `wallSlackUs`) still catches bots that sleep forever.
 */
export type { TimingMode };

/** The time sources a {@link TimeKeeper} reads: injected, so tests can drive it with made-up numbers. */
export interface TimeSource {
  /** A monotonic wall clock in microseconds. */
  wallUs(): number;
  /** The CPU time in microseconds that `seat`'s process has used so far (0 where it cannot be read). */
  cpuUs(seat: number): number;
}

/** The time of one reply: wall and CPU time in microseconds, what was charged, and whether it was too late. */
export interface MoveTime {
  readonly wallUs: number;
  readonly cpuUs: number;
  readonly chargedUs: number;
  /** The budget (game-total) or the deadline (per-move) was exceeded by this reply. */
  readonly late: boolean;
}

/** Options of a {@link TimeKeeper}. */
export interface TimeKeeperOptions {
  readonly control: TimeControl;
  readonly mode: TimingMode;
  readonly seats: number;
  readonly source: TimeSource;
  /** In `cpu` mode, how many times the remaining CPU budget may pass on the wall clock (default 3). */
  readonly wallCapFactor?: number;
  /** In `cpu` mode, wall time allowed on top of that (default 1 s), for start-up and I/O. */
  readonly wallSlackUs?: number;
  /**
   * Per-move games: extra time for each program's first reply (default 2 s), because starting a process
   * (a JVM, Node, Python) takes longer than Flit's 50 ms and is no part of thinking about a move.
   */
  readonly startupAllowanceUs?: number;
}

/**
 * The judge's time accounting for one game: a small pure class that knows nothing of processes. The
 * referee calls {@link TimeKeeper.start} right after writing a prompt and {@link TimeKeeper.stop} when the
 * reply line is complete, and asks {@link TimeKeeper.waitLimitUs} how long it may wait for that reply.
 * A caller must pair every start with one stop (or {@link TimeKeeper.abandon}) before starting again.
 */
export class TimeKeeper {
  private readonly opts: TimeKeeperOptions;
  private readonly used: number[];
  private readonly wallTotals: number[];
  private readonly cpuTotals: number[];
  private running: { seat: number; wall0: number; cpu0: number; limitUs: number } | null = null;
  private readonly replied: boolean[];

  constructor(options: TimeKeeperOptions) {
    this.opts = options;
    this.used = new Array<number>(options.seats).fill(0);
    this.wallTotals = new Array<number>(options.seats).fill(0);
    this.cpuTotals = new Array<number>(options.seats).fill(0);
    this.replied = new Array<boolean>(options.seats).fill(false);
  }

  /** The game's whole budget per program in microseconds, or the per-move deadline. */
  get limitUs(): number {
    const c = this.opts.control;
    return (c.kind === 'game-total' ? c.budgetMs : c.deadlineMs) * 1000;
  }

  /**
   * Starts `seat`'s clock now, or at `fromWallUs` when the program goes on thinking without a new prompt
   * (Less's rush: its next line is timed from its previous one). Throws if another clock is running (a
   * referee bug, not a bot's fault).
   */
  start(seat: number, fromWallUs?: number): void {
    if (this.running) throw new Error(`TimeKeeper: seat ${this.running.seat}'s clock is still running`);
    const first = this.opts.control.kind === 'per-move' && !this.replied[seat];
    const limitUs = this.limitUs + (first ? (this.opts.startupAllowanceUs ?? 2_000_000) : 0);
    // The CPU time first: the bot is waiting for its prompt, so it does not change, and reading it
    // (two /proc reads) after the wall clock would charge the bot for the judge's own work.
    const cpu0 = this.opts.source.cpuUs(seat);
    this.running = { seat, wall0: fromWallUs ?? this.opts.source.wallUs(), cpu0, limitUs };
  }

  /**
   * Stops the running clock, charges the reply and returns its times. Pass `endWallUs`, the moment the
   * reply's newline arrived, so that the judge's own delay in handling it is never charged to the bot.
   */
  stop(endWallUs?: number): MoveTime {
    const r = this.take();
    this.replied[r.seat] = true;
    const wallUs = Math.max(0, (endWallUs ?? this.opts.source.wallUs()) - r.wall0);
    const cpuUs = Math.max(0, this.opts.source.cpuUs(r.seat) - r.cpu0);
    const chargedUs =
      chargesWallClock(this.opts.mode) || this.opts.control.kind === 'per-move' ? wallUs : cpuUs;
    this.wallTotals[r.seat] = (this.wallTotals[r.seat] ?? 0) + wallUs;
    this.cpuTotals[r.seat] = (this.cpuTotals[r.seat] ?? 0) + cpuUs;
    this.used[r.seat] = (this.used[r.seat] ?? 0) + chargedUs;
    if (this.opts.control.kind === 'per-move') {
      return { wallUs, cpuUs, chargedUs, late: chargedUs > r.limitUs };
    }
    return { wallUs, cpuUs, chargedUs, late: (this.used[r.seat] ?? 0) > this.limitUs };
  }

  /** Stops the running clock without charging anything (the bot failed in another way meanwhile). */
  abandon(): void {
    this.take();
  }

  /**
   * How long, in wall microseconds from now, the referee may wait for the running seat's reply before it
   * must call {@link TimeKeeper.isOverdue}: exactly the remaining time in official mode and per move; in
   * cpu mode the time until the remaining CPU budget could first be used up (then check again), bounded
   * by the wall cap. Never negative.
   */
  waitLimitUs(): number {
    const r = this.current();
    const elapsedWall = this.opts.source.wallUs() - r.wall0;
    if (this.opts.control.kind === 'per-move') return Math.max(0, r.limitUs - elapsedWall);
    const remaining = this.remainingUs(r.seat);
    if (chargesWallClock(this.opts.mode)) return Math.max(0, remaining - elapsedWall);
    const cpuSoFar = this.opts.source.cpuUs(r.seat) - r.cpu0;
    const capLeft = this.wallCapUs(remaining) - elapsedWall;
    return Math.max(0, Math.min(remaining - cpuSoFar, capLeft));
  }

  /** Whether the running seat has used up its time (or, in cpu mode, its wall cap) already. */
  isOverdue(): boolean {
    const r = this.current();
    const elapsedWall = this.opts.source.wallUs() - r.wall0;
    if (this.opts.control.kind === 'per-move') return elapsedWall > r.limitUs;
    const remaining = this.remainingUs(r.seat);
    if (chargesWallClock(this.opts.mode)) return elapsedWall > remaining;
    const cpuSoFar = this.opts.source.cpuUs(r.seat) - r.cpu0;
    return cpuSoFar > remaining || elapsedWall > this.wallCapUs(remaining);
  }

  /** The time `seat` has left of its game budget (per-move games: the full deadline). */
  remainingUs(seat: number): number {
    return this.opts.control.kind === 'per-move' ? this.limitUs : this.limitUs - (this.used[seat] ?? 0);
  }

  /** Totals per seat so far: charged, wall and CPU microseconds. */
  totals(seat: number): { chargedUs: number; wallUs: number; cpuUs: number } {
    return {
      chargedUs: this.used[seat] ?? 0,
      wallUs: this.wallTotals[seat] ?? 0,
      cpuUs: this.cpuTotals[seat] ?? 0,
    };
  }

  /** The seat whose clock is running, or null. */
  get runningSeat(): number | null {
    return this.running?.seat ?? null;
  }

  private wallCapUs(remaining: number): number {
    return Math.max(0, remaining) * (this.opts.wallCapFactor ?? 3) + (this.opts.wallSlackUs ?? 1_000_000);
  }

  private current(): { seat: number; wall0: number; cpu0: number; limitUs: number } {
    if (!this.running) throw new Error('TimeKeeper: no clock is running');
    return this.running;
  }

  private take(): { seat: number; wall0: number; cpu0: number; limitUs: number } {
    const r = this.current();
    this.running = null;
    return r;
  }
}
