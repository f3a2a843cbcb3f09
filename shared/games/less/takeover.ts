import { Prng, type Seed } from '../../random/prng.ts';
import type { Seat } from '../types.ts';
import { relaxedDistances } from '../walls/home-cost.ts';
import type { WallGrid } from '../walls/grid.ts';
import { TARGET_SQUARES, partnerOf } from './facts.ts';
import { blockedDistances } from './distances.ts';
import { PERMUTATIONS, rushPlan } from './rush-plan.ts';
import { actorOf, type LessMove, type LessState, type LessStep } from './state.ts';
import { forEachTurn } from './turns.ts';

/**
 * The judge's player for the seat to act, deterministic in (state, seed):
 * - in normal play, the turn after which the team's pieces are closest to home (see teamPotential:
 *   the cheapest assignment of pieces to distinct target squares, by distances that go around the
 *   other pieces). Ties go to the turn using fewer points, then to a seeded random choice;
 * - in the rush, the first move of a cheapest plan home (see rushPlan).
 * The caller must not call it when the game is over.
 */
export function lessTakeover(state: LessState, seed: Seed): LessMove {
  const seat = actorOf(state);
  if (seat === null) throw new Error('lessTakeover: the game is over');
  if (state.rush) {
    const [from, to] = rushPlan(
      state.grid,
      state.pieces[seat] as readonly number[],
      TARGET_SQUARES[seat] as readonly number[],
    ).moves[0] as readonly [number, number];
    return { steps: [{ from, to }] };
  }
  const potential = teamPotential(state.grid, state.pieces, seat);
  let best: LessStep[][] = [];
  let bestKey = Infinity;
  forEachTurn(state.grid, state.pieces, seat, (steps, used, pieces) => {
    // Distance first, then points: a turn that gets as close with fewer moves wastes nothing.
    const key = potential(pieces) * 8 + used;
    if (key < bestKey) {
      bestKey = key;
      best = [];
    }
    if (key === bestKey) best.push([...steps]);
  });
  return { steps: Prng.fromSeed(seed).pick(best) };
}

/**
 * Extra cost of a piece standing in its partner's target corner: there it is in the partner's way, and
 * nothing else in the estimate says so (the partner's pieces wait for it without seeming to be blocked).
 */
const IN_PARTNERS_WAY = 2;

/** What a piece boxed in for good (no way home around the others) counts, on top of its relaxed distance. */
const BOXED_IN = 20;

/**
 * The estimate the takeover player minimises: over the seat's and its partner's pieces, the cheapest
 * assignment of pieces to distinct target squares, with distances that go around the other pieces
 * (blockedDistances), plus {@link IN_PARTNERS_WAY} per piece in its partner's corner. Results are
 * remembered per seat and position within one takeover call: many turns end in the same position.
 */
function teamPotential(
  grid: WallGrid,
  pieces: readonly (readonly number[])[],
  seat: Seat,
): (pieces: readonly (readonly number[])[]) => number {
  const parts = [seat, partnerOf(seat)].map((s) => {
    const targets = TARGET_SQUARES[s] as readonly number[];
    // Everybody else's pieces stand still while this seat's pieces move; pieces in the way on the target
    // squares themselves are bound to leave, so they do not block.
    const blocked = new Uint8Array(grid.size * grid.size);
    pieces.forEach((squares, other) => {
      if (other !== s) for (const sq of squares) blocked[sq] = targets.includes(sq) ? 0 : 1;
    });
    const relaxed = targets.map((t) => relaxedDistances(grid, [t]));
    const maps = targets.map((t, j) =>
      Array.from(blockedDistances(grid, t, blocked), (d, sq) =>
        Number.isFinite(d) ? d : ((relaxed[j] as number[])[sq] as number) + BOXED_IN,
      ),
    );
    return {
      seat: s,
      maps,
      inTheWay: TARGET_SQUARES[partnerOf(s)] as readonly number[],
      memo: new Map<number, number>(),
    };
  });
  return (position) => {
    let sum = 0;
    for (const { seat: s, maps, inTheWay, memo } of parts) {
      const squares = position[s] as readonly number[];
      const key = squares.reduce((k, sq) => k * 64 + sq, 0);
      let value = memo.get(key);
      if (value === undefined) {
        value =
          assignment(maps, squares) + IN_PARTNERS_WAY * squares.filter((sq) => inTheWay.includes(sq)).length;
        memo.set(key, value);
      }
      sum += value;
    }
    return sum;
  };
}

/** The cheapest way to give each of four pieces its own target, by trying all 24 orders. */
function assignment(maps: readonly (readonly number[])[], squares: readonly number[]): number {
  const cost = (piece: number, target: number): number =>
    (maps[target] as readonly number[])[squares[piece] as number] as number;
  let best = Infinity;
  for (const [a, b, c, d] of PERMUTATIONS) {
    best = Math.min(best, cost(0, a) + cost(1, b) + cost(2, c) + cost(3, d));
  }
  return best;
}
