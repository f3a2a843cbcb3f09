import { describe, expect, it } from 'vitest';
import { pairSwiss } from './pairing.ts';
import { simulate, testContext } from './simulate.ts';
import { swiss } from './swiss.ts';

const pairKey = (seats: readonly string[]): string => [...seats].sort().join('|');

describe('Swiss pairing', () => {
  it('pairs top-down, avoids rematches by backtracking, gives the bye to the lowest without one', () => {
    const none = (): number => 0;
    expect(pairSwiss(['a', 'b', 'c', 'd'], none, none)).toEqual({
      pairs: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      bye: null,
    });
    const met = new Set(['a|b', 'c|d']);
    const meetings = (x: string, y: string): number => (met.has([x, y].sort().join('|')) ? 1 : 0);
    expect(pairSwiss(['a', 'b', 'c', 'd'], meetings, none).pairs).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    const byes = (id: string): number => (id === 'e' ? 1 : 0);
    expect(pairSwiss(['a', 'b', 'c', 'd', 'e'], none, byes).bye).toBe('d');
  });

  it('allows the least rematches when a rematch-free pairing does not exist', () => {
    const meetings = (x: string, y: string): number => ([x, y].sort().join() === 'a,c' ? 2 : 1);
    expect(pairSwiss(['a', 'b', 'c', 'd'], meetings, () => 0).pairs).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});

describe('Swiss then final', () => {
  it('2-player, odd field: no rematches, one bye a round, both seat orders, double round robin final', () => {
    const ctx = testContext(9, 2);
    const settings = { swissRounds: 5, finalists: 4, permutations: 'all' as const };
    const sim = simulate(() => swiss(settings), ctx, { seed: 7 });
    const sw = sim.scheduled.filter((g) => g.stage === 'swiss');
    expect(sw).toHaveLength(5 * 4 * 2);
    const pairs = sw.map((g) => pairKey(g.seats));
    expect(new Set(pairs).size).toBe(20);
    for (const p of new Set(pairs)) {
      const games = sw.filter((g) => pairKey(g.seats) === p);
      expect(games).toHaveLength(2);
      expect(games[0]!.seats).toEqual([...games[1]!.seats].reverse());
    }
    const byes = new Map<string, number>();
    for (let r = 1; r <= 5; r++) {
      const playing = new Set(sw.filter((g) => g.round === r).flatMap((g) => g.seats));
      expect(playing.size).toBe(8);
      for (const p of ctx.participants) if (!playing.has(p.id)) byes.set(p.id, (byes.get(p.id) ?? 0) + 1);
    }
    expect(Math.max(...byes.values())).toBe(1);
    const final = sim.scheduled.filter((g) => g.stage === 'final');
    expect(final).toHaveLength(12);
    expect(final.every((g) => g.index > Math.max(...sw.map((s) => s.index)))).toBe(true);
    expect(new Set(sim.totals)).toEqual(new Set([40 + 12]));
  });

  it('finalists are the top N by points, then fewer irregular losses', () => {
    const ctx = testContext(6, 2);
    const sim = simulate(() => swiss({ swissRounds: 3, finalists: 3, permutations: 'all' }), ctx, {
      seed: 11,
    });
    const points = new Map<string, [number, number]>();
    for (const g of sim.scheduled.filter((s) => s.stage === 'swiss')) {
      const o = sim.outcomes.get(g.index)!;
      o.seats.forEach((id, s) => {
        const [p, irr] = points.get(id) ?? [0, 0];
        points.set(id, [p + o.scores[s]!, irr + (o.statuses[s] === 'OK' ? 0 : 1)]);
      });
    }
    const finalists = new Set(sim.scheduled.filter((g) => g.stage === 'final').flatMap((g) => g.seats));
    const ranked = [...points].sort((a, b) => b[1][0] - a[1][0] || a[1][1] - b[1][1]);
    const cut = ranked[2]![1];
    for (const [id, [p, irr]] of ranked) {
      if (p > cut[0] || (p === cut[0] && irr < cut[1])) expect(finalists.has(id)).toBe(true);
      if (p < cut[0] || (p === cut[0] && irr > cut[1])) expect(finalists.has(id)).toBe(false);
    }
  });

  it('finalCycles plays the final over: 5 cycles are 10 games per pair, as in CodeCup', () => {
    const ctx = testContext(6, 2);
    const settings = { swissRounds: 2, finalists: 4, permutations: 'all' as const, finalCycles: 5 };
    const sim = simulate(() => swiss(settings), ctx, { seed: 3 });
    const final = sim.scheduled.filter((g) => g.stage === 'final');
    expect(final).toHaveLength(4 * 3 * 5);
    const perPair = new Map<string, number>();
    for (const g of final) perPair.set(pairKey(g.seats), (perPair.get(pairKey(g.seats)) ?? 0) + 1);
    expect([...perPair.values()]).toEqual([10, 10, 10, 10, 10, 10]);
    expect(new Set(sim.totals)).toEqual(new Set([2 * 3 * 2 + 60]));
    const four = simulate(
      () => swiss({ swissRounds: 1, finalists: 5, permutations: 'rotations', finalCycles: 2 }),
      testContext(8, 4),
      { seed: 5 },
    );
    expect(four.scheduled.filter((g) => g.stage === 'final')).toHaveLength(2 * 5 * 4);
    expect(new Set(four.totals)).toEqual(new Set([2 * 4 + 40]));
  });

  it('4-player: groups by standing, then every group of the finalists', () => {
    const ctx = testContext(9, 4);
    const settings = { swissRounds: 3, finalists: 5, permutations: 'rotations' as const };
    const sim = simulate(() => swiss(settings), ctx, { seed: 5 });
    expect(sim.scheduled.filter((g) => g.stage === 'swiss')).toHaveLength(3 * 2 * 4);
    expect(sim.scheduled.filter((g) => g.stage === 'final')).toHaveLength(5 * 4);
    expect(new Set(sim.totals)).toEqual(new Set([44]));
  });

  it('a larger field resumes at every step (20 players, 6 rounds, 8 finalists, shared scores)', () => {
    const ctx = testContext(20, 2, 99);
    const sim = simulate(() => swiss({ swissRounds: 6, finalists: 8, permutations: 'all' }), ctx, {
      seed: 3,
      shared: true,
      parallel: 12,
    });
    const sw = sim.scheduled.filter((g) => g.stage === 'swiss');
    expect(new Set(sw.map((g) => pairKey(g.seats))).size).toBe(6 * 10);
  });
});
