import { describe, expect, it } from 'vitest';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { pointsByRound } from './points-by-round.ts';

const game = (index: number, stage: string, round: number, seats: string[]): ScheduledGame => ({
  index,
  stage,
  round,
  seats,
  seed: index,
  board: null,
  match: `${stage}-${round}`,
});

const outcome = (index: number, seats: string[], scores: number[]): GameOutcome => ({
  index,
  seats,
  scores,
  statuses: seats.map(() => 'OK'),
  end: 'all-home',
  times: seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 })),
  budgetUs: 1,
});

const bots = [
  { id: 'b', name: 'Bravo' },
  { id: 'a', name: 'Alpha' },
  { id: 'c', name: 'Charlie' },
];

describe('pointsByRound', () => {
  it('sums each bot’s points cumulatively round by round, in the given bot order', () => {
    const scheduled = [
      game(0, 'main', 1, ['a', 'b']),
      game(1, 'main', 1, ['b', 'c']),
      game(2, 'main', 2, ['c', 'a']),
      game(3, 'main', 2, ['a', 'b']),
    ];
    const outcomes = [
      outcome(0, ['a', 'b'], [10, 2]),
      outcome(1, ['b', 'c'], [5, 5]),
      outcome(2, ['c', 'a'], [1, 3]),
      outcome(3, ['a', 'b'], [0, 7]),
    ];
    const chart = pointsByRound(bots, scheduled, outcomes);
    expect(chart.rounds).toEqual([
      { stage: 'main', round: 1 },
      { stage: 'main', round: 2 },
    ]);
    expect(chart.series).toEqual([
      { id: 'b', name: 'Bravo', points: [7, 14] },
      { id: 'a', name: 'Alpha', points: [10, 13] },
      { id: 'c', name: 'Charlie', points: [5, 6] },
    ]);
  });

  it('orders rounds by the schedule across stages and leaves out rounds without results', () => {
    const scheduled = [
      game(0, 'swiss', 1, ['a', 'b']),
      game(1, 'swiss', 2, ['a', 'c']),
      game(2, 'final', 1, ['a', 'b']),
      game(3, 'final', 2, ['b', 'a']),
    ];
    // Outcomes in any order; the final's second round has not finished yet.
    const outcomes = [outcome(2, ['a', 'b'], [1, 0]), outcome(0, ['a', 'b'], [0, 1])];
    const chart = pointsByRound(bots, scheduled, outcomes);
    expect(chart.rounds).toEqual([
      { stage: 'swiss', round: 1 },
      { stage: 'final', round: 1 },
    ]);
    expect(chart.series.map((s) => s.points)).toEqual([
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });

  it('ignores outcomes of unscheduled games and unknown bots, and is empty without results', () => {
    const scheduled = [game(0, 'main', 1, ['a', 'x'])];
    expect(pointsByRound(bots, scheduled, [outcome(5, ['a', 'b'], [3, 3])]).rounds).toEqual([]);
    const chart = pointsByRound(bots, scheduled, [outcome(0, ['a', 'x'], [4, 9])]);
    expect(chart.series.map((s) => s.points)).toEqual([[0], [4], [0]]);
    expect(pointsByRound([], [], []).series).toEqual([]);
  });

  it('charts a view of one round game by game (a round robin of two bots, a knockout final)', () => {
    // Two bots, both seat orders, twice: every game is round 1 of the round robin.
    const scheduled = [0, 1, 2, 3].map((i) => game(i, 'main', 1, i % 2 === 0 ? ['a', 'b'] : ['b', 'a']));
    const outcomes = [
      outcome(1, ['b', 'a'], [2, 1]),
      outcome(0, ['a', 'b'], [3, 0]),
      outcome(2, ['a', 'b'], [1, 1]),
    ];
    const chart = pointsByRound(bots.slice(0, 2), scheduled, outcomes);
    expect(chart.unit).toBe('game');
    expect(chart.rounds).toEqual([
      { stage: 'main', round: 1 },
      { stage: 'main', round: 2 },
      { stage: 'main', round: 3 },
    ]);
    expect(chart.series).toEqual([
      { id: 'b', name: 'Bravo', points: [0, 2, 3] },
      { id: 'a', name: 'Alpha', points: [3, 4, 5] },
    ]);
    expect(
      pointsByRound(bots, [game(0, 'main', 1, ['a', 'b']), game(1, 'main', 2, ['a', 'b'])], []).unit,
    ).toBe('round');
  });
});
