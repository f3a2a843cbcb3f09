import type { GameEnd } from '../end.ts';
import type { Seat } from '../types.ts';
import { EMPTY, NEUTRAL } from './board.ts';
import { BOTS, TURN_LIMIT } from './state.ts';

/** What the end conditions look at; a {@link FlitState} has all of it. */
export interface EndFacts {
  /** Cells per value: index 0 empty, 1–4 colours, 5 neutral. */
  readonly counts: readonly number[];
  readonly passStreak: number;
  readonly turns: number;
}

/**
 * The catch-up rule of the text: with D the bot's pieces, A, B, C the others', N the neutral pieces, E
 * the empty squares, P = N + E − 4 and M = max(A + P, B + P, C + P), the bot is out of reach when D > M.
 * Returns the first such seat in playing order, or `null`. (While the board has more than a few empty
 * squares P is positive and at most one bot can qualify; the order only matters on absurd boards.)
 */
export function outOfReach(counts: readonly number[]): Seat | null {
  const potential = (counts[NEUTRAL] ?? 0) + (counts[EMPTY] ?? 0) - 4;
  for (let seat = 0; seat < BOTS; seat++) {
    const own = counts[seat + 1] ?? 0;
    let best = -Infinity;
    for (let other = 0; other < BOTS; other++) {
      if (other !== seat) best = Math.max(best, (counts[other + 1] ?? 0) + potential);
    }
    if (own > best) return seat;
  }
  return null;
}

/**
 * How the game ended after the last turn, or `null` while it runs. When several conditions hold at
 * once the first of these names it: out of reach, all four did not move, the turn limit.
 */
export function findEnd(facts: EndFacts): GameEnd | null {
  const leader = outOfReach(facts.counts);
  if (leader !== null) return { kind: 'out-of-reach', seat: leader };
  if (facts.passStreak >= BOTS) return { kind: 'all-passed' };
  if (facts.turns >= TURN_LIMIT) return { kind: 'move-limit', moves: TURN_LIMIT };
  return null;
}

/**
 * The scores: 1 for the one bot with the most pieces, 0 for everybody else; when two or more bots share
 * the most pieces nobody scores. A frozen or crashed bot keeps its pieces and can still win: freezing
 * is the only penalty the rules give, so `failed` does not change the scores.
 */
export function flitScores(counts: readonly number[], _failed: readonly boolean[]): readonly number[] {
  const pieces = Array.from({ length: BOTS }, (_, seat) => counts[seat + 1] ?? 0);
  const most = Math.max(...pieces);
  const leaders = pieces.filter((n) => n === most).length;
  return pieces.map((n) => (leaders === 1 && n === most ? 1 : 0));
}
