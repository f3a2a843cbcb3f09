import type { GameEnd } from '../../../shared/games/end.ts';
import type { AnyGameModule, TimeControl } from '../../../shared/games/types.ts';
import { monotonicUs } from '../channel.ts';
import type { LimitsReport } from '../process/limits.ts';
import {
  RECORD_FORMAT,
  RECORD_VERSION,
  type GameRecord,
  type LineRecord,
  type MoveRecord,
} from '../record/schema.ts';
import type { TimeKeeper, TimingMode } from '../timing/time-keeper.ts';
import { JURY_VERSION } from '../version.ts';
import type { SeatBook } from './seat-book.ts';

/** Everything a finished game's record is made of. */
export interface FinishedGame {
  readonly game: AnyGameModule;
  readonly seed: number;
  readonly board: string | null;
  readonly timing: TimingMode;
  readonly control: TimeControl;
  readonly limits: LimitsReport | null;
  readonly startedAt: string;
  /** The game's start on the monotonic clock. */
  readonly t0: number;
  readonly books: readonly SeatBook[];
  readonly clock: TimeKeeper;
  readonly lines: LineRecord[];
  readonly moves: MoveRecord[];
  readonly end: GameEnd;
  readonly scores: readonly number[];
}

/**
 * The record of a finished game. Call it once every program has been shut down (the seats' exits are
 * part of it); its duration runs until now. The key order is the stored form's: keep it.
 */
export function gameRecord(g: FinishedGame): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    jury: JURY_VERSION,
    game: g.game.info.id,
    rulesVersion: g.game.info.rulesVersion,
    seed: g.seed,
    board: g.board,
    timing: { mode: g.timing, control: g.control },
    limits: copyLimits(g.limits),
    startedAt: g.startedAt,
    durationUs: monotonicUs() - g.t0,
    seats: g.books.map((s, seat) =>
      // A program that did not fail but still had to be killed ignored its Quit (or stdin closing).
      s.toRecord(
        g.scores[seat] ?? 0,
        g.clock.totals(seat),
        s.failure === null && s.channel.exit?.signal === 'SIGKILL',
      ),
    ),
    lines: g.lines,
    moves: g.moves,
    end: g.end,
    scores: [...g.scores],
  };
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
