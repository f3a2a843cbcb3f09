import {
  isMissedTurnGame,
  type AnyGameModule,
  type Delivery,
  type MissedTurnCause,
  type MissedTurnGameModule,
  type Seat,
  type TimeControl,
} from '../../../shared/games/types.ts';
import { cpus } from 'node:os';
import { chargesWallClock } from '../../../shared/timing/modes.ts';
import { monotonicUs } from '../channel.ts';
import type { GameRecord, MoveRecord } from '../record/schema.ts';
import { TimeKeeper, type MoveTime } from '../timing/time-keeper.ts';
import type { Failure } from './failure.ts';
import { gameRecord } from './game-record.ts';
import type { RefereeEvent, RefereeOptions } from './options.ts';
import type { Contestant } from './seat-book.ts';
import { Seats } from './seats.ts';
import { isGone, missedTurnCause, type Turn } from './verdict.ts';

const NOTHING: readonly Delivery[] = [];

/**
 * The CPUs of this machine, read once: a bot cannot use more CPU time than this many times the wall
 * time (see TimeKeeperOptions.cpus). os.cpus() parses /proc/cpuinfo, about a millisecond each call.
 */
const MACHINE_CPUS = cpus().length;

/**
 * Official mode: CPU time a program may use between its reply and its next prompt before it counts as
 * computing while the others think (reading its prompt and going back to wait takes microseconds).
 */
export const PONDER_TOLERANCE_US = 1000;

/**
 * Official mode: the least wall time between two looks for a program's child processes. A look reads
 * /proc (tens of microseconds): once per turn it doubled the judge's time between a reply and the next
 * prompt; this often, a child computing unmetered is caught within a quarter second.
 */
export const CHILD_CHECK_INTERVAL_US = 250_000;

/**
 * One game in progress: the programs at the table, the clock, the game state with the lines still to
 * write, and the moves so far. The referee's loop drives it one turn at a time. Failures follow the
 * game's failure policy alone; the time control only decides how time is charged (deadlines per move
 * with their owed late replies and start-up allowance, or a budget per game).
 */
export class GameTable {
  readonly game: AnyGameModule;
  readonly control: TimeControl;
  /** The board string played on (null for games without one). */
  readonly board: string | null;
  readonly startedAt = new Date().toISOString();
  readonly t0 = monotonicUs();
  readonly seats: Seats;
  readonly clock: TimeKeeper;
  readonly moves: MoveRecord[] = [];
  /** The game state (only ever passed back to {@link GameTable.game}). */
  state: unknown;
  private pending: readonly Delivery[];
  private readonly options: RefereeOptions;
  /** The mode charges wall time: the others are stopped while one thinks, and CPU times are settled late. */
  private readonly wallClock: boolean;
  /** Per seat, its last move whose CPU time is still to be read (see {@link GameTable.readCpu}), or -1. */
  private readonly unsettledMove: number[];
  /** Per seat, the ply of its first reply in a per-move game (start-up allowance), or -1. */
  private readonly startupMove: number[];
  /** The seat whose reply came last, while its CPU time is still to be read; or -1. */
  private lastReplier = -1;
  /** Per seat, whether its running or last move began with a prompt (not Less's rush). */
  private readonly promptedMove: boolean[];
  /** The event of the last move, while its charged time may still change (cpu mode: read late). */
  private lastMoveEvent: { chargedUs: number | null } | null = null;
  /** Events not yet passed on: listeners hear of a move once the next prompt is out, never before it. */
  private readonly events: RefereeEvent[] = [];
  /** Per seat, when its child processes may next be looked for (see {@link GameTable.readCpu}). */
  private readonly childCheckDueUs: number[];

  /** Seats `contestants` (one per seat, in seat order) at a game whose set-up state is `initial`. */
  constructor(contestants: readonly Contestant[], options: RefereeOptions, initial: unknown) {
    this.options = options;
    this.wallClock = chargesWallClock(options.timing);
    this.game = options.game;
    this.control = options.control ?? this.game.info.timeControl;
    this.board = options.board ?? this.game.generateBoard(options.seed);
    const perMove = this.control.kind === 'per-move';
    this.childCheckDueUs = contestants.map(() => 0);
    this.unsettledMove = contestants.map(() => -1);
    this.startupMove = contestants.map(() => -1);
    this.promptedMove = contestants.map(() => false);
    this.seats = new Seats(contestants, { t0: this.t0, graceMs: options.graceMs ?? 1000, perMove });
    this.clock = new TimeKeeper({
      control: this.control,
      mode: options.timing,
      seats: contestants.length,
      // One CPU reading per move, of the seat that replied, once the next prompt is out (see readCpu).
      settleCpuLate: true,
      cpus: MACHINE_CPUS,
      source: {
        wallUs: monotonicUs,
        cpuUs: (seat, knownThreads) => this.seats.book(seat).channel.cpuUs(knownThreads),
      },
      ...(options.startupAllowanceMs === undefined
        ? {}
        : { startupAllowanceUs: options.startupAllowanceMs * 1000 }),
    });
    this.state = initial;
    this.pending = this.game.opening(initial);
  }

  /** The seat that must act now, or null when the game is over. */
  toAct(): Seat | null {
    return this.game.toAct(this.state);
  }

  /** The 0-based index of the next move. */
  get ply(): number {
    return this.moves.length;
  }

  /**
   * Whether `seat`'s program still answers its own turns: it has not failed (a missed turn is no failure).
   * A failed program is closed; {@link GameTable.standIn} plays its turns.
   */
  playsItself(seat: Seat): boolean {
    return this.seats.book(seat).failure === null;
  }

  /**
   * Writes `actor`'s lines, starts its clock as its prompt goes out and reads its reply. The prompt is
   * written first, so that nothing stands between a reply and the next prompt but judging it; the
   * judge's other work (stopping the others, the last reply's CPU time) follows it, and could only be
   * charged to a bot that answers within those microseconds.
   * The other seats' lines go into the transcript now, in the protocol's order, but after the opening each
   * seat's are written with its own next prompt, as one write (or at the end of the game, or at once when
   * they hold its last line). A bot reads the same bytes in the same order; a bot waiting for its prompt is not
   * woken for every move of the others (Flit and Less: four writes per move were three wake-ups of
   * bots that only had to read a line and wait again, each a system call of the judge's while the
   * next reply was due, and a core taken from the bot thinking on a busy machine).
   */
  async promptAndRead(actor: Seat): Promise<Turn> {
    const { seats, clock, wallClock } = this;
    const s = seats.book(actor);
    // Lines held for the actor since its last turn count as its prompt as well as new ones.
    const own = seats.stage(this.pending, actor) || seats.holds(actor);
    this.pending = NOTHING;
    // It moves again with nobody between (Less's rush): its last move is read before its clock starts.
    if (this.lastReplier === actor) this.readCpu(actor);
    this.promptedMove[actor] = own || s.prompted;
    // A program caught computing is stopped before the prompt goes out, not after: it runs (in its own
    // turn, or a child of it does) and would hold the actor's core until the stop took effect.
    if (wallClock) seats.stopCaught(actor);
    if (own && wallClock && s.suspended) {
      // Stopped (official mode: it moved before the last actor): its prompt is written while it cannot
      // read it, which wakes nobody, then one SIGCONT lets it run and read it at once, and its clock
      // starts as it can. Resumed before the write instead, it would be woken twice: by the signal, only
      // to wait in its read again, then by the write, each wake-up a system call of the judge's.
      seats.flush(actor);
      seats.wake(actor);
      clock.start(actor);
    } else if (own) {
      clock.start(actor);
      seats.flush(actor);
    } else {
      // Nothing new to read (Less's rush): its next line is timed from its previous one.
      if (wallClock) seats.wake(actor);
      clock.start(actor, s.prompted ? undefined : s.lastLineAtUs);
    }
    // Now that the prompt is out: the one CPU reading of the move before (its program waits for its next
    // prompt now), which may catch it computing meanwhile; stopping the others that must be, from this
    // ply on; the last lines of seats that are done, and at the first turn every seat's opening lines (a
    // bot may prepare once it has them, as before).
    if (this.lastReplier >= 0) this.readCpu(this.lastReplier);
    if (wallClock) seats.suspendOthers(actor);
    if (this.moves.length === 0) {
      clock.beginGame();
      seats.flushAll();
    } else seats.flushEnding();
    this.flushEvents();
    s.prompted = false;
    const reply = await s.readReply(clock);
    if (reply.kind === 'line' || reply.kind === 'bad-line') seats.logReply(actor, reply);
    // Per-move controls: a program that timed out still owes that reply. Written while the others play, the
    // drain before its next prompt drops it; stopped (official mode, caught computing meanwhile), it writes
    // it only once resumed, after its next prompt, where the drain cannot catch it.
    const perMove = this.control.kind === 'per-move';
    if (perMove && reply.kind === 'timeout') s.owed += 1;
    const time =
      reply.kind === 'closed'
        ? (clock.abandon(), null)
        : clock.stop(reply.kind === 'timeout' ? undefined : reply.atUs);
    if (time && clock.isPending(actor)) this.lastReplier = actor;
    if (time && reply.kind !== 'timeout') s.countMove(time);
    if (time) s.replied = true;
    const usedUs = perMove ? (time?.chargedUs ?? 0) : clock.usedUs(actor);
    return { reply, time, usedUs };
  }

  /** Applies a legal move of `seat` and records it. */
  applyMove(seat: Seat, move: unknown, line: string, by: MoveRecord['by'], time: MoveTime | null): void {
    const before = this.state;
    this.state = this.game.apply(before, move);
    this.pending = this.game.afterMove(before, move, this.state);
    this.record(seat, line, by, time);
  }

  /**
   * `actor` failed its turn: in a `missed-turn` game the turn is missed (and a program that is gone
   * fails, missing every turn after); otherwise it fails and the takeover player plays its seat.
   */
  failTurn(actor: Seat, failure: Failure, turn: Turn): void {
    const game = this.game;
    if (isMissedTurnGame(game)) {
      if (isGone(failure)) this.fail(actor, failure);
      const line = turn.reply.kind === 'line' ? turn.reply.line : '';
      this.missTurn(game, actor, missedTurnCause(failure), line, turn.time);
    } else {
      this.fail(actor, failure);
    }
  }

  /** A turn of a seat whose program failed before: a missed turn, or the takeover player's move. */
  standIn(actor: Seat): void {
    this.seats.deliver(this.pending);
    this.pending = NOTHING;
    const game = this.game;
    if (isMissedTurnGame(game)) {
      this.missTurn(game, actor, 'gone', '', null);
    } else {
      const s = this.seats.book(actor);
      s.takeover ??= { fromPly: this.ply, moves: 0 };
      s.takeover.moves += 1;
      const move = game.takeover(this.state, this.options.seed);
      this.applyMove(actor, move, game.formatMove(move), 'takeover', null);
    }
  }

  /** Ends the game: the last lines, the rules' own failures, every program shut down; then its record. */
  async finish(): Promise<GameRecord> {
    const { game, seats, options } = this;
    this.clock.settleAll().forEach((cpuUs, seat) => this.settleMove(seat, cpuUs));
    this.lastReplier = -1;
    this.flushEvents();
    seats.resumeAll();
    seats.deliver(this.pending);
    (game.ruleFailures?.(this.state) ?? []).forEach((reason, seat) => {
      const s = seats.book(seat);
      if (reason !== null && s.failure === null) s.failure = { kind: 'rules', ply: this.ply, reason };
    });
    await seats.closeAll();
    const end = game.end(this.state);
    if (end === null) throw new Error('referee: the game has no end although nobody is to act');
    const failed = seats.books.map((s) => s.failure !== null);
    return gameRecord({
      game,
      seed: options.seed,
      board: this.board,
      timing: options.timing,
      control: this.control,
      limits: options.limits ?? null,
      startedAt: this.startedAt,
      t0: this.t0,
      books: seats.books,
      clock: this.clock,
      lines: seats.lines,
      moves: this.moves,
      end,
      scores: game.scores(this.state, failed),
    });
  }

  /**
   * The one CPU reading of `seat`'s move (TimeKeeper.readAfterReply), taken once the next prompt is out,
   * while the program waits for its next one (or is stopped), so that no /proc read stands between a
   * reply and the next prompt: it ends the move, whose record gets its CPU time (in cpu mode its charged
   * time too), and starts the program's next move.
   * Official mode, for a move that began with a prompt: a program that used more than
   * {@link PONDER_TOLERANCE_US} of CPU time outside its own turns computed while the others thought,
   * stealing their CPU; one that keeps a child process (whose CPU time is not metered) could, and is
   * looked for at most every {@link CHILD_CHECK_INTERVAL_US}. Either is stopped during the others' turns
   * from this ply (another seat's, whose prompt is out) to the end of the game (see Seats.suspendOthers),
   * and the record says so; a program that waits quietly is never signalled.
   */
  private readCpu(seat: Seat): void {
    if (seat === this.lastReplier) this.lastReplier = -1;
    this.settleMove(seat, this.clock.readAfterReply(seat));
    const s = this.seats.book(seat);
    if (!this.wallClock || !this.promptedMove[seat] || s.stoppedFromPly !== null || s.closed) return;
    if (this.clock.betweenTurnsUs > PONDER_TOLERANCE_US || this.keepsChild(seat)) {
      s.stoppedFromPly = this.ply;
    }
  }

  /**
   * Writes `cpuUs` (NaN: none was read) into `seat`'s last move still waiting for its CPU time; in cpu mode
   * it is that move's charged time as well (and its event's, if not yet passed on).
   */
  private settleMove(seat: Seat, cpuUs: number): void {
    const i = this.unsettledMove[seat] ?? -1;
    if (i < 0 || Number.isNaN(cpuUs)) return;
    this.unsettledMove[seat] = -1;
    const m = this.moves[i];
    if (m === undefined) return;
    // In place: the move is the table's own until the record is made.
    m.cpuUs = cpuUs;
    if (this.wallClock) return;
    m.chargedUs = cpuUs;
    if (i !== this.startupMove[seat]) this.seats.book(seat).noteCharged(cpuUs);
    const event = this.lastMoveEvent;
    if (event !== null && this.events.some((e) => e === event)) event.chargedUs = cpuUs;
  }

  /** Whether `seat`'s program keeps a child process, looked for only when its interval has passed. */
  private keepsChild(seat: Seat): boolean {
    const now = monotonicUs();
    if (now < (this.childCheckDueUs[seat] ?? 0)) return false;
    this.childCheckDueUs[seat] = now + CHILD_CHECK_INTERVAL_US;
    // A child process's CPU time is not metered: a program that keeps one is stopped as a ponderer is.
    return this.seats.book(seat).channel.startedChildren?.() === true;
  }

  private emit(event: RefereeEvent): void {
    if (this.options.onEvent) this.events.push(event);
  }

  private flushEvents(): void {
    const listener = this.options.onEvent;
    if (!listener) return;
    const events = this.events;
    for (let i = 0; i < events.length; i++) listener(events[i] as RefereeEvent);
    events.length = 0;
  }

  /** The seat's program has failed: noted once, reported, and ended at once. */
  private fail(seat: Seat, failure: Failure): void {
    this.seats.book(seat).failure ??= failure;
    this.emit({ kind: 'failure', seat, failure });
    this.seats.retire(seat);
  }

  private missTurn(
    game: MissedTurnGameModule<unknown, unknown>,
    seat: Seat,
    cause: MissedTurnCause,
    line: string,
    time: MoveTime | null,
  ): void {
    const before = this.state;
    this.state = game.missedTurn(before, cause);
    this.pending = game.afterMissedTurn(before, this.state);
    this.seats.book(seat).missed[cause] += 1;
    this.record(seat, line, 'missed', time, cause);
  }

  private record(
    seat: Seat,
    line: string,
    by: MoveRecord['by'],
    time: MoveTime | null,
    cause?: MissedTurnCause,
  ): void {
    const ply = this.moves.length;
    if (time !== null && this.clock.isPending(seat)) this.unsettledMove[seat] = ply;
    if (time?.startup === true) this.startupMove[seat] = ply;
    // A bot's move, the common case, as one literal (no spreads); the keys in the record's order either way.
    this.moves.push(
      time !== null && cause === undefined
        ? { ply, seat, line, by, wallUs: time.wallUs, cpuUs: time.cpuUs, chargedUs: time.chargedUs }
        : {
            ply,
            seat,
            line,
            by,
            ...(cause ? { cause } : {}),
            ...(time ? { wallUs: time.wallUs, cpuUs: time.cpuUs, chargedUs: time.chargedUs } : {}),
          },
    );
    const chargedUs = time?.chargedUs ?? null;
    const event = { kind: 'move' as const, ply, seat, line, by, chargedUs, state: this.state };
    this.lastMoveEvent = event;
    this.emit(event);
  }
}
