import type { WallGrid } from './grid.ts';
import { relaxedDistances } from './home-cost.ts';

/**
 * Distance estimates for the greedy players of the wall games (Less and More), where four pieces must
 * fill a 2 × 2 target corner.
 */

/** For each target square of a corner, the relaxed distance of every square to it. */
export type CornerTables = readonly (readonly number[])[];

/** All 24 orders of four things. */
const ORDERS: readonly (readonly number[])[] = orders([0, 1, 2, 3]);

function orders(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => orders(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));
}

/** Tables per board and corner list, so that a game computes them once. */
const cache = new WeakMap<WallGrid, Map<readonly (readonly number[])[], readonly CornerTables[]>>();

/**
 * Per corner of `corners` (one per seat), per target square: the relaxed distance of every square to it
 * (walls/home-cost.ts: a step costs 1 plus the walls crossed, a jump over a piece that may or may not be
 * there costs 1 wherever no wall is in the way; other pieces are ignored). Computed once per board.
 */
export function cornerTables(
  grid: WallGrid,
  corners: readonly (readonly number[])[],
): readonly CornerTables[] {
  let byCorners = cache.get(grid);
  if (!byCorners) {
    byCorners = new Map();
    cache.set(grid, byCorners);
  }
  let tables = byCorners.get(corners);
  if (!tables) {
    tables = corners.map((targets) => targets.map((t) => relaxedDistances(grid, [t])));
    byCorners.set(corners, tables);
  }
  return tables;
}

/**
 * The cheapest way to give each of four pieces its own target square: the smallest sum of relaxed
 * distances over the 24 assignments. A plain "distance to the nearest target" would let all four pieces
 * aim at the same square.
 */
export function assignmentCost(tables: CornerTables, pieces: readonly number[]): number {
  let best = Infinity;
  for (const order of ORDERS) {
    let sum = 0;
    for (let i = 0; i < 4; i++)
      sum += (tables[order[i] as number] as number[])[pieces[i] as number] as number;
    if (sum < best) best = sum;
  }
  return best;
}
