import type { WallGrid } from '../walls/grid.ts';
import { pieceMoves } from '../walls/moves.ts';
import type { HomeDistances } from '../walls/home-distances.ts';

/** The first move of a plan, and what the whole plan costs in points. */
export interface PlanStart {
  readonly from: number;
  readonly to: number;
  readonly cost: number;
}

const BITS = 6;
const MASK = (1 << BITS) - 1;

/** A cap on the positions one search may look at; beyond it the caller falls back to its simpler rule. */
const SEARCH_LIMIT = 5_000;

/**
 * A cheap way home for four stones `own` while the stones on `others` stay where they are: they block
 * steps, and can be jumped over like any stone. A* over the placements of the four stones, guided by
 * `estimate` (the exact cost with the other stones gone). That guide is exact whenever nothing is in the
 * way, so the search then walks straight down a cheapest plan; when the other stones block that plan it
 * finds the cheapest detour. Because the other stones also allow extra jumps the guide may overestimate
 * a little, so the plan found is cheap but not guaranteed cheapest.
 *
 * Returns `null` when there is no such plan (another stone stands on a target square) or when the search
 * would look at more than {@link SEARCH_LIMIT} placements; the caller must then choose differently.
 */
export function planAroundStones(
  grid: WallGrid,
  own: readonly number[],
  others: readonly number[],
  targets: readonly number[],
  estimate: HomeDistances,
): PlanStart | null {
  if (targets.some((sq) => others.includes(sq))) return null;
  const blocked = new Set(others);
  const startKey = pack([...own].sort((a, b) => a - b));
  const goalKey = pack([...targets].sort((a, b) => a - b));

  const best = new Map<number, number>([[startKey, 0]]);
  // The first move on the cheapest known way to each placement, as `from << 8 | to`.
  const firstMove = new Map<number, number>();
  // A queue of lists by f = g + estimate; f is a small whole number, so lists beat a heap.
  const queue: number[][] = [];
  let lowest = estimate.cost(own);
  queue[lowest] = [startKey];
  let expanded = 0;

  while (lowest < queue.length) {
    const key = queue[lowest]?.pop();
    if (key === undefined) {
      lowest++;
      continue;
    }
    const squares = unpack(key);
    const g = best.get(key) ?? Infinity;
    if (g + estimate.cost(squares) !== lowest) continue; // a stale entry
    if (key === goalKey) {
      const first = firstMove.get(key);
      return first === undefined ? null : { from: first >> 8, to: first & 0xff, cost: g };
    }
    if (++expanded > SEARCH_LIMIT) return null;
    const occupied = (sq: number): boolean => blocked.has(sq) || squares.includes(sq);
    for (const from of squares) {
      for (const m of pieceMoves(grid, occupied, from)) {
        const next = squares.map((sq) => (sq === from ? m.to : sq)).sort((a, b) => a - b);
        const nextKey = pack(next);
        const ng = g + m.cost;
        if (ng >= (best.get(nextKey) ?? Infinity)) continue;
        best.set(nextKey, ng);
        firstMove.set(nextKey, key === startKey ? (from << 8) | m.to : (firstMove.get(key) as number));
        const f = ng + estimate.cost(next);
        (queue[f] ??= []).push(nextKey);
        if (f < lowest) lowest = f;
      }
    }
  }
  return null;
}

function pack(squares: readonly number[]): number {
  return squares.reduce((acc, sq, i) => acc | (sq << (i * BITS)), 0);
}

function unpack(key: number): number[] {
  return [0, 1, 2, 3].map((i) => (key >> (i * BITS)) & MASK);
}
