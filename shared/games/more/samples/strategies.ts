import type { Prng } from '../../../random/prng.ts';
import { moreGame, type MoreMove, type MoreState } from '../index.ts';
import { stoneMoves } from '../rules.ts';
import { TARGET_SQUARES, forSeat } from '../state.ts';
import { assignmentCost, cornerTables, type CornerTables } from '../../walls/greedy-distances.ts';

/** How a sample More player picks its move (the seat to move is the player's own). */
export type MoreChooser = (state: MoreState, rng: Prng) => MoreMove;

/** A uniformly random legal move. */
export const randomMoreMove: MoreChooser = (state, rng) => rng.pick(moreGame.legalMoves(state));

/**
 * The move with the smallest "points it costs now + relaxed distance home afterwards" (see
 * walls/greedy-distances.ts). Points are what the score counts (moves plus penalties), so a wall is
 * crossed only when going round it costs more. Ties go to chance. It never looks at the opponent's plans, which is
 * what makes it greedy rather than good.
 */
export const greedyMoreMove: MoreChooser = (state, rng) => {
  const seat = state.toAct ?? 0;
  const tables = cornerTables(state.grid, TARGET_SQUARES)[seat] as CornerTables;
  const own = forSeat(state.stones, seat);
  let best: MoreMove[] = [];
  let bestValue = Infinity;
  for (const m of stoneMoves(state, seat)) {
    const value =
      m.cost +
      assignmentCost(
        tables,
        own.map((sq) => (sq === m.from ? m.to : sq)),
      );
    if (value < bestValue) {
      bestValue = value;
      best = [];
    }
    if (value === bestValue) best.push({ from: m.from, to: m.to });
  }
  return rng.pick(best);
};
