import { describe, expect, it } from 'vitest';
import { gauntlet } from './gauntlet.ts';
import { simulate, testContext } from './simulate.ts';

describe('gauntlet', () => {
  it('2-player: each challenger v every field bot, both seat orders, R times, no challenger v challenger', () => {
    const ctx = testContext(6, 2);
    const settings = { challengers: ['p1', 'p2'], repeats: 2, permutations: 'all' as const };
    const sim = simulate(() => gauntlet(settings), ctx, { seed: 1 });
    expect(sim.scheduled).toHaveLength(2 * 2 * 4 * 2);
    expect(sim.scheduled.every((g) => g.seats.filter((id) => id === 'p1' || id === 'p2').length === 1)).toBe(
      true,
    );
    expect(sim.scheduled.filter((g) => g.seats[0] === 'p1')).toHaveLength(8);
    expect(new Set(sim.totals)).toEqual(new Set([32]));
  });

  it('4-player: the challenger meets every field bot, in every seat equally', () => {
    const ctx = testContext(8, 4);
    const settings = { challengers: ['p8'], repeats: 1, permutations: 'rotations' as const };
    const sim = simulate(() => gauntlet(settings), ctx, { seed: 2 });
    expect(sim.scheduled).toHaveLength(3 * 4);
    expect(new Set(sim.scheduled.flatMap((g) => g.seats)).size).toBe(8);
    for (let seat = 0; seat < 4; seat++)
      expect(sim.scheduled.filter((g) => g.seats[seat] === 'p8')).toHaveLength(3);
    for (const g of sim.scheduled) expect(new Set(g.seats).size).toBe(4);
  });
});
