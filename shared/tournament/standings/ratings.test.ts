import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome } from '../types.ts';
import { eloRatings } from './ratings.ts';

let next = 0;
function g(seats: string[], scores: number[]): GameOutcome {
  const times = seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 }));
  return {
    index: next++,
    seats,
    scores,
    statuses: seats.map(() => 'OK'),
    end: 'all-home',
    times,
    budgetUs: 1,
  };
}
/** `wins` wins of a over b, `draws` draws and `losses` losses, seats alternating. */
function series(a: string, b: string, wins: number, draws: number, losses: number): GameOutcome[] {
  const out: GameOutcome[] = [];
  const add = (sa: number, sb: number) =>
    out.push(out.length % 2 ? g([b, a], [sb, sa]) : g([a, b], [sa, sb]));
  for (let i = 0; i < wins; i++) add(15, 5);
  for (let i = 0; i < draws; i++) add(10, 10);
  for (let i = 0; i < losses; i++) add(5, 15);
  return out;
}

describe('eloRatings', () => {
  it('gives two bots scoring 75% a difference of about 191 Elo, with the Fisher interval', () => {
    const rows = eloRatings(['A', 'B'], series('A', 'B', 50, 50, 0), games.more.info)!;
    const [a, b] = rows;
    expect(a!.elo + b!.elo).toBeCloseTo(3000, 9);
    // 400·log10(3) = 190.85; the weak prior pulls it in by a fraction of a point.
    expect(a!.elo - b!.elo).toBeGreaterThan(190);
    expect(a!.elo - b!.elo).toBeLessThan(190.86);
    // Each rating is ±diff/2 around the mean: se = (400/ln10)/2 / sqrt(n·p·(1−p)) = 20.06 for n = 100.
    expect(a!.se).toBeCloseTo(20.06, 1);
    expect(a!.high - a!.low).toBeCloseTo(2 * 1.96 * a!.se, 2);
    expect(a).toMatchObject({ games: 100, score: 0.75 });
  });

  it('keeps a perfect score finite and orders a transitive field', () => {
    const outcomes = [
      ...series('A', 'B', 10, 0, 0),
      ...series('B', 'C', 6, 2, 2),
      ...series('A', 'C', 8, 0, 2),
    ];
    const rows = eloRatings(['A', 'B', 'C'], outcomes, games.more.info)!;
    const elo = Object.fromEntries(rows.map((r) => [r.id, r.elo]));
    expect(elo.A! > elo.B! && elo.B! > elo.C!).toBe(true);
    expect(Number.isFinite(elo.A)).toBe(true);
    expect(rows.reduce((s, r) => s + r.elo, 0) / 3).toBeCloseTo(1500, 6);
  });

  it('gives equal ratings and an unplayed bot a wide interval', () => {
    const rows = eloRatings(['A', 'B', 'Z'], series('A', 'B', 0, 10, 0), games.more.info)!;
    expect(rows[0]!.elo).toBeCloseTo(rows[1]!.elo, 9);
    expect(rows[2]!.se).toBeGreaterThan(400);
  });

  it('is only for 2-player competitive games', () => {
    expect(eloRatings(['A', 'B'], [], games['6561'].info)).toBeNull();
    expect(eloRatings(['A', 'B'], [], games.less.info)).toBeNull();
  });
});
