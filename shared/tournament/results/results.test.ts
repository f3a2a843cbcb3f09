import { describe, expect, it } from 'vitest';
import { games } from '../../games/registry.ts';
import type { GameOutcome, ScheduledGame, SeatStatus } from '../types.ts';
import { seatResults, selectOutcomes, statusWords } from './results.ts';

function g(index: number, scores: number[], statuses?: SeatStatus[]): GameOutcome {
  const seats = scores.map((_, i) => `p${i}`);
  const times = seats.map(() => ({ chargedUs: 0, maxMoveUs: 0, moves: 0 }));
  return {
    index,
    seats,
    scores,
    statuses: statuses ?? seats.map(() => 'OK'),
    end: 'all-home',
    times,
    budgetUs: 1,
  };
}

describe('seat results and status words', () => {
  it('2-player: higher wins, equal draws, a failure shows its word', () => {
    expect(statusWords(g(0, [13, 7]), games.more.info)).toEqual(['WIN', 'LOSE']);
    expect(statusWords(g(0, [10, 10]), games.more.info)).toEqual(['DRAW', 'DRAW']);
    expect(statusWords(g(0, [0, 20], ['ILLEGAL', 'OK']), games.more.info)).toEqual(['ILLEGAL', 'WIN']);
    expect(seatResults(g(0, [0, 0], ['CRASH', 'EXIT']), games.more.info)).toEqual(['LOSE', 'LOSE']);
  });

  it('Less: by team score, the failed partner keeps its failure', () => {
    const less = games.less.info;
    expect(statusWords(g(0, [15, 5, 0, 5], ['OK', 'OK', 'TIMEOUT', 'OK']), less)).toEqual([
      'WIN',
      'LOSE',
      'TIMEOUT',
      'LOSE',
    ]);
    expect(statusWords(g(0, [10, 10, 10, 10]), less)).toEqual(['DRAW', 'DRAW', 'DRAW', 'DRAW']);
  });

  it('6561 is always a draw; Flit: the scorer of 1 wins, all zero is a draw', () => {
    expect(statusWords(g(0, [768, 768]), games['6561'].info)).toEqual(['DRAW', 'DRAW']);
    expect(statusWords(g(0, [0, 1, 0, 0]), games.flit.info)).toEqual(['LOSE', 'WIN', 'LOSE', 'LOSE']);
    expect(statusWords(g(0, [0, 0, 0, 0], ['OK', 'TIMEOUT', 'OK', 'OK']), games.flit.info)).toEqual([
      'DRAW',
      'TIMEOUT',
      'DRAW',
      'DRAW',
    ]);
  });

  it('selects outcomes by stage, in schedule order', () => {
    const sched = (index: number, stage: string): ScheduledGame => ({
      index,
      stage,
      round: 1,
      seats: [],
      seed: 0,
      board: null,
      match: '',
    });
    const outcomes = [g(2, [1, 1]), g(0, [1, 1]), g(1, [1, 1])];
    expect(selectOutcomes(outcomes).map((o) => o.index)).toEqual([0, 1, 2]);
    const scheduled = [sched(0, 'swiss'), sched(1, 'final'), sched(2, 'final')];
    expect(selectOutcomes(outcomes, { scheduled, stages: ['final'] }).map((o) => o.index)).toEqual([1, 2]);
  });
});
