import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome } from '../types.ts';
import type { SkillState } from './skill.ts';
import { rateGame, skillRatings, skillTable } from './skill.ts';
import { teamOfSeat } from './results.ts';

function g(index: number, seats: string[], scores: number[]): GameOutcome {
  const times = seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 }));
  return { index, seats, scores, statuses: seats.map(() => 'OK'), end: 'all-home', times, budgetUs: 1 };
}

describe('skillRatings (openskill, Plackett–Luce)', () => {
  it("rates one 2-player game as openskill's reference does", () => {
    const rows = skillRatings(['A', 'B', 'C'], [g(0, ['B', 'A'], [5, 15])], games.more.info)!;
    // The unplayed C (25 − 3·25/3 = 0) sorts above the loser B (22.36 − 3·8.07 < 0): conservative order.
    expect(rows.map((r) => r.id)).toEqual(['A', 'C', 'B']);
    expect(rows[0]!.mu).toBeCloseTo(27.63539, 4);
    expect(rows[2]!.mu).toBeCloseTo(22.36461, 4);
    expect(rows[0]!.sigma).toBeCloseTo(8.0659, 4);
    expect(rows[0]!.conservative).toBeCloseTo(rows[0]!.mu - 3 * rows[0]!.sigma, 9);
    expect(rows[1]).toMatchObject({ mu: 25, games: 0, conservative: 0 });
  });

  it('rates Less by team: partners move together, a draw between equals changes no mu', () => {
    const win = skillRatings(
      ['A', 'B', 'C', 'D'],
      [g(0, ['A', 'B', 'C', 'D'], [15, 5, 15, 5])],
      games.less.info,
    )!;
    const mu = Object.fromEntries(win.map((r) => [r.id, r.mu]));
    expect(mu.A).toBeCloseTo(mu.C!, 9);
    expect(mu.B).toBeCloseTo(mu.D!, 9);
    expect(mu.A! > 25 && mu.B! < 25).toBe(true);
    const draw = skillRatings(
      ['A', 'B', 'C', 'D'],
      [g(0, ['A', 'B', 'C', 'D'], [10, 10, 10, 10])],
      games.less.info,
    )!;
    for (const r of draw) expect(r.mu).toBeCloseTo(25, 9);
  });

  it('ranks Flit players by score, and leaves cooperative 6561 unrated', () => {
    const rows = skillRatings(
      ['A', 'B', 'C', 'D'],
      [g(0, ['A', 'B', 'C', 'D'], [0, 1, 0, 0])],
      games.flit.info,
    )!;
    expect(rows[0]!.id).toBe('B');
    expect(skillRatings(['A', 'B'], [g(0, ['A', 'B'], [64, 64])], games['6561'].info)).toBeNull();
  });

  it('gives the same table when rated game by game', () => {
    const outcomes = [g(0, ['A', 'B'], [15, 5]), g(1, ['B', 'C'], [10, 10]), g(2, ['C', 'A'], [20, 0])];
    const state: SkillState = new Map();
    for (const o of outcomes) rateGame(state, o, teamOfSeat(games.more.info));
    expect(skillTable(['A', 'B', 'C'], state)).toEqual(
      skillRatings(['A', 'B', 'C'], outcomes, games.more.info),
    );
  });
});
