import type { TimeControl } from '../../../shared/games/types.ts';
import { chargesWallClock, type TimingMode } from '../../../shared/timing/modes.ts';

/**
 * How thinking time is charged (the modes are listed in shared/timing/modes.ts):
 * - `official`: wall time from writing the prompt to reading the full reply, as the CodeCup server does
 *   (the referee stops a bot caught computing while the others think, so it cannot steal their CPU);
 * - `cpu`: the CPU time the bot's process used meanwhile, for busy machines. A wall-time cap
 *   (`wallCapFactor` × the time left, plus `wallSlackUs`) still catches bots that sleep forever.
 * Both hold for a budget per game and for a deadline per move (Flit) alike: per move, the time left is
 * the deadline (with the start-up allowance on a program's first reply).
 */
export type { TimingMode };

/** The time sources a {@link TimeKeeper} reads: injected, so tests can drive it with made-up numbers. */
export interface TimeSource {
  /** A monotonic wall clock in microseconds. */
  wallUs(): number;
  /**
   * The CPU time in microseconds that `seat`'s process has used so far (0 where it cannot be read).
   * `knownThreads`: the quicker reading of a bot that waits for its prompt (see PlayerChannel.cpuUs).
   */
  cpuUs(seat: number, knownThreads?: boolean): number;
}

/** The time of one reply: wall and CPU time in microseconds, what was charged, and whether it was too late. */
export interface MoveTime {
  readonly wallUs: number;
  /**
   * With {@link TimeKeeperOptions.settleCpuLate}, 0 until {@link TimeKeeper.settle} reads it (the CPU
   * time is then only for the record, and reading it must not delay the next prompt).
   */
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
   * In a mode that charges wall time, read a reply's CPU time (only for the record there) not when it is
   * stopped but when {@link TimeKeeper.settle} is called, once the next prompt is out, and start each
   * move from the previous reading. Default false: read at the start and at the stop.
   */
  readonly settleCpuLate?: boolean;
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
  private readonly replied: boolean[];
  private readonly wallMode: boolean;
  /** {@link TimeKeeperOptions.settleCpuLate} in a wall-clock mode. */
  private readonly lateCpu: boolean;
  private readonly perMove: boolean;
  // The running clock, in fields rather than an object: one is started for every reply (no allocation).
  /** The seat whose clock runs, or -1. */
  private seat = -1;
  private wall0 = 0;
  private cpu0 = 0;
  /** The time the running seat has left: the deadline (per move) or what remains of its budget. */
  private leftUs = 0;
  /** No wait limit was asked since the start: the bot has used no CPU time yet worth a /proc read. */
  private fresh = false;
  /** {@link TimeKeeperOptions.settleCpuLate}: each seat's CPU time as last read (NaN before the first). */
  private readonly lastCpu: number[];
  /** {@link TimeKeeperOptions.settleCpuLate}: the seat whose last CPU time is still to be read, or -1. */
  private unsettled = -1;
  private unsettledCpu0 = 0;
  /** Its CPU time once read (NaN until then). */
  private settledCpuUs = Number.NaN;

  constructor(options: TimeKeeperOptions) {
    this.opts = options;
    this.used = new Array<number>(options.seats).fill(0);
    this.wallTotals = new Array<number>(options.seats).fill(0);
    this.cpuTotals = new Array<number>(options.seats).fill(0);
    this.replied = new Array<boolean>(options.seats).fill(false);
    this.lastCpu = new Array<number>(options.seats).fill(Number.NaN);
    this.wallMode = chargesWallClock(options.mode);
    this.lateCpu = this.wallMode && options.settleCpuLate === true;
    this.perMove = options.control.kind === 'per-move';
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
    if (this.seat >= 0) throw new Error(`TimeKeeper: seat ${this.seat}'s clock is still running`);
    const first = this.perMove && !this.replied[seat];
    if (this.lateCpu) {
      // The CPU time is only for the record: taken from its last reading, just after its previous reply
      // (stopped meanwhile, it used none), so that no /proc read delays this prompt. Its first is read.
      if (this.unsettled === seat) this.readUnsettled();
      const last = this.lastCpu[seat] ?? Number.NaN;
      this.cpu0 = Number.isNaN(last) ? this.opts.source.cpuUs(seat) : last;
    } else {
      // The CPU time first: the bot is waiting for its prompt, so it does not change, and reading it
      // (a /proc read) after the wall clock would charge the bot for the judge's own work.
      this.cpu0 = this.opts.source.cpuUs(seat, true);
    }
    this.wall0 = fromWallUs ?? this.opts.source.wallUs();
    this.leftUs = this.perMove
      ? this.limitUs + (first ? (this.opts.startupAllowanceUs ?? 2_000_000) : 0)
      : this.limitUs - (this.used[seat] ?? 0);
    this.fresh = true;
    this.seat = seat;
  }

  /**
   * Stops the running clock, charges the reply and returns its times. Pass `endWallUs`, the moment the
   * reply's newline arrived, so that the judge's own delay in handling it is never charged to the bot.
   */
  stop(endWallUs?: number): MoveTime {
    const seat = this.take();
    this.replied[seat] = true;
    const wallUs = Math.max(0, (endWallUs ?? this.opts.source.wallUs()) - this.wall0);
    let cpuUs = 0;
    if (this.lateCpu) {
      if (this.unsettled >= 0) this.settle(); // a referee that did not settle: counted, though unreported
      this.unsettled = seat;
      this.unsettledCpu0 = this.cpu0;
      this.settledCpuUs = Number.NaN;
    } else {
      cpuUs = Math.max(0, this.opts.source.cpuUs(seat) - this.cpu0);
      this.cpuTotals[seat] = (this.cpuTotals[seat] ?? 0) + cpuUs;
    }
    const chargedUs = this.wallMode ? wallUs : cpuUs;
    this.wallTotals[seat] = (this.wallTotals[seat] ?? 0) + wallUs;
    this.used[seat] = (this.used[seat] ?? 0) + chargedUs;
    if (this.perMove) {
      // Per move, a reply past the wall cap is late too: a deadline must end every turn.
      const late = chargedUs > this.leftUs || (!this.wallMode && wallUs > this.wallCapUs(this.leftUs));
      return { wallUs, cpuUs, chargedUs, late };
    }
    return { wallUs, cpuUs, chargedUs, late: (this.used[seat] ?? 0) > this.limitUs };
  }

  /** Stops the running clock without charging anything (the bot failed in another way meanwhile). */
  abandon(): void {
    this.take();
  }

  /**
   * With {@link TimeKeeperOptions.settleCpuLate}: the CPU time of the last reply stopped, read now (the
   * referee calls this once the next prompt is written, so the /proc read is not between a reply and the
   * next prompt) and counted in its seat's totals; NaN when there is none to read (otherwise
   * {@link TimeKeeper.stop} reads it).
   */
  settle(): number {
    if (this.unsettled < 0) return Number.NaN;
    if (Number.isNaN(this.settledCpuUs)) this.readUnsettled();
    this.unsettled = -1;
    return this.settledCpuUs;
  }

  /**
   * With {@link TimeKeeperOptions.settleCpuLate}: the CPU time `seat` used between its previous reply
   * and its current prompt, from its last reading (the one {@link TimeKeeper.settle} took just after that
   * reply) to a full reading now, less the wall time since its clock started (what it can have spent on
   * the new prompt meanwhile, one thread's worth); NaN before its first reading. The referee calls it
   * once `seat`'s prompt is out, to catch a program that computes while the others think. The reading is
   * not kept: the move's CPU time still runs from the last one, so it holds what the program did since
   * its previous reply.
   */
  cpuBetweenTurnsUs(seat: number): number {
    const last = this.lastCpu[seat] ?? Number.NaN;
    if (Number.isNaN(last)) return Number.NaN;
    const cpu = this.opts.source.cpuUs(seat);
    const sinceStart = this.seat === seat ? this.opts.source.wallUs() - this.wall0 : 0;
    return cpu - last - Math.max(0, sinceStart);
  }

  /** The time `seat` has been charged so far, in microseconds. */
  usedUs(seat: number): number {
    return this.used[seat] ?? 0;
  }

  /**
   * How long, in wall microseconds from now, the referee may wait for the running seat's reply before it
   * must call {@link TimeKeeper.isOverdue}: exactly the time left in official mode; in cpu mode the time
   * until the CPU time left could first be used up (then check again), bounded by the wall cap. Never
   * negative.
   */
  waitLimitUs(): number {
    this.current();
    const elapsedWall = this.opts.source.wallUs() - this.wall0;
    if (this.wallMode) return Math.max(0, this.leftUs - elapsedWall);
    // Right after the start the bot has had no time to use CPU worth a /proc read; later reads are real.
    const cpuSoFar = this.fresh ? 0 : this.opts.source.cpuUs(this.seat) - this.cpu0;
    this.fresh = false;
    const capLeft = this.wallCapUs(this.leftUs) - elapsedWall;
    return Math.max(0, Math.min(this.leftUs - cpuSoFar, capLeft));
  }

  /** Whether the running seat has used up its time (or, in cpu mode, its wall cap) already. */
  isOverdue(): boolean {
    this.current();
    const elapsedWall = this.opts.source.wallUs() - this.wall0;
    if (this.wallMode) return elapsedWall > this.leftUs;
    const cpuSoFar = this.opts.source.cpuUs(this.seat) - this.cpu0;
    return cpuSoFar > this.leftUs || elapsedWall > this.wallCapUs(this.leftUs);
  }

  /** The time `seat` has left of its game budget (per-move games: the full deadline). */
  remainingUs(seat: number): number {
    return this.perMove ? this.limitUs : this.limitUs - (this.used[seat] ?? 0);
  }

  /** Totals per seat so far: charged, wall and CPU microseconds (the CPU time of replies settled). */
  totals(seat: number): { chargedUs: number; wallUs: number; cpuUs: number } {
    return {
      chargedUs: this.used[seat] ?? 0,
      wallUs: this.wallTotals[seat] ?? 0,
      cpuUs: this.cpuTotals[seat] ?? 0,
    };
  }

  /** The seat whose clock is running, or null. */
  get runningSeat(): number | null {
    return this.seat >= 0 ? this.seat : null;
  }

  private readUnsettled(): void {
    const seat = this.unsettled;
    const now = this.opts.source.cpuUs(seat);
    this.lastCpu[seat] = now;
    this.settledCpuUs = Math.max(0, now - this.unsettledCpu0);
    this.cpuTotals[seat] = (this.cpuTotals[seat] ?? 0) + this.settledCpuUs;
  }

  private wallCapUs(left: number): number {
    return Math.max(0, left) * (this.opts.wallCapFactor ?? 3) + (this.opts.wallSlackUs ?? 1_000_000);
  }

  private current(): void {
    if (this.seat < 0) throw new Error('TimeKeeper: no clock is running');
  }

  private take(): number {
    this.current();
    const seat = this.seat;
    this.seat = -1;
    return seat;
  }
}
