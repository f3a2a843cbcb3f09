import { deriveSeed, Prng, type Seed } from '../../random/prng.ts';
import { homeDistances } from '../walls/home-distances.ts';
import { stoneMoves } from './rules.ts';
import { planAroundStones } from './plan.ts';
import { forSeat, opponent, TARGET_SQUARES, type MoreMove, type MoreState } from './state.ts';

/**
 * The judge's player for a failed program: a shortest-path player.
 *
 * 1. It plans the cheapest way home it can find with the opponent's stones standing where they are
 *    (plan.ts): with nothing in the way that is exactly a cheapest plan of walls/home-cost.ts; with the
 *    opponent in the way it is a detour, or a jump over the opponent's stones. It plays the plan's first
 *    move, and plans again next turn, since the opponent will have moved.
 * 2. When no such plan exists (an opponent stone stands on one of its target squares, as at the start)
 *    it plays the move with the smallest own points plus exact minimum points still needed with the
 *    opponent's stones gone, breaking ties with a Prng seeded from `seed` and the number of moves played.
 *
 * Planning around the opponent matters: a player that only counts the distance without the opponent
 * waits forever when the two sides stand in each other's way, and the game is cut off.
 * The same state and seed always give the same move, and the move is always legal.
 *
 * Only meaningful while the game runs; on a finished game it returns a move that rules.ts `checkMove`
 * rejects (the game is over).
 */
export function takeoverMove(state: MoreState, seed: Seed): MoreMove {
  const seat = state.toAct;
  if (seat === null) return { from: 0, to: 0 };
  const targets = TARGET_SQUARES[seat] as readonly number[];
  const distances = homeDistances(state.board, state.grid, targets);
  const own = forSeat(state.stones, seat);
  const plan = planAroundStones(state.grid, own, forSeat(state.stones, opponent(seat)), targets, distances);
  if (plan !== null) return { from: plan.from, to: plan.to };
  let bestValue = Infinity;
  let best: MoreMove[] = [];
  for (const m of stoneMoves(state, seat)) {
    const value = m.cost + distances.cost(own.map((sq) => (sq === m.from ? m.to : sq)));
    if (value < bestValue) {
      bestValue = value;
      best = [];
    }
    if (value === bestValue) best.push({ from: m.from, to: m.to });
  }
  if (best.length <= 1) return best[0] ?? { from: 0, to: 0 };
  return Prng.fromSeed(deriveSeed(seed, 'more-takeover', state.moves[0] + state.moves[1])).pick(best);
}
