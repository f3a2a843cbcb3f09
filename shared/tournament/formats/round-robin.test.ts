import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../random/prng.ts';
import { roundRobin, roundRobinPlan } from './round-robin.ts';
import { simulate, testContext } from './simulate.ts';

describe('round robin', () => {
  it('plays every ordered pair once per cycle, R cycles, balanced seats', () => {
    const plan = roundRobinPlan(['a', 'b', 'c', 'd', 'e'], 'main', 2);
    expect(plan).toHaveLength(2 * 5 * 4);
    const ordered = plan.filter((g) => g.round === 1).map((g) => g.seats.join('-'));
    expect(new Set(ordered).size).toBe(20);
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      expect(plan.filter((g) => g.seats[0] === id)).toHaveLength(8);
      expect(plan.filter((g) => g.seats[1] === id)).toHaveLength(8);
    }
    // The two seat orders of a pair in a cycle share a match (a board).
    const matches = new Set(plan.filter((g) => g.round === 1).map((g) => g.match));
    expect(matches.size).toBe(10);
  });

  it('two players: exactly the two seat orders', () => {
    expect(roundRobinPlan(['x', 'y'], 'main', 1).map((g) => g.seats)).toEqual([
      ['x', 'y'],
      ['y', 'x'],
    ]);
  });

  it('hands out one cycle per call, seeds and boards by schedule place', () => {
    const ctx = testContext(4, 2);
    const s = roundRobin({ repeats: 3 });
    const first = s.next(ctx, { scheduled: [], outcomes: new Map() });
    expect(first.kind).toBe('games');
    if (first.kind !== 'games') return;
    expect(first.games).toHaveLength(12);
    expect(first.games.map((g) => g.index)).toEqual([...Array(12).keys()]);
    expect(first.games[5]!.seed).toBe(deriveSeed(42, 'game', 5));
    expect(new Set(first.games.map((g) => g.board)).size).toBe(6);
    expect(s.total(ctx, { scheduled: [], outcomes: new Map() })).toBe(36);
  });

  it('simulates and resumes at every step; total is exact', () => {
    for (const n of [2, 5, 6]) {
      const ctx = testContext(n, 2);
      const sim = simulate(() => roundRobin({ repeats: 2 }), ctx, { seed: n });
      expect(sim.scheduled).toHaveLength(2 * n * (n - 1));
      expect(new Set(sim.totals)).toEqual(new Set([2 * n * (n - 1)]));
    }
  });
});
