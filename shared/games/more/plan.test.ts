import { describe, expect, it } from 'vitest';
import { parseSquare, type WallGrid, gridWithWalls } from '../walls/grid.ts';
import { computeHomeDistances } from '../walls/home-distances.ts';
import { planAroundStones } from './plan.ts';
import { TARGET_SQUARES } from './state.ts';

const sq = (name: string): number => parseSquare(6, name) as number;
const TARGETS = TARGET_SQUARES[0] as readonly number[];

function plan(grid: WallGrid, own: readonly string[], others: readonly string[]) {
  const result = planAroundStones(
    grid,
    own.map(sq),
    others.map(sq),
    TARGETS,
    computeHomeDistances(grid, TARGETS),
  );
  return result && { move: `${own.find((s) => sq(s) === result.from)}-${result.to}`, cost: result.cost };
}

describe('More planning around the opponent', () => {
  it('follows a cheapest plan when nothing is in the way', () => {
    expect(plan(gridWithWalls(6, []), ['a1', 'a2', 'b1', 'd2'], ['f5'])).toEqual({
      move: `d2-${sq('c2')}`,
      cost: 2,
    });
  });

  it("jumps over an opponent's stone when that is cheapest", () => {
    expect(plan(gridWithWalls(6, []), ['a1', 'a2', 'b1', 'd2'], ['c2'])).toEqual({
      move: `d2-${sq('b2')}`,
      cost: 1,
    });
  });

  it('walks round a stone it cannot jump over, at the detour cost', () => {
    // Black on c2 and a wall c2|b2: no jump; without Black the way would be d2→c2→b2 for 1 + 2 = 3.
    const grid = gridWithWalls(6, [['b2', 'c2', 1]]);
    expect(computeHomeDistances(grid, TARGETS).cost(['a1', 'a2', 'b1', 'd2'].map(sq))).toBe(3);
    expect(plan(grid, ['a1', 'a2', 'b1', 'd2'], ['c2'])).toEqual({ move: `d2-${sq('d3')}`, cost: 4 });
  });

  it('gives no plan while an opponent stone stands on a target square', () => {
    expect(plan(gridWithWalls(6, []), ['c1', 'a2', 'b1', 'd2'], ['a1'])).toBeNull();
  });
});
