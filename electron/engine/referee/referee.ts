import type {
  AnyGameModule,
  Delivery,
  MissedTurnCause,
  Seat,
  TimeControl,
} from '../../../shared/games/types.ts';
import { monotonicUs, type ReadResult } from '../channel.ts';
import {
  RECORD_FORMAT,
  RECORD_VERSION,
  type GameRecord,
  type LineRecord,
  type MoveRecord,
} from '../record/schema.ts';
import { TimeKeeper, type MoveTime, type TimingMode } from '../timing/time-keeper.ts';
import type { Failure } from './failure.ts';
import type { LimitsReport } from '../process/limits.ts';
import { SeatBook, type Contestant } from './seat-book.ts';
import { JURY_VERSION } from '../version.ts';

export type { Contestant } from './seat-book.ts';

/** What a caller can watch while a game runs (live boards, progress). Listeners must be quick. */
export type RefereeEvent =
  | {
      readonly kind: 'move';
      readonly ply: number;
      readonly seat: Seat;
      readonly line: string;
      readonly by: MoveRecord['by'];
      readonly chargedUs: number | null;
      /** The game state after the move (pass it back only to the same game module). */
      readonly state: unknown;
    }
  | { readonly kind: 'failure'; readonly seat: Seat; readonly failure: Failure };

/** How to referee one game. */
export interface RefereeOptions {
  readonly game: AnyGameModule;
  readonly seed: number;
  /** A board string to play on instead of the one generated from the seed. */
  readonly board?: string;
  readonly timing: TimingMode;
  /** Overrides the game's own time control. */
  readonly control?: TimeControl;
  /** How long a program may take to exit after its last line (Quit) before it is killed (default 1000 ms). */
  readonly graceMs?: number;
  /** Per-move games: extra time for each program's first reply, for process start-up (default 2000 ms). */
  readonly startupAllowanceMs?: number;
  /** The resource limits the programs run under, for the record. */
  readonly limits?: LimitsReport | null;
  readonly onEvent?: (event: RefereeEvent) => void;
}

/** A bad game setup (for example an invalid board string): nothing was played. */
export class RefereeSetupError extends Error {}

/**
 * Referees one complete game between `contestants` (one per seat, in seat order) and returns its record.
 * It writes each seat exactly the lines the game's protocol prescribes, times every reply, validates and
 * applies it, hands failed seats to the takeover player (or counts missed turns), and at the end sends
 * the last lines and shuts every program down. It never throws because of anything a program does; it
 * throws {@link RefereeSetupError} for a bad board and Error for a wrong number of contestants.
 */
export async function playGame(
  contestants: readonly Contestant[],
  options: RefereeOptions,
): Promise<GameRecord> {
  const { game, seed } = options;
  if (contestants.length !== game.info.seats) {
    throw new Error(`${game.info.title} needs ${game.info.seats} players, got ${contestants.length}`);
  }
  const setup = game.setup(options.board === undefined ? { seed } : { seed, board: options.board });
  if (!setup.ok) throw new RefereeSetupError(setup.error.message);
  const board = options.board ?? game.generateBoard(seed);
  const control = options.control ?? game.info.timeControl;
  const graceMs = options.graceMs ?? 1000;
  const official = options.timing === 'official';
  const perMove = control.kind === 'per-move';
  const startedAt = new Date().toISOString();
  const t0 = monotonicUs();

  const seats = contestants.map((c) => new SeatBook(c));
  const book = (seat: Seat): SeatBook => seats[seat] as SeatBook;
  const clock = new TimeKeeper({
    control,
    mode: options.timing,
    seats: seats.length,
    source: { wallUs: monotonicUs, cpuUs: (seat) => book(seat).channel.cpuUs() },
    ...(options.startupAllowanceMs === undefined
      ? {}
      : { startupAllowanceUs: options.startupAllowanceMs * 1000 }),
  });
  const lines: LineRecord[] = [];
  const moves: MoveRecord[] = [];
  let state: unknown = setup.value;
  let pending: readonly Delivery[] = game.opening(state);
  let running: Seat | null = null;

  /** Writes deliveries, batching consecutive lines to one seat into one write. */
  const deliver = (deliveries: readonly Delivery[]): void => {
    let i = 0;
    while (i < deliveries.length) {
      const seat = (deliveries[i] as Delivery).seat;
      const batch: string[] = [];
      let last = false;
      for (; i < deliveries.length && (deliveries[i] as Delivery).seat === seat; i++) {
        batch.push((deliveries[i] as Delivery).line);
        last ||= (deliveries[i] as Delivery).last === true;
      }
      const s = book(seat);
      if (s.closed || s.failure?.kind === 'crash' || s.failure?.kind === 'exit') continue;
      // Per-move games: anything the program wrote since its last turn is a late reply; drop it before the next prompt.
      if (perMove) s.owed = Math.max(0, s.owed - s.channel.discardReceived());
      const t = monotonicUs() - t0;
      for (const text of batch) lines.push({ t, dir: 'in', seat, text });
      if (last && s.suspended) resume(seat);
      s.channel.send(batch);
      s.prompted = true;
      if (last) s.close(graceMs);
    }
  };
  const suspend = (seat: Seat): void => {
    const s = book(seat);
    if (!s.suspended && !s.closed) {
      s.channel.suspend();
      s.suspended = true;
    }
  };
  function resume(seat: Seat): void {
    const s = book(seat);
    if (s.suspended) {
      s.channel.resume();
      s.suspended = false;
    }
  }
  const fail = (seat: Seat, failure: Failure): void => {
    const s = book(seat);
    s.failure ??= failure;
    options.onEvent?.({ kind: 'failure', seat, failure });
    if (game.info.failurePolicy === 'takeover' || failure.kind === 'crash' || failure.kind === 'exit') {
      resume(seat);
      s.close(0);
    }
  };
  const record = (
    seat: Seat,
    line: string,
    by: MoveRecord['by'],
    time: MoveTime | null,
    cause?: MissedTurnCause,
  ): void => {
    const ply = moves.length;
    moves.push({
      ply,
      seat,
      line,
      by,
      ...(cause ? { cause } : {}),
      ...(time ? { wallUs: time.wallUs, cpuUs: time.cpuUs, chargedUs: time.chargedUs } : {}),
    });
    options.onEvent?.({ kind: 'move', ply, seat, line, by, chargedUs: time?.chargedUs ?? null, state });
  };
  const applyMove = (
    seat: Seat,
    move: unknown,
    line: string,
    by: MoveRecord['by'],
    time: MoveTime | null,
  ): void => {
    const before = state;
    state = game.apply(before, move);
    pending = game.afterMove(before, move, state);
    record(seat, line, by, time);
  };
  const miss = (seat: Seat, cause: MissedTurnCause, line: string, time: MoveTime | null): void => {
    const before = state;
    state = (game.missedTurn as NonNullable<AnyGameModule['missedTurn']>)(before, cause);
    pending = (game.afterMissedTurn as NonNullable<AnyGameModule['afterMissedTurn']>)(before, state);
    book(seat).missed[cause] += 1;
    record(seat, line, 'missed', time, cause);
  };

  for (let actor = game.toAct(state); actor !== null; actor = game.toAct(state)) {
    const s = book(actor);
    const ply = moves.length;
    const playsItself = s.failure === null || (perMove && !s.closed);
    if (official && playsItself && running !== actor) {
      // Only the program that must move runs: the others are stopped, so they cannot steal its CPU.
      for (let other = 0; other < seats.length; other++) if (other !== actor) suspend(other);
      resume(actor);
      running = actor;
    }
    if (!playsItself) {
      deliver(pending);
      pending = [];
      if (perMove) {
        miss(actor, 'gone', '', null);
      } else {
        s.takeover ??= { fromPly: ply, moves: 0 };
        s.takeover.moves += 1;
        const move = game.takeover(state, seed);
        applyMove(actor, move, game.formatMove(move), 'takeover', null);
      }
      continue;
    }

    // The others' lines first; then the clock starts and the actor's own lines (its prompt) are written,
    // so neither the judge's work nor the other writes are charged to it.
    const own = pending.filter((d) => d.seat === actor);
    deliver(own.length === pending.length ? [] : pending.filter((d) => d.seat !== actor));
    pending = [];
    if (own.length > 0) {
      clock.start(actor);
      deliver(own);
    } else {
      clock.start(actor, s.prompted ? undefined : s.lastLineAtUs);
    }
    s.prompted = false;
    const reply = await readReply(s, clock);
    if (reply.kind === 'line' || reply.kind === 'bad-line') {
      lines.push({
        t: reply.atUs - t0,
        dir: 'out',
        seat: actor,
        text: reply.kind === 'line' ? reply.line : `<${reply.code}>`,
      });
      s.lastLineAtUs = reply.atUs;
    }
    // Per-move games: a program that timed out still owes that reply. Stopped in official mode, it writes
    // it only once resumed, after its next prompt, so the drain before the prompt cannot catch it.
    if (perMove && reply.kind === 'timeout') s.owed += 1;
    const time =
      reply.kind === 'closed'
        ? (clock.abandon(), null)
        : clock.stop(reply.kind === 'timeout' ? undefined : reply.atUs);
    if (time && reply.kind !== 'timeout') s.countMove(time);
    const usedUs = perMove ? (time?.chargedUs ?? 0) : clock.totals(actor).chargedUs;

    const verdict = judgeReply(game, state, ply, reply, time, usedUs);
    if (verdict.ok) {
      applyMove(actor, verdict.move, verdict.line, 'bot', time);
    } else if (perMove) {
      const kind = verdict.failure.kind;
      const cause: MissedTurnCause =
        kind === 'timeout' ? 'timeout' : kind === 'crash' || kind === 'exit' ? 'gone' : 'invalid';
      if (cause === 'gone') fail(actor, verdict.failure);
      miss(actor, cause, reply.kind === 'line' ? reply.line : '', time);
    } else {
      fail(actor, verdict.failure);
    }
  }

  // The end: everybody may run again, reads its last lines, and is shut down.
  for (let seat = 0; seat < seats.length; seat++) resume(seat);
  deliver(pending);
  const ruleFailures = game.ruleFailures?.(state) ?? [];
  ruleFailures.forEach((reason, seat) => {
    if (reason !== null && book(seat).failure === null)
      book(seat).failure = { kind: 'rules', ply: moves.length, reason };
  });
  await Promise.all(seats.map((s) => (s.close(graceMs), s.shutdown)));
  const end = game.end(state);
  if (end === null) throw new Error('referee: the game has no end although nobody is to act');
  const scores = game.scores(
    state,
    seats.map((s) => s.failure !== null),
  );
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    jury: JURY_VERSION,
    game: game.info.id,
    rulesVersion: game.info.rulesVersion,
    seed,
    board,
    timing: { mode: options.timing, control },
    limits: copyLimits(options.limits ?? null),
    startedAt,
    durationUs: monotonicUs() - t0,
    seats: seats.map((s, seat) =>
      // A program that did not fail but still had to be killed ignored its Quit (or stdin closing).
      s.toRecord(
        scores[seat] ?? 0,
        clock.totals(seat),
        s.failure === null && s.channel.exit?.signal === 'SIGKILL',
      ),
    ),
    lines,
    moves,
    end,
    scores: [...scores],
  };
}

/** Waits for the actor's reply; in cpu mode, re-checks the CPU budget whenever the wait runs out. */
async function readReply(s: SeatBook, clock: TimeKeeper): Promise<ReadResult> {
  for (;;) {
    const result = await s.channel.read(clock.waitLimitUs());
    if (result.kind === 'line' && s.owed > 0) {
      s.owed -= 1; // the late reply to an earlier prompt: not this turn's answer
      continue;
    }
    if (result.kind !== 'timeout' || clock.isOverdue()) return result;
  }
}

/** A reply judged: the move it stands for, or the failure it is. */
type Verdict =
  | { readonly ok: true; readonly move: unknown; readonly line: string }
  | { readonly ok: false; readonly failure: Failure };

/** Judges a reply: parses it once and checks it, or says how the program failed. */
function judgeReply(
  game: AnyGameModule,
  state: unknown,
  ply: number,
  reply: ReadResult,
  time: MoveTime | null,
  usedUs: number,
): Verdict {
  const failed = (failure: Failure): Verdict => ({ ok: false, failure });
  switch (reply.kind) {
    case 'timeout':
      return failed({ kind: 'timeout', ply, usedUs, pending: reply.pending });
    case 'closed': {
      const exit = reply.exit;
      if (exit?.startError !== undefined) return failed({ kind: 'start', ply, reason: exit.startError });
      // Killed by our own SIGKILL only after it closed its output: that is stopping early, not a crash.
      const crashed =
        exit !== null && (exit.code !== 0 || (exit.signal !== null && exit.signal !== 'SIGKILL'));
      return failed({ kind: crashed ? 'crash' : 'exit', ply, exit, pending: reply.pending });
    }
    case 'bad-line':
      return failed({ kind: 'protocol', ply, code: reply.code, detail: reply.detail });
    case 'line': {
      if (time?.late) return failed({ kind: 'timeout', ply, usedUs, pending: '' });
      if (reply.line.trim() === '') {
        return failed({
          kind: 'protocol',
          ply,
          code: 'empty-line',
          detail: 'an empty line instead of a move',
        });
      }
      const parsed = game.parseReply(state, reply.line);
      if (!parsed.ok)
        return failed({ kind: 'unreadable', ply, line: reply.line, reason: parsed.error.message });
      const reason = game.checkMove(state, parsed.value);
      if (reason !== null) return failed({ kind: 'illegal', ply, line: reply.line, reason });
      return { ok: true, move: parsed.value, line: reply.line };
    }
  }
}

/** A mutable copy of a limits report for the record. */
function copyLimits(l: LimitsReport | null): GameRecord['limits'] {
  if (l === null) return null;
  return {
    requested: { ...l.requested },
    applied: l.applied.map((a) => ({ ...a })),
    notApplied: l.notApplied.map((n) => ({ ...n })),
    containment: l.containment,
  };
}
