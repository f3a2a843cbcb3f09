import type { GameEndKind } from '../../../shared/games/end.ts';
import type { GameRecord, SeatRecord } from './schema.ts';

/**
 * What the runner and the store take from a finished game's record besides its text: the facts its
 * outcome is made of (scores, statuses, times, the way it ended, the time budget), the facts checked
 * against the schedule (game, seed, board) and its duration. The fields keep the record's names.
 */
export interface RecordSummary {
  readonly game: GameRecord['game'];
  readonly seed: number;
  readonly board: string | null;
  readonly durationUs: number;
  readonly end: GameEndKind;
  /** The budget of the game's time control in microseconds (a game's total, or a move's deadline). */
  readonly budgetUs: number;
  readonly scores: readonly number[];
  readonly seats: readonly SummarySeat[];
}

/** One seat of a {@link RecordSummary}: its status and the time figures of the record's seat. */
export interface SummarySeat {
  readonly status: SeatRecord['status'];
  readonly time: { readonly chargedUs: number; readonly maxChargedUs: number; readonly moves: number };
}

/** The summary of a checked record (the same figures `outcomeOf` has always read from it). */
export function summarize(record: GameRecord): RecordSummary {
  const tc = record.timing.control;
  return {
    game: record.game,
    seed: record.seed,
    board: record.board,
    durationUs: record.durationUs,
    end: record.end.kind,
    budgetUs: (tc.kind === 'game-total' ? tc.budgetMs : tc.deadlineMs) * 1000,
    scores: record.scores,
    seats: record.seats.map((s) => ({
      status: s.status,
      time: { chargedUs: s.time.chargedUs, maxChargedUs: s.time.maxChargedUs, moves: s.time.moves },
    })),
  };
}
