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

/**
 * `cpu` mode, settling late: wall time added to a reply's before it is known to be in time, for the
 * reading after the next prompt, which may come that much later (a judge kept from its core).
 */
const SETTLE_MARGIN_US = 2_000;

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
   * With {@link TimeKeeperOptions.settleCpuLate}, 0 while the reply's CPU time is pending (see
   * {@link TimeKeeper.isPending}): {@link TimeKeeper.readAfterReply} reads it once the next prompt is out,
   * for reading it must not delay that prompt.
   */
  readonly cpuUs: number;
  /** In `cpu` mode, 0 as well while the CPU time is pending: such a reply cannot have been late. */
  readonly chargedUs: number;
  /** The budget (game-total) or the deadline (per-move) was exceeded by this reply. */
  readonly late: boolean;
  /**
   * Per-move games: this was the program's first reply, allowed a start-up allowance on top of the
   * deadline, so its time is no measure of how close it came to the deadline. Always false per game.
   */
  readonly startup: boolean;
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
   * Read a program's CPU time once per move of its own, when {@link TimeKeeper.readAfterReply} is called
   * (the referee calls it once the next prompt is out): that reading ends the move it replied to and
   * starts its next one, so the CPU time a program uses between its turns counts in its next move. Where
   * wall time is charged the CPU time is only for the record. In `cpu` mode a reply's CPU time is read
   * at once only when it might be over the time left ({@link TimeKeeperOptions.cpus}); otherwise it is
   * charged when read. Default false: read as a clock starts and as it stops.
   */
  readonly settleCpuLate?: boolean;
  /**
   * How many CPUs a program can run on at once (default: unknown, so that in `cpu` mode every reply is
   * read as it arrives). A process cannot use more CPU time than this many times the wall time: a reply
   * whose wall time since its move's starting reading, times this, is below the time left cannot be late.
   */
  readonly cpus?: number;
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
  /** The running clock is a per-move program's first reply, with the start-up allowance. */
  private startup = false;
  /** The wall time of the reading {@link TimeKeeper.cpu0} came from. */
  private cpu0At = 0;
  /** No wait limit was asked since the start: the bot has used no CPU time yet worth a /proc read. */
  private fresh = false;
  /** Each seat's CPU time as last read (NaN before the first), and the wall time of that reading. */
  private readonly lastCpu: number[];
  private readonly lastCpuAt: number[];
  /**
   * {@link TimeKeeperOptions.settleCpuLate}: per seat, the CPU reading its last stopped move started from,
   * while that move's CPU time is still to be read (NaN: none pending), and that move's wall time.
   */
  private readonly pendingFromCpu: number[];
  private readonly pendingWallUs: number[];
  /** What the last {@link TimeKeeper.readAfterReply} found the program used outside its own turns (NaN: unknown). */
  private betweenUs = Number.NaN;
  /** {@link TimeKeeperOptions.settleCpuLate}: per seat, how many of its moves were settled. */
  private readonly settledMoves: number[];

  constructor(options: TimeKeeperOptions) {
    this.opts = options;
    this.used = new Array<number>(options.seats).fill(0);
    this.wallTotals = new Array<number>(options.seats).fill(0);
    this.cpuTotals = new Array<number>(options.seats).fill(0);
    this.replied = new Array<boolean>(options.seats).fill(false);
    this.lastCpu = new Array<number>(options.seats).fill(Number.NaN);
    this.lastCpuAt = new Array<number>(options.seats).fill(0);
    this.pendingFromCpu = new Array<number>(options.seats).fill(Number.NaN);
    this.pendingWallUs = new Array<number>(options.seats).fill(0);
    this.settledMoves = new Array<number>(options.seats).fill(0);
    this.wallMode = chargesWallClock(options.mode);
    this.lateCpu = options.settleCpuLate === true;
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
      // From the reading that ended its last move (readAfterReply). Its last move still unread: that one
      // is read now (its CPU time must be charged before this move's budget is known), exact while it
      // waits for its prompt; with no reading yet (its first move), read now as well.
      if (this.isPending(seat)) this.readAfterReply(seat);
      const last = this.lastCpu[seat] ?? Number.NaN;
      if (Number.isNaN(last)) this.read(seat, true);
      this.cpu0 = this.lastCpu[seat] ?? 0;
      this.cpu0At = this.lastCpuAt[seat] ?? 0;
    } else if (!this.replied[seat] && !Number.isNaN(this.lastCpu[seat] ?? Number.NaN)) {
      // Its first move, read as the game began (see beginGame).
      this.cpu0 = this.lastCpu[seat] ?? 0;
    } else {
      // The CPU time first: the bot is waiting for its prompt, so it does not change, and reading it
      // (a /proc read) after the wall clock would charge the bot for the judge's own work.
      this.cpu0 = this.read(seat, true);
    }
    this.wall0 = fromWallUs ?? this.opts.source.wallUs();
    const allowanceUs = first ? (this.opts.startupAllowanceUs ?? 2_000_000) : 0;
    this.leftUs = this.perMove ? this.limitUs + allowanceUs : this.limitUs - (this.used[seat] ?? 0);
    this.startup = allowanceUs > 0;
    this.fresh = true;
    this.seat = seat;
  }

  /**
   * The game's first prompt is out (call right after the first {@link TimeKeeper.start}, before the
   * others get their opening lines): in `cpu` mode every program's first move counts from here, so what
   * it computes before its first reply (preparing once it knows its seat, while another thinks) is
   * charged alike in every seat. Reads the CPU time of every seat without a reading yet. Where wall
   * time is charged nothing is read: official timing stops a program that has not replied yet while
   * the others think, so its preparing falls into its own first turn anyway.
   */
  beginGame(): void {
    if (this.wallMode) return;
    for (let seat = 0; seat < this.used.length; seat++) {
      if (seat !== this.seat && Number.isNaN(this.lastCpu[seat] ?? Number.NaN)) this.read(seat, true);
    }
  }

  /**
   * Stops the running clock, charges the reply and returns its times. Pass `endWallUs`, the moment the
   * reply's newline arrived, so that the judge's own delay in handling it is never charged to the bot.
   */
  stop(endWallUs?: number): MoveTime {
    const seat = this.take();
    this.replied[seat] = true;
    const endUs = endWallUs ?? this.opts.source.wallUs();
    const wallUs = Math.max(0, endUs - this.wall0);
    let cpuUs = 0;
    if (this.lateCpu && (this.wallMode || this.inTimeForSure(endUs, wallUs))) {
      this.pendingFromCpu[seat] = this.cpu0;
      this.pendingWallUs[seat] = wallUs;
    } else {
      const now = this.read(seat);
      cpuUs = Math.max(0, now - this.cpu0);
      this.cpuTotals[seat] = (this.cpuTotals[seat] ?? 0) + cpuUs;
      // Reading at a stop already ends the move: the next one starts from it.
      if (this.lateCpu) this.settledMoves[seat] = (this.settledMoves[seat] ?? 0) + 1;
    }
    const chargedUs = this.wallMode ? wallUs : cpuUs;
    this.wallTotals[seat] = (this.wallTotals[seat] ?? 0) + wallUs;
    this.used[seat] = (this.used[seat] ?? 0) + chargedUs;
    if (this.perMove) {
      // Per move, a reply past the wall cap is late too: a deadline must end every turn.
      const late = chargedUs > this.leftUs || (!this.wallMode && wallUs > this.wallCapUs(this.leftUs));
      return { wallUs, cpuUs, chargedUs, late, startup: this.startup };
    }
    return { wallUs, cpuUs, chargedUs, late: (this.used[seat] ?? 0) > this.limitUs, startup: false };
  }

  /** Stops the running clock without charging anything (the bot failed in another way meanwhile). */
  abandon(): void {
    this.take();
  }

  /**
   * With {@link TimeKeeperOptions.settleCpuLate}: reads `seat`'s CPU time once per move of its own, after
   * its reply (the referee calls it once the next prompt is out, while the program waits for its next
   * one, or is stopped; or as its clock starts when it moves again with nobody between). The reading ends
   * the move it replied to, whose CPU time it returns and counts (NaN when none is pending; in `cpu` mode
   * charged too), and starts its next one. It also tells what the program used outside its own turns
   * ({@link TimeKeeper.betweenTurnsUs}).
   */
  readAfterReply(seat: number): number {
    const now = this.read(seat);
    const first = (this.settledMoves[seat] ?? 0) === 0;
    const settled = this.settleSeat(seat, now);
    // A program's first move may hold the end of its start-up (an interpreter still loading, a process
    // found only later): it is not judged. Less the move's wall time (one thread's worth of thinking),
    // what is left it used between its previous reading, after its previous reply, and this prompt.
    this.betweenUs = !first && !Number.isNaN(settled) ? settled - this.pendingWallOf(seat) : Number.NaN;
    if (this.seat === seat) this.cpu0 = now;
    return settled;
  }

  /** Whether `seat`'s last reply's CPU time is still to be read ({@link TimeKeeper.readAfterReply}). */
  isPending(seat: number): boolean {
    return !Number.isNaN(this.pendingFromCpu[seat] ?? Number.NaN);
  }

  /**
   * The CPU time the program read by the last {@link TimeKeeper.readAfterReply} used outside its own
   * turns: between its previous reply and the prompt of the move read, as far as the readings tell (that
   * move's CPU time less its wall time). NaN up to its second move: its first may hold the end of its
   * start-up. A
   * program whose threads together use more than one core while it thinks shows such time too.
   */
  get betweenTurnsUs(): number {
    return this.betweenUs;
  }

  /**
   * With {@link TimeKeeperOptions.settleCpuLate}, at the end of the game: reads every seat whose last move's
   * CPU time is still pending and counts it. Answers each seat's value (NaN: nothing was pending).
   */
  settleAll(): number[] {
    const out: number[] = [];
    for (let seat = 0; seat < this.used.length; seat++) {
      out.push(this.isPending(seat) ? this.settleSeat(seat, this.read(seat)) : Number.NaN);
    }
    return out;
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

  /** Reads `seat`'s CPU time and keeps it as its last reading. */
  private read(seat: number, knownThreads?: boolean): number {
    const now = this.opts.source.cpuUs(seat, knownThreads);
    this.lastCpu[seat] = now;
    this.lastCpuAt[seat] = this.opts.source.wallUs();
    return now;
  }

  /**
   * `cpu` mode, settling late: whether the reply stopped at `endUs` after `wallUs` cannot be late, so
   * its CPU time may be read after the next prompt. Its CPU time since its move's starting reading is at
   * most that wall time (and a margin for the reading to come) times the CPUs it can use.
   */
  private inTimeForSure(endUs: number, wallUs: number): boolean {
    const cpus = this.opts.cpus ?? Number.POSITIVE_INFINITY;
    const boundUs = (endUs - this.cpu0At + SETTLE_MARGIN_US) * cpus;
    return boundUs < this.leftUs && wallUs <= this.wallCapUs(this.leftUs);
  }

  /** Ends `seat`'s pending move at the CPU reading `now`: its CPU time, counted (NaN when none is pending). */
  private settleSeat(seat: number, now: number): number {
    const from = this.pendingFromCpu[seat] ?? Number.NaN;
    if (Number.isNaN(from)) return Number.NaN;
    this.pendingFromCpu[seat] = Number.NaN;
    this.settledMoves[seat] = (this.settledMoves[seat] ?? 0) + 1;
    const cpuUs = Math.max(0, now - from);
    this.cpuTotals[seat] = (this.cpuTotals[seat] ?? 0) + cpuUs;
    if (!this.wallMode) this.used[seat] = (this.used[seat] ?? 0) + cpuUs;
    return cpuUs;
  }

  private pendingWallOf(seat: number): number {
    return this.pendingWallUs[seat] ?? 0;
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
