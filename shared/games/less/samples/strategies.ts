import type { Prng } from '../../../random/prng.ts';
import type { Seat } from '../../types.ts';
import { lessGame, type LessMove, type LessState } from '../index.ts';
import { TARGET_SQUARES, partnerOf } from '../facts.ts';
import { rushPlan } from '../rush-plan.ts';
import { formatStep } from '../rules.ts';
import { forEachTurn } from '../turns.ts';
import { assignmentCost, cornerTables, type CornerTables } from '../../walls/greedy-distances.ts';

/** How a sample Less player picks its turn in normal play (the seat to act is the player's own). */
export type LessChooser = (state: LessState, rng: Prng) => LessMove;

/** A uniformly random legal turn (every distinct sequence of one to three moves is one candidate). */
export const randomLessTurn: LessChooser = (state, rng) => rng.pick(lessGame.legalMoves(state));

/** Points a piece standing in the partner's target corner counts: it will be in the partner's way. */
const IN_PARTNERS_WAY = 2;

/**
 * The turn after which the team's pieces are closest to home: for the player and its partner, the
 * relaxed distance of walls/greedy-distances.ts (walls counted, other pieces ignored), plus a small
 * penalty for a piece parked in the partner's target corner. Ties go to the turn using fewer points, then to chance.
 * It does not look at the opponents at all, which is what makes it greedy rather than good.
 */
export const greedyLessTurn: LessChooser = (state, rng) => {
  const seat = lessGame.toAct(state) as Seat;
  const tables = cornerTables(state.grid, TARGET_SQUARES);
  const team = [seat, partnerOf(seat)];
  let best: LessMove[] = [];
  let bestKey = Infinity;
  forEachTurn(state.grid, state.pieces, seat, (steps, used, pieces) => {
    let distance = 0;
    for (const s of team) {
      const squares = pieces[s] as readonly number[];
      distance += assignmentCost(tables[s] as CornerTables, squares);
      const partnersCorner = TARGET_SQUARES[partnerOf(s)] as readonly number[];
      for (const sq of squares) if (partnersCorner.includes(sq)) distance += IN_PARTNERS_WAY;
    }
    // Distance first; a turn that gets as close with fewer points wastes nothing (3 points a turn).
    const key = distance * 4 + used;
    if (key < bestKey) {
      bestKey = key;
      best = [];
    }
    if (key === bestKey) best.push({ steps: [...steps] });
  });
  return rng.pick(best);
};

/**
 * The whole final rush of `seat` as reply lines, one move each: a cheapest way home found by the game
 * module's planner, on a board holding only the seat's own pieces (the rules take the others off). Both
 * sample players rush this way: wandering at random would hit Jury's 100-move rush limit and score 0.
 */
export function rushLines(state: LessState, seat: Seat): string[] {
  const plan = rushPlan(
    state.grid,
    state.pieces[seat] as readonly number[],
    TARGET_SQUARES[seat] as readonly number[],
  );
  return plan.moves.map(([from, to]) => formatStep({ from, to }));
}
