import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { game6561 as game } from './index.ts';
import { boardFromRows, parsePiece, type State6561 } from './state.ts';

function stateOf(rows: string[], moves: number, maxSum: number): State6561 {
  const board = boardFromRows(rows);
  if (!board.ok) throw new Error(board.error.message);
  return { board: board.value, moves, maxSum };
}

describe('state JSON', () => {
  const s = stateOf(['R3 . . G1', '. B27 . .', '. . . .', '. . . R2187'], 417, 3000);

  it('stores the board as 16 fields of null or colour letter and value', () => {
    expect(game.toJson(s)).toEqual({
      board: [
        'R3',
        null,
        null,
        'G1',
        null,
        'B27',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        'R2187',
      ],
      moves: 417,
      maxSum: 3000,
    });
  });

  it('round-trips', () => {
    const back = game.fromJson(JSON.parse(JSON.stringify(game.toJson(s))));
    expect(back).toEqual({ ok: true, value: s });
  });

  it.each<[unknown, string]>([
    [null, 'a 6561 state is an object with board, moves and maxSum'],
    [{ board: [], moves: 0, maxSum: 0 }, 'a 6561 state has a board of 16 fields'],
    [
      { board: ['X1', ...Array<null>(15).fill(null)], moves: 0, maxSum: 0 },
      'field 1 of the board: a piece is a colour letter B, R or G and a value, such as R3; got "X1"',
    ],
    [
      { board: [null, 'B6', ...Array<null>(14).fill(null)], moves: 0, maxSum: 9 },
      'field 2 of the board: a piece\'s value is a power of 3 (1, 3, 9, …); got "B6"',
    ],
    [
      { board: [null, 3, ...Array<null>(14).fill(null)], moves: 0, maxSum: 9 },
      'field 2 of the board is a number, not null or a piece such as "R3"',
    ],
    [
      { board: Array<null>(16).fill(null), moves: 1001, maxSum: 0 },
      'moves is a whole number from 0 to 1000; got "1001"',
    ],
    [
      { board: Array<null>(16).fill(null), moves: 2.5, maxSum: 0 },
      'moves is a whole number from 0 to 1000; got "2.5"',
    ],
    [
      { board: ['B9', ...Array<null>(15).fill(null)], moves: 10, maxSum: 8 },
      'maxSum is a whole number at least the board\'s sum 9; got "8"',
    ],
    [
      { board: Array<null>(16).fill(null), moves: '3', maxSum: 0 },
      'moves is a whole number from 0 to 1000; got a string',
    ],
    [
      { board: Array<null>(16).fill(null), moves: 3, maxSum: Object.create(null) },
      "maxSum is a whole number at least the board's sum 0; got an object",
    ],
  ])('rejects %j', (json, message) => {
    expect(game.fromJson(json)).toEqual({ ok: false, error: { code: 'bad-state', message } });
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const result = game.fromJson(json);
        if (!result.ok) expect(result.error.code).toBe('bad-state');
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(null), fc.string(), fc.stringMatching(/^[BRGX][0-9]{1,3}$/)), {
          minLength: 16,
          maxLength: 16,
        }),
        fc.integer({ min: -1, max: 1001 }),
        (board, moves) => {
          const result = game.fromJson({ board, moves, maxSum: 1e6 });
          if (result.ok) expect(game.toJson(result.value)).toEqual({ board, moves, maxSum: 1e6 });
          else expect(result.error.message.length).toBeGreaterThan(10);
        },
      ),
    );
  });
});

describe('parsePiece', () => {
  it('reads colour letters and powers of three only', () => {
    expect(parsePiece('G6561')).toEqual({ ok: true, value: { colour: 'gray', value: 6561 } });
    expect(parsePiece('B01').ok).toBe(false);
    expect(parsePiece('R0').ok).toBe(false);
    expect(parsePiece('b3').ok).toBe(false);
  });
});

describe('boardFromRows', () => {
  it('says which row is wrong', () => {
    expect(boardFromRows(['. . . .', '. . .', '. . . .', '. . . .'])).toEqual({
      ok: false,
      error: { code: 'bad-board', message: 'row 2 has 4 fields, got 3: ". . ."' },
    });
  });
});
