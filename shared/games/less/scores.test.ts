import { describe, expect, it } from 'vitest';
import { lessGame } from './index.ts';
import { lessPosition, type LessPositionSpec } from './position.ts';
import { teamScore, teamTotal } from './scores.ts';
import type { LessState } from './state.ts';

function position(spec: LessPositionSpec): LessState {
  const made = lessPosition(spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

// Every piece home: the game is over (all-home), and only the counters decide.
const finished = (charged: readonly number[], rushPoints: readonly number[] = [0, 0, 0, 0]): LessState =>
  position({
    pieces: {
      Yellow: ['a7', 'a8', 'b7', 'b8'],
      Black: ['g7', 'g8', 'h7', 'h8'],
      White: ['a1', 'a2', 'b1', 'b2'],
      Red: ['g1', 'g2', 'h1', 'h2'],
    },
    turns: [15, 15, 15, 15],
    charged,
    rushPoints,
  });

describe('Less scores', () => {
  it('scores the rules example: 55 against 60 gives 10 - 55 + 60 = 15 and 10 - 60 + 55 = 5', () => {
    expect(teamScore(55, 60)).toBe(15);
    expect(teamScore(60, 55)).toBe(5);
    const state = finished([27, 30, 28, 30]);
    expect(lessGame.end(state)).toEqual({ kind: 'all-home' });
    expect(teamTotal(state, 0)).toBe(55);
    expect(teamTotal(state, 1)).toBe(60);
    expect(lessGame.scores(state, [false, false, false, false])).toEqual([15, 5, 15, 5]);
  });

  it('clamps to 0..20, the two teams always summing to 20, and a tie gives 10 each', () => {
    expect(teamScore(20, 45)).toBe(20);
    expect(teamScore(45, 20)).toBe(0);
    expect(teamScore(30, 30)).toBe(10);
    expect(lessGame.scores(finished([10, 30, 10, 30]), [false, false, false, false])).toEqual([20, 0, 20, 0]);
    expect(lessGame.scores(finished([40, 9, 2, 9]), [false, false, false, false])).toEqual([0, 20, 0, 20]);
    expect(lessGame.scores(finished([20, 21, 21, 20]), [false, false, false, false])).toEqual([
      10, 10, 10, 10,
    ]);
  });

  it('adds rush points to the team totals', () => {
    const state = finished([60, 60, 60, 60], [5, 2, 3, 0]);
    expect(teamTotal(state, 0)).toBe(128);
    expect(teamTotal(state, 1)).toBe(122);
    expect(lessGame.scores(state, [false, false, false, false])).toEqual([4, 16, 4, 16]);
  });

  it('gives a failed program 0 while its partner keeps the team score', () => {
    const state = finished([27, 30, 28, 30]);
    expect(lessGame.scores(state, [false, true, false, false])).toEqual([15, 0, 15, 5]);
    expect(lessGame.scores(state, [true, false, false, true])).toEqual([0, 5, 15, 0]);
  });
});
