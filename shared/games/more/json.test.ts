import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moreGame as game } from './index.ts';
import { SAMPLE_BOARD } from './state.ts';

const valid = {
  board: SAMPLE_BOARD,
  white: ['e5', 'e6', 'f5', 'f4'],
  black: ['a1', 'a2', 'b1', 'b2'],
  moves: [1, 0],
  penalties: [0, 0],
};

function load(json: unknown) {
  const result = game.fromJson(json);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const errorOf = (json: unknown) => {
  const result = game.fromJson(json);
  return result.ok ? null : result.error;
};

describe('More state JSON', () => {
  it('stores the facts, with squares by name, and the remaining points', () => {
    const setup = game.setup({ seed: 0, board: SAMPLE_BOARD });
    if (!setup.ok) throw new Error(setup.error.message);
    const parsed = game.parseReply(setup.value, 'f6f4');
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(game.toJson(game.apply(setup.value, parsed.value))).toEqual({ ...valid, remaining: [0, 0] });
  });

  it('takes stored remaining points instead of computing them, and refuses impossible ones', () => {
    const cutOff = { ...valid, moves: [40, 40], penalties: [3, 5] };
    const computed = load(cutOff);
    // The stored points are taken as they are (computing them costs a table of every placement).
    expect(load({ ...cutOff, remaining: [24, 25] })).toEqual(computed);
    expect(load({ ...cutOff, remaining: [1, 2] }).remaining).toEqual([1, 2]);
    expect(errorOf({ ...valid, remaining: [0, 3] })?.message).toBe(
      'Black cannot have remaining points before a cut-off or stuck end',
    );
    expect(errorOf({ ...cutOff, remaining: [-1, 0] })?.message).toBe(
      "remaining must be two whole numbers of at least 0, White's then Black's",
    );
  });

  it('restores an equal state, deriving turn, end and remaining points', () => {
    const state = load(valid);
    expect(game.fromJson(game.toJson(state))).toEqual({ ok: true, value: state });
    expect(state.toAct).toBe(1);
    const cutOff = load({ ...valid, moves: [40, 40], penalties: [3, 5] });
    expect(cutOff.end).toEqual({ kind: 'move-cutoff', moves: 80 });
    expect(cutOff.remaining).toEqual([24, 25]);
    expect(game.fromJson(game.toJson(cutOff))).toEqual({ ok: true, value: cutOff });
  });

  it('says exactly what is wrong with a bad state', () => {
    expect(errorOf([])?.code).toBe('state-shape');
    expect(errorOf(null)?.code).toBe('state-shape');
    expect(errorOf({ ...valid, board: 5 })).toEqual({
      code: 'state-board',
      message: 'a More state needs a board string',
    });
    expect(errorOf({ ...valid, board: '012' })).toEqual({
      code: 'board-length',
      message: 'More state board: a 6×6 board string has 60 characters, this one has 3',
    });
    expect(errorOf({ ...valid, white: ['e5', 'e6', 'f5'] })?.message).toBe(
      'white must list the squares of 4 stones, such as ["a1","a2","b1","b2"]',
    );
    expect(errorOf({ ...valid, black: ['a1', 'a2', 'b1', 'g7'] })?.message).toBe(
      'black: "g7" is not a square a1–f6',
    );
    expect(errorOf({ ...valid, black: ['a1', 'a2', 'b1', 7] })?.message).toBe(
      'black: a number is not a square a1–f6',
    );
    expect(errorOf({ ...valid, black: ['a1', 'a2', 'b1', 'a1'] })?.message).toBe(
      'black: two stones stand on a1',
    );
    expect(errorOf({ ...valid, black: ['a1', 'a2', 'b1', 'f4'] })?.message).toBe(
      'a White and a Black stone both stand on f4',
    );
    expect(errorOf({ ...valid, moves: [1, -1] })?.message).toBe(
      "moves must be two whole numbers of at least 0, White's then Black's",
    );
    expect(errorOf({ ...valid, moves: [1.5, 1] })?.code).toBe('state-counts');
    expect(errorOf({ ...valid, penalties: [3, 0] })?.message).toBe(
      'White cannot have more than 2 penalty points per move',
    );
    expect(errorOf({ ...valid, moves: [41, 40] })?.message).toBe(
      'a game stops after 80 moves; this state has 81',
    );
    expect(errorOf({ ...valid, moves: [5, 7] })?.message).toBe(
      'White with 5 moves and Black with 7 moves cannot happen in this position',
    );
  });

  it('accepts the move counts of a seat that moves on alone after the other is home', () => {
    const whiteHome = { ...valid, white: ['a1', 'a2', 'b1', 'b2'], black: ['c1', 'c2', 'd1', 'd2'] };
    expect(load({ ...whiteHome, moves: [20, 30] }).toAct).toBe(1);
    expect(errorOf({ ...whiteHome, moves: [20, 18] })?.code).toBe('state-counts');
    const blackHome = { ...valid, white: ['c1', 'c2', 'd1', 'd2'], black: ['e5', 'e6', 'f5', 'f6'] };
    expect(load({ ...blackHome, moves: [30, 20] }).toAct).toBe(0);
    expect(errorOf({ ...blackHome, moves: [19, 20] })?.code).toBe('state-counts');
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.record({
            board: fc.oneof(fc.constant(SAMPLE_BOARD), fc.string()),
            white: fc.array(fc.oneof(fc.constantFrom('a1', 'e5', 'f6', 'c3'), fc.string()), { maxLength: 5 }),
            black: fc.array(fc.constantFrom('a1', 'a2', 'b1', 'b2', 'd4'), { maxLength: 5 }),
            moves: fc.array(fc.integer({ min: -2, max: 50 }), { maxLength: 3 }),
            penalties: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
          }),
        ),
        (json) => {
          const result = game.fromJson(json);
          if (!result.ok) {
            expect(result.error.code.length).toBeGreaterThan(0);
            expect(result.error.message.length).toBeGreaterThan(10);
          }
        },
      ),
    );
  });
});
