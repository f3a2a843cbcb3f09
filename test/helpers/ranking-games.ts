import type { GameOutcome, ScheduledGame, SeatStatus } from '../../shared/tournament/types.ts';

/** A finished game and its scheduled entry, for ranking tests. */
export interface Played {
  readonly game: ScheduledGame;
  readonly outcome: GameOutcome;
}

/** Builds games one after the other (schedule index = order of creation). */
export function games(): {
  play(
    stage: string,
    seats: readonly string[],
    scores: readonly number[],
    options?: { statuses?: readonly SeatStatus[]; round?: number; match?: string },
  ): Played;
  readonly all: Played[];
} {
  const all: Played[] = [];
  return {
    all,
    play(stage, seats, scores, options = {}) {
      const index = all.length;
      const game: ScheduledGame = {
        index,
        stage,
        round: options.round ?? 1,
        seats: [...seats],
        seed: index,
        board: null,
        match: options.match ?? `${stage}/g${index}`,
      };
      const outcome: GameOutcome = {
        index,
        seats: [...seats],
        scores: [...scores],
        statuses: options.statuses ? [...options.statuses] : seats.map(() => 'OK'),
        end: 'all-home',
        times: seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 })),
        budgetUs: 1,
      };
      const played = { game, outcome };
      all.push(played);
      return played;
    },
  };
}
