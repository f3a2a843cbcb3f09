import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome, SeatStatus } from '../types.ts';
import { crosstable, seatStats } from './crosstable.ts';

let next = 0;
function g(seats: string[], scores: number[], statuses?: SeatStatus[]): GameOutcome {
  const times = seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 }));
  return {
    index: next++,
    seats,
    scores,
    statuses: statuses ?? seats.map(() => 'OK'),
    end: 'all-home',
    times,
    budgetUs: 1,
  };
}

describe('crosstable', () => {
  it('sums score for and against and W/D/L per pair, in the given order', () => {
    const outcomes = [
      g(['A', 'B'], [15, 5]),
      g(['B', 'A'], [10, 10]),
      g(['A', 'B'], [0, 20], ['CRASH', 'OK']),
      g(['B', 'C'], [12, 8]),
    ];
    const t = crosstable(['B', 'A', 'C'], outcomes, games.more.info);
    expect(t.ids).toEqual(['B', 'A', 'C']);
    expect(t.cells[1]![0]).toEqual({ games: 3, for: 25, against: 35, wins: 1, draws: 1, losses: 1 });
    expect(t.cells[0]![1]).toEqual({ games: 3, for: 35, against: 25, wins: 1, draws: 1, losses: 1 });
    expect(t.cells[0]![2]).toEqual({ games: 1, for: 12, against: 8, wins: 1, draws: 0, losses: 0 });
    expect(t.cells[1]![2]).toBeNull();
    expect(t.cells.map((row, i) => row[i])).toEqual([null, null, null]);
  });
});

describe('seatStats', () => {
  it('gives points per seat position per bot and overall', () => {
    const outcomes = [g(['A', 'B', 'C', 'D'], [15, 5, 0, 5]), g(['B', 'A', 'D', 'C'], [10, 10, 10, 10])];
    const s = seatStats(['A', 'B'], outcomes, 4);
    expect(s.bots[0]).toEqual({
      id: 'A',
      seats: [
        { games: 1, points: 15, average: 15 },
        { games: 1, points: 10, average: 10 },
        { games: 0, points: 0, average: 0 },
        { games: 0, points: 0, average: 0 },
      ],
    });
    expect(s.overall.map((l) => [l.games, l.points, l.average])).toEqual([
      [2, 25, 12.5],
      [2, 15, 7.5],
      [2, 10, 5],
      [2, 15, 7.5],
    ]);
  });
});
