import { describe, expect, it } from 'vitest';
import { cellAt, NEUTRAL } from './board.ts';
import { composeState } from './compose.ts';
import { findEnd, flitScores, outOfReach } from './ending.ts';
import { applyMove, legalMoves, missedTurn, scores, toAct } from './rules.ts';
import { PASS, TURN_LIMIT, type FlitState, type Update } from './state.ts';

/** Counts in state order: [empty E, bot 1, bot 2, bot 3, bot 4, neutral N]; the board has 1024 squares. */
function counts(d: number, a: number, b: number, c: number, n: number): number[] {
  return [1024 - d - a - b - c - n, d, a, b, c, n];
}

const no = [false, false, false, false];

describe('Flit catch-up rule (D > max(A + P, B + P, C + P), P = N + E − 4)', () => {
  it('works the formula with numbers', () => {
    // Bot 1 D = 440; A = 100, B = 120, C = 90; N = 3, so E = 1024 − 753 = 271.
    // P = 3 + 271 − 4 = 270; M = max(370, 390, 360) = 390; 440 > 390: out of reach.
    expect(outOfReach(counts(440, 100, 120, 90, 3))).toBe(0);
    // D = 390: E = 321, P = 320, M = 440; 390 ≤ 440.
    expect(outOfReach(counts(390, 100, 120, 90, 3))).toBeNull();
    // The edge: D = 415 gives E = 296, P = 295, M = 415, and D = M is not enough; D = 416 gives M = 414.
    expect(outOfReach(counts(415, 100, 120, 90, 3))).toBeNull();
    expect(outOfReach(counts(416, 100, 120, 90, 3))).toBe(0);
  });

  it('applies to any bot, measured against the best of the other three', () => {
    // Bot 3 has 416, the others 100, 120 (bot 1) and 90: the same numbers from bot 3's seat.
    expect(outOfReach([1024 - 729, 120, 100, 416, 90, 3])).toBe(2);
    expect(outOfReach([1024 - 728, 120, 100, 415, 90, 3])).toBeNull();
    expect(outOfReach(counts(2, 2, 2, 2, 0))).toBeNull();
  });

  it('ends the game after the move that converts the deciding neutral piece', () => {
    // Bot 1 has 415 pieces (414 on cells 0–413 and one on 10 28), bot 2 100, bot 3 120, bot 4 90,
    // and 3 neutral pieces, one at 10 30: exactly the edge above.
    const pieces: Update[] = [];
    const fill = (from: number, to: number, c: Update['c']): void => {
      for (let cell = from; cell < to; cell++) pieces.push({ x: cell % 32, y: Math.floor(cell / 32), c });
    };
    fill(0, 414, 1);
    fill(414, 514, 2);
    fill(514, 634, 3);
    fill(634, 724, 4);
    pieces.push({ x: 10, y: 28, c: 1 }, { x: 10, y: 30, c: NEUTRAL });
    pieces.push({ x: 20, y: 25, c: NEUTRAL }, { x: 25, y: 30, c: NEUTRAL });
    const state = composeState({ pieces, turns: 1000 });
    expect(state.counts).toEqual([296, 415, 100, 120, 90, 3]);
    expect(toAct(state)).toBe(0);
    // Moving the piece on cell 0 to 10 29 converts the neutral piece at 10 30: D = 416, P = 294.
    const after = applyMove(state, { x0: 0, y0: 0, x1: 10, y1: 29 });
    expect(after.board[cellAt(10, 30)]).toBe(1);
    expect(after.counts[1]).toBe(416);
    expect(findEnd(after)).toEqual({ kind: 'out-of-reach', seat: 0 });
    expect(toAct(after)).toBeNull();
    expect(scores(after, no)).toEqual([1, 0, 0, 0]);
    // Merely moving does not change P or D, so the game goes on.
    expect(toAct(applyMove(state, { x0: 0, y0: 0, x1: 11, y1: 28 }))).toBe(1);
  });
});

describe('Flit end conditions', () => {
  const pieces: Update[] = [1, 2, 3, 4].flatMap((c) => [
    { x: 2, y: 4 * c, c: c as Update['c'] },
    { x: 3, y: 4 * c, c: c as Update['c'] },
  ]);
  const moveSomething = (state: FlitState): FlitState => applyMove(state, legalMoves(state)[1] ?? PASS);

  it('ends when all four bots did not move in a row, whatever the reason', () => {
    let state = composeState({ pieces });
    state = moveSomething(state);
    state = applyMove(state, PASS);
    state = missedTurn(state, 'invalid');
    state = missedTurn(state, 'timeout');
    expect(toAct(state)).toBe(0); // only three in a row
    state = applyMove(state, { x0: 30, y0: 30, x1: 30, y1: 30 });
    expect(findEnd(state)).toEqual({ kind: 'all-passed' });
    expect(toAct(state)).toBeNull();
    expect(scores(state, no)).toEqual([0, 0, 0, 0]); // 2 pieces each: a tie, nobody scores
  });

  it('plays exactly 32,768 turns at most: 8,192 per bot', () => {
    const nearly = composeState({ pieces, turns: TURN_LIMIT - 2, next: 2 });
    const last = moveSomething(nearly);
    expect(toAct(last)).toBe(3);
    const done = moveSomething(last);
    expect(done.turns).toBe(32_768);
    expect(findEnd(done)).toEqual({ kind: 'move-limit', moves: 32_768 });
    expect(toAct(done)).toBeNull();
  });

  it('counts the automatic turns of frozen bots towards the turn limit', () => {
    const frozen = { frozen: { reason: 'timeouts' as const, turn: 10 } };
    const state = composeState({ pieces, turns: TURN_LIMIT - 2, next: 2, seats: { 3: frozen } });
    const after = moveSomething(state);
    expect(after.turns).toBe(TURN_LIMIT);
    expect(findEnd(after)).toEqual({ kind: 'move-limit', moves: TURN_LIMIT });
  });

  it('names out-of-reach before all-passed before the turn limit when several hold', () => {
    const far = counts(440, 100, 120, 90, 3);
    expect(findEnd({ counts: far, passStreak: 4, turns: TURN_LIMIT })).toEqual({
      kind: 'out-of-reach',
      seat: 0,
    });
    const even = counts(2, 2, 2, 2, 0);
    expect(findEnd({ counts: even, passStreak: 4, turns: TURN_LIMIT })).toEqual({ kind: 'all-passed' });
    expect(findEnd({ counts: even, passStreak: 3, turns: TURN_LIMIT })).toEqual({
      kind: 'move-limit',
      moves: TURN_LIMIT,
    });
    expect(findEnd({ counts: even, passStreak: 3, turns: TURN_LIMIT - 1 })).toBeNull();
  });
});

describe('Flit scores', () => {
  it('gives 1 to the one bot with the most pieces and 0 to the others', () => {
    expect(flitScores(counts(5, 3, 6, 2, 1), no)).toEqual([0, 0, 1, 0]);
    expect(flitScores(counts(2, 2, 2, 3, 0), no)).toEqual([0, 0, 0, 1]);
  });

  it('gives nobody anything when two bots share the most pieces', () => {
    expect(flitScores(counts(5, 3, 5, 2, 1), no)).toEqual([0, 0, 0, 0]);
    expect(flitScores(counts(2, 2, 2, 2, 0), no)).toEqual([0, 0, 0, 0]);
  });

  it('lets a failed (frozen) bot win on pieces, as freezing is the only penalty', () => {
    expect(flitScores(counts(9, 3, 6, 2, 1), [true, false, false, false])).toEqual([1, 0, 0, 0]);
  });
});
