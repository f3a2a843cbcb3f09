import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { block, formatWallGrid, parseWallGrid, type WallGrid } from './grid.ts';
import { homeCost, homePlan, relaxedDistances } from './home-cost.ts';
import { pieceMoves } from './moves.ts';
import { generateTiledBoard } from './tiles.ts';

const open6 = parseWallGrid(6, '0'.repeat(60));
if (!open6.ok) throw new Error('bad');
const OPEN: WallGrid = open6.value;
const TOP_LEFT = block(6, 0, 0);
const BOTTOM_RIGHT = block(6, 4, 4);

/** Plain Dijkstra without a heuristic: the reference the A* search must match. */
function bruteForce(grid: WallGrid, pieces: readonly number[], targets: readonly number[]): number {
  const key = (s: readonly number[]) => [...s].sort((a, b) => a - b).join(',');
  const goal = new Set(targets);
  const dist = new Map([[key(pieces), 0]]);
  const frontier: [number, number[]][] = [[0, [...pieces]]];
  while (frontier.length) {
    frontier.sort((a, b) => a[0] - b[0]);
    const [d, state] = frontier.shift()!;
    if (d > (dist.get(key(state)) ?? Infinity)) continue;
    if (state.every((q) => goal.has(q))) return d;
    const occ = new Set(state);
    for (const from of state)
      for (const m of pieceMoves(grid, (q) => occ.has(q), from)) {
        const next = state.map((q) => (q === from ? m.to : q));
        if (d + m.cost < (dist.get(key(next)) ?? Infinity)) {
          dist.set(key(next), d + m.cost);
          frontier.push([d + m.cost, next]);
        }
      }
  }
  return Infinity;
}

describe('home cost', () => {
  it('is 0 at home and counts steps and jumps on an open board', () => {
    expect(homeCost(OPEN, TOP_LEFT, TOP_LEFT)).toBe(0);
    // One piece one step from the corner; the others already home.
    expect(homeCost(OPEN, [0, 1, 6, 8], TOP_LEFT)).toBe(1);
    // From the bottom-right corner to the top-left one on an empty 6×6: jumps make it cheaper than 32 steps.
    const cost = homeCost(OPEN, BOTTOM_RIGHT, TOP_LEFT);
    expect(cost).toBeLessThan(32);
    expect(cost).toBe(16);
  });

  it('returns a plan whose moves are legal and add up to the cost', () => {
    const grid = parseWallGrid(6, generateTiledBoard(5, 3));
    if (!grid.ok) throw new Error('bad');
    const plan = homePlan(grid.value, BOTTOM_RIGHT, TOP_LEFT);
    let pieces = [...BOTTOM_RIGHT];
    let total = 0;
    for (const [from, to] of plan.moves) {
      const occ = new Set(pieces);
      const move = pieceMoves(grid.value, (q) => occ.has(q), from).find((m) => m.to === to);
      expect(move).toBeDefined();
      total += move!.cost;
      pieces = pieces.map((q) => (q === from ? to : q));
    }
    expect(new Set(pieces)).toEqual(new Set(TOP_LEFT));
    expect(total).toBe(plan.cost);
  });

  it('matches a plain Dijkstra search on random walled boards', () => {
    fc.assert(
      // 4×4 boards keep the reference search small (1,820 positions of four pieces).
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.shuffledSubarray([...Array(16).keys()], { minLength: 4, maxLength: 4 }),
        (seed, pieces) => {
          const grid = parseWallGrid(4, generateTiledBoard(seed, 2));
          if (!grid.ok) return false;
          const corner = block(4, 2, 2);
          return homeCost(grid.value, pieces, corner) === bruteForce(grid.value, pieces, corner);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never overestimates with the relaxed distances', () => {
    const grid = parseWallGrid(6, generateTiledBoard(11, 3));
    if (!grid.ok) throw new Error('bad');
    const relaxed = relaxedDistances(grid.value, TOP_LEFT);
    for (let q = 0; q < 36; q++) {
      const others = TOP_LEFT.filter((t) => t !== q).slice(0, 3);
      if (others.length < 3) continue;
      expect(relaxed[q]).toBeLessThanOrEqual(homeCost(grid.value, [q, ...others], TOP_LEFT));
    }
    expect(formatWallGrid(grid.value)).toHaveLength(60);
  });
});
