import type { GameRecord } from '../record/schema.ts';
import type { GameOutcome, ScheduledGame } from '../../../shared/tournament/types.ts';

/** What a finished game's record contributes to the tournament: its outcome for standings and pairings. */
export function outcomeOf(game: ScheduledGame, record: GameRecord): GameOutcome {
  const tc = record.timing.control;
  return {
    index: game.index,
    seats: [...game.seats],
    scores: [...record.scores],
    statuses: record.seats.map((s) => s.status),
    end: record.end.kind,
    times: record.seats.map((s) => ({
      chargedUs: s.time.chargedUs,
      maxMoveUs: s.time.maxChargedUs,
      moves: s.time.moves,
    })),
    budgetUs: (tc.kind === 'game-total' ? tc.budgetMs : tc.deadlineMs) * 1000,
  };
}
