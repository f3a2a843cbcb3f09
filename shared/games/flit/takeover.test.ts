import { describe, expect, it } from 'vitest';
import { NEUTRAL } from './board.ts';
import { composeState } from './compose.ts';
import { formatMove } from './protocol.ts';
import { applyMove, checkMove, toAct } from './rules.ts';
import { PASS } from './state.ts';
import { takeoverMove } from './takeover.ts';
import { initialState } from './turn.ts';

describe('Flit takeover player', () => {
  it('does not move while there is no neutral piece', () => {
    expect(takeoverMove(initialState(4), 1)).toEqual(PASS);
  });

  it('converts a neutral piece when it can, moving its piece farthest from it', () => {
    const state = composeState({
      pieces: [
        { x: 5, y: 5, c: 1 },
        { x: 5, y: 6, c: 1 },
        { x: 7, y: 5, c: NEUTRAL },
      ],
    });
    expect(formatMove(takeoverMove(state, 0))).toBe('5 6 6 5');
  });

  it('prefers the move converting the most neutral pieces', () => {
    const state = composeState({
      pieces: [
        { x: 10, y: 10, c: 1 },
        { x: 10, y: 11, c: 1 },
        { x: 12, y: 11, c: NEUTRAL }, // 11 11 converts this one only
        { x: 8, y: 10, c: NEUTRAL }, // 9 10 converts this one ...
        { x: 9, y: 9, c: NEUTRAL }, // ... and this one
      ],
    });
    expect(formatMove(takeoverMove(state, 0))).toBe('10 11 9 10');
  });

  it('otherwise brings its farthest piece as close to a neutral piece as it can', () => {
    const state = composeState({
      pieces: [
        { x: 0, y: 0, c: 1 },
        { x: 1, y: 0, c: 1 },
        { x: 10, y: 0, c: NEUTRAL },
      ],
    });
    expect(formatMove(takeoverMove(state, 0))).toBe('0 0 2 0');
  });

  it('reaches and converts a distant neutral piece by leapfrogging, without going round in circles', () => {
    let state = composeState({
      pieces: [
        { x: 0, y: 0, c: 2 },
        { x: 0, y: 1, c: 2 },
        { x: 9, y: 14, c: NEUTRAL },
      ],
      next: 1,
    });
    for (let turn = 0; turn < 40 && state.counts[2] === 2; turn++) {
      const move = takeoverMove(state, turn);
      expect(checkMove(state, move)).toBeNull();
      // The other bots (without pieces) do not move; the game must not end from their passes.
      state = { ...applyMove(state, move), next: 1, passStreak: 0 };
    }
    expect(state.counts[2]).toBe(3);
  });

  it('breaks ties with the seed, always legally and the same for the same seed', () => {
    const state = composeState({
      pieces: [
        { x: 10, y: 10, c: 1 },
        { x: 10, y: 11, c: 1 },
        { x: 12, y: 10, c: NEUTRAL },
        { x: 8, y: 11, c: NEUTRAL },
      ],
    });
    const chosen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const move = takeoverMove(state, seed);
      expect(checkMove(state, move)).toBeNull();
      expect(takeoverMove(state, seed)).toEqual(move);
      chosen.add(formatMove(move));
    }
    expect(chosen).toEqual(new Set(['10 11 11 10', '10 10 9 11']));
  });

  it('moves the bot whose turn it is', () => {
    const state = composeState({
      next: 3,
      pieces: [
        { x: 1, y: 1, c: 1 },
        { x: 1, y: 2, c: 1 },
        { x: 20, y: 1, c: 4 },
        { x: 20, y: 2, c: 4 },
        { x: 22, y: 2, c: NEUTRAL },
      ],
    });
    expect(formatMove(takeoverMove(state, 0))).toBe('20 1 21 2');
    expect(toAct(applyMove(state, takeoverMove(state, 0)))).toBe(0);
  });
});
