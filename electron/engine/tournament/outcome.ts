import type { GameRecord } from '../record/schema.ts';
import { summarize, type RecordSummary } from '../record/summary.ts';
import { VouchedRecord } from '../record/vouched.ts';
import type { GameOutcome, ScheduledGame } from '../../../shared/tournament/types.ts';

/** A played game's record: a local game's checked-in-memory record, or a remote worker's sealed one. */
export type PlayedRecord = GameRecord | VouchedRecord;

/** The summary a played record's outcome is made of (a sealed record carries it, signed). */
export function summaryOf(record: PlayedRecord): RecordSummary {
  return record instanceof VouchedRecord ? record.summary : summarize(record);
}

/** What a finished game's record contributes to the tournament: its outcome for standings and pairings. */
export function outcomeOf(game: ScheduledGame, record: PlayedRecord): GameOutcome {
  return outcomeFromSummary(game, summaryOf(record));
}

/** {@link outcomeOf} from a record's summary. */
export function outcomeFromSummary(game: ScheduledGame, s: RecordSummary): GameOutcome {
  return {
    index: game.index,
    seats: [...game.seats],
    scores: [...s.scores],
    statuses: s.seats.map((seat) => seat.status),
    end: s.end,
    times: s.seats.map((seat) => ({
      chargedUs: seat.time.chargedUs,
      maxMoveUs: seat.time.maxChargedUs,
      moves: seat.time.moves,
    })),
    budgetUs: s.budgetUs,
  };
}
