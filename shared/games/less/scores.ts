import { TEAMS } from './facts.ts';
import type { LessState } from './state.ts';

/** A team's total: both players' charged turn points plus their rush points. Team 0 is Yellow + White. */
export function teamTotal(state: LessState, team: number): number {
  return (TEAMS[team] ?? []).reduce(
    (sum, seat) => sum + (state.charged[seat] as number) + (state.rushPoints[seat] as number),
    0,
  );
}

/**
 * A team's score from both totals: 10 − own total + other total, clamped to 0..20; the other team gets
 * 20 minus it. The rules' example: 55 against 60 scores 10 − 55 + 60 = 15, and the other team 5.
 */
export function teamScore(ownTotal: number, otherTotal: number): number {
  return Math.min(20, Math.max(0, 10 - ownTotal + otherTotal));
}

/**
 * Every seat's final score: its team's score, or 0 for a program that failed (`failed[seat]`, set by the
 * referee) or did not finish its rush within the move limit. A failed player's partner keeps the score.
 */
export function lessScores(state: LessState, failed: readonly boolean[]): readonly number[] {
  const yellowWhite = teamScore(teamTotal(state, 0), teamTotal(state, 1));
  return [0, 1, 2, 3].map((seat) => {
    if (failed[seat] === true || state.rushFailed[seat] === true) return 0;
    return seat % 2 === 0 ? yellowWhite : 20 - yellowWhite;
  });
}
