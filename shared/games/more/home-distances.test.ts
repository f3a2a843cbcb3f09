import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import { formatWallGrid, parseSquare, parseWallGrid, type WallGrid, gridWithWalls } from '../walls/grid.ts';
import { homeCost } from '../walls/home-cost.ts';
import { generateTiledBoard } from '../walls/tiles.ts';
import { computeHomeDistances, homeDistances } from '../walls/home-distances.ts';
import { SAMPLE_BOARD, TARGET_SQUARES } from './state.ts';

const sq = (name: string): number => parseSquare(6, name) as number;
const WHITE_TARGETS = TARGET_SQUARES[0] as readonly number[];
const BLACK_TARGETS = TARGET_SQUARES[1] as readonly number[];

function grid(board: string): WallGrid {
  const parsed = parseWallGrid(6, board);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Both exact computations of the minimum remaining points; the test asserts they agree. */
function both(g: WallGrid, stones: readonly string[], targets: readonly number[]): [number, number] {
  const squares = stones.map(sq);
  return [computeHomeDistances(g, targets).cost(squares), homeCost(g, squares, targets)];
}

describe('More minimum remaining points (cut-off charge)', () => {
  const open = gridWithWalls(6, []);

  it('is 0 for stones already home, in any order', () => {
    expect(both(open, ['b2', 'a1', 'b1', 'a2'], WHITE_TARGETS)).toEqual([0, 0]);
    expect(both(open, ['f6', 'e5', 'e6', 'f5'], BLACK_TARGETS)).toEqual([0, 0]);
  });

  it('is 1 for one plain step home, and 2 for two', () => {
    expect(both(open, ['a1', 'a2', 'b1', 'c2'], WHITE_TARGETS)).toEqual([1, 1]);
    expect(both(open, ['a1', 'a2', 'b1', 'd2'], WHITE_TARGETS)).toEqual([2, 2]);
  });

  it('uses a jump over an own stone: c2 d2 need 3 (d2 jumps to b2, c2 goes round by c1), not 4', () => {
    expect(both(open, ['a1', 'a2', 'c2', 'd2'], WHITE_TARGETS)).toEqual([3, 3]);
  });

  it('charges walls: across a double wall costs 3, and wins when going round costs more', () => {
    expect(both(gridWithWalls(6, [['b2', 'c2', 2]]), ['a1', 'a2', 'b1', 'c2'], WHITE_TARGETS)).toEqual([
      3, 3,
    ]);
    const boxed = gridWithWalls(6, [
      ['b2', 'c2', 2],
      ['b2', 'b3', 2],
    ]);
    expect(both(boxed, ['a1', 'a2', 'b1', 'c2'], WHITE_TARGETS)).toEqual([3, 3]);
    // A single wall is cheaper than going round (1 + 1 = 2 against 3).
    expect(both(gridWithWalls(6, [['b2', 'c2', 1]]), ['a1', 'a2', 'b1', 'c2'], WHITE_TARGETS)).toEqual([
      2, 2,
    ]);
  });

  it('cannot jump across a wall, so the stone steps instead', () => {
    // c2 d2 with a single wall c2|b2: d2 cannot jump over c2 into b2. Best: c2→c1→b1 (2), then
    // d2→c2 (1) and across the wall into b2 (2): 5.
    const g = gridWithWalls(6, [['b2', 'c2', 1]]);
    const [table, search] = both(g, ['a1', 'a2', 'c2', 'd2'], WHITE_TARGETS);
    expect(table).toBe(search);
    expect(table).toBe(5);
  });

  it('gives 25 for both start corners on the Figure 1 board', () => {
    const g = grid(SAMPLE_BOARD);
    expect(both(g, ['e5', 'e6', 'f5', 'f6'], WHITE_TARGETS)).toEqual([25, 25]);
    expect(both(g, ['a1', 'a2', 'b1', 'b2'], BLACK_TARGETS)).toEqual([25, 25]);
  });

  it('agrees with walls/home-cost.ts on random positions of generated boards', () => {
    const rng = Prng.fromSeed(2017);
    for (const seed of [3, 8]) {
      const g = grid(generateTiledBoard(seed, 3));
      for (let i = 0; i < 3; i++) {
        const stones = rng.shuffle([...Array(36).keys()]).slice(0, 4);
        for (const targets of [WHITE_TARGETS, BLACK_TARGETS]) {
          expect(computeHomeDistances(g, targets).cost(stones)).toBe(homeCost(g, stones, targets));
        }
      }
    }
  });

  it('caches tables by board string and targets', () => {
    const g = grid(SAMPLE_BOARD);
    expect(homeDistances(SAMPLE_BOARD, g, WHITE_TARGETS)).toBe(homeDistances(SAMPLE_BOARD, g, WHITE_TARGETS));
    expect(homeDistances(SAMPLE_BOARD, g, WHITE_TARGETS)).not.toBe(
      homeDistances(SAMPLE_BOARD, g, BLACK_TARGETS),
    );
    expect(formatWallGrid(g)).toBe(SAMPLE_BOARD);
  });
});
