import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { game6561 as game } from './index.ts';
import type { Move6561, State6561 } from './state.ts';

function start(): State6561 {
  const setup = game.setup({ seed: 1 });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

describe('parseReply', () => {
  const s = start();

  it.each<[string, Move6561]>([
    ['11', { kind: 'place', row: 1, column: 1 }],
    ['23', { kind: 'place', row: 2, column: 3 }],
    ['44', { kind: 'place', row: 4, column: 4 }],
    ['U', { kind: 'slide', direction: 'U' }],
    ['D', { kind: 'slide', direction: 'D' }],
    ['L', { kind: 'slide', direction: 'L' }],
    ['R', { kind: 'slide', direction: 'R' }],
    ['32\r', { kind: 'place', row: 3, column: 2 }],
    [' L ', { kind: 'slide', direction: 'L' }],
  ])('reads %j', (line, move) => {
    expect(game.parseReply(s, line)).toEqual({ ok: true, value: move });
  });

  it.each<[string, string, string]>([
    [
      '',
      'empty-reply',
      'the reply is empty; a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R',
    ],
    ['51', 'off-board', '"51" names row 5, but rows are numbered 1–4'],
    ['05', 'off-board', '"05" names row 0, but rows are numbered 1–4'],
    ['15', 'off-board', '"15" names column 5, but columns are numbered 1–4'],
    [
      'u',
      'bad-move',
      'a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R; got "u"',
    ],
    [
      'UP',
      'bad-move',
      'a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R; got "UP"',
    ],
    [
      '1 2',
      'bad-move',
      'a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R; got "1 2"',
    ],
    [
      '123',
      'bad-move',
      'a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R; got "123"',
    ],
  ])('rejects %j with %s', (line, code, message) => {
    expect(game.parseReply(s, line)).toEqual({
      ok: false,
      error: expect.objectContaining({ code, message }),
    });
  });

  it('never throws, and every failure is an InputError with a code and a message', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[0-9UDLR ]{0,3}$/)),
        (line) => {
          const result = game.parseReply(s, line);
          if (result.ok) {
            expect(game.parseReply(s, game.formatMove(result.value))).toEqual(result);
          } else {
            expect(result.error.code).toMatch(/^[a-z-]+$/);
            expect(result.error.message.length).toBeGreaterThan(10);
          }
        },
      ),
    );
  });

  it('round-trips every move through formatMove', () => {
    const all: Move6561[] = [];
    for (let row = 1; row <= 4; row++)
      for (let column = 1; column <= 4; column++) all.push({ kind: 'place', row, column });
    for (const direction of ['U', 'D', 'L', 'R'] as const) all.push({ kind: 'slide', direction });
    for (const move of all)
      expect(game.parseReply(s, game.formatMove(move))).toEqual({ ok: true, value: move });
    expect(all.map((m) => game.formatMove(m)).join(' ')).toBe(
      '11 12 13 14 21 22 23 24 31 32 33 34 41 42 43 44 U D L R',
    );
  });
});

describe('the dialogue', () => {
  it('opens with A to the first player and B to the second', () => {
    expect(game.opening(start())).toEqual([
      { seat: 0, line: 'A' },
      { seat: 1, line: 'B' },
    ]);
  });

  it('sends each move to the other player, who then answers', () => {
    const s0 = start();
    const m1: Move6561 = { kind: 'place', row: 2, column: 2 };
    const s1 = game.apply(s0, m1);
    expect(game.afterMove(s0, m1, s1)).toEqual([{ seat: 1, line: '22' }]);
    const m2: Move6561 = { kind: 'place', row: 4, column: 4 };
    const s2 = game.apply(s1, m2);
    expect(game.afterMove(s1, m2, s2)).toEqual([{ seat: 0, line: '44' }]);
    const s3 = game.apply(s2, { kind: 'place', row: 1, column: 1 });
    const m4: Move6561 = { kind: 'slide', direction: 'U' };
    expect(game.afterMove(s3, m4, game.apply(s3, m4))).toEqual([{ seat: 0, line: 'U' }]);
  });

  it('sends only Quit to both at the end, without the last move', () => {
    const before: State6561 = { ...start(), moves: 999 };
    const move: Move6561 = { kind: 'place', row: 1, column: 1 };
    // Move 1000 is turn 10 of the rhythm, a slide: use a board where U changes it.
    const s: State6561 = { ...before, board: game.apply(start(), move).board };
    const slideDown: Move6561 = { kind: 'slide', direction: 'D' };
    expect(game.checkMove(s, slideDown)).toBeNull();
    const after = game.apply(s, slideDown);
    expect(game.end(after)).toEqual({ kind: 'move-limit', moves: 1000 });
    expect(game.afterMove(s, slideDown, after)).toEqual([
      { seat: 0, line: 'Quit', last: true },
      { seat: 1, line: 'Quit', last: true },
    ]);
  });

  it('sends Quit to both when the next move is impossible', () => {
    // B1 and R1 in column 1 at move 9: U empties the board, and B has no slide for move 10.
    const s: State6561 = {
      board: [
        { colour: 'blue', value: 1 },
        null,
        null,
        null,
        { colour: 'red', value: 1 },
        ...Array<null>(11).fill(null),
      ],
      moves: 8,
      maxSum: 5,
    };
    const up: Move6561 = { kind: 'slide', direction: 'U' };
    const after = game.apply(s, up);
    expect(game.end(after)).toEqual({ kind: 'no-valid-move', seat: 1 });
    expect(game.afterMove(s, up, after)).toEqual([
      { seat: 0, line: 'Quit', last: true },
      { seat: 1, line: 'Quit', last: true },
    ]);
  });
});
