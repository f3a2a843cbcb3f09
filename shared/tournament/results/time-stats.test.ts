import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome, SeatTime } from '../types.ts';
import { timeStats } from './time-stats.ts';

function g(index: number, times: SeatTime[], budgetUs: number): GameOutcome {
  const seats = ['A', 'B', 'C', 'D'].slice(0, times.length);
  const statuses = seats.map(() => 'OK' as const);
  return { index, seats, scores: seats.map(() => 0), statuses, end: 'all-home', times, budgetUs };
}
const t = (chargedUs: number, maxMoveUs: number, moves: number): SeatTime => ({
  chargedUs,
  maxMoveUs,
  moves,
});

describe('timeStats', () => {
  it('gives mean and max per move and per game and the closest call to a game budget', () => {
    const budget = 30_000_000;
    const outcomes = [
      g(0, [t(3_000_000, 400_000, 30), t(1_000_000, 100_000, 10)], budget),
      g(1, [t(27_000_000, 2_000_000, 30), t(1_000_000, 100_000, 10)], budget),
    ];
    const [a, b, c] = timeStats(['A', 'B', 'C'], outcomes, games.more.info);
    expect(a).toEqual({
      id: 'A',
      games: 2,
      moves: 60,
      meanPerMoveUs: 500_000,
      maxMoveUs: 2_000_000,
      meanPerGameUs: 15_000_000,
      maxPerGameUs: 27_000_000,
      closestCall: { fraction: 0.9, gameIndex: 1 },
    });
    expect(b!.closestCall).toEqual({ fraction: 1 / 30, gameIndex: 0 });
    expect(c).toMatchObject({ games: 0, meanPerMoveUs: 0, meanPerGameUs: 0, closestCall: null });
  });

  it('measures the closest call of a per-move game by the slowest reply', () => {
    const outcomes = [g(0, [t(500_000, 45_000, 100), t(0, 0, 0), t(0, 0, 0), t(0, 0, 0)], 50_000)];
    expect(timeStats(['A'], outcomes, games.flit.info)[0]!.closestCall).toEqual({
      fraction: 0.9,
      gameIndex: 0,
    });
  });
});
