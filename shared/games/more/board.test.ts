import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSquare, wallBetween } from '../walls/grid.ts';
import { generateTiledBoard } from '../walls/tiles.ts';
import { moreGame as game } from './index.ts';
import { SAMPLE_BOARD } from './state.ts';

const sq = (name: string): number => parseSquare(6, name) as number;

function boardOf(text: string) {
  const setup = game.setup({ seed: 0, board: text });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

describe('More board strings', () => {
  it('parses the sample board of Figure 1 and writes it back unchanged', () => {
    const state = boardOf(SAMPLE_BOARD);
    expect(state.board).toBe(SAMPLE_BOARD);
    expect(game.opening(state)[0]?.line).toBe(SAMPLE_BOARD);
    // Row a's vertical walls are 01020: single a2|a3, double a4|a5, none elsewhere.
    expect([1, 2, 3, 4, 5].map((c) => wallBetween(state.grid, sq(`a${c}`), sq(`a${c + 1}`)))).toEqual([
      0, 1, 0, 2, 0,
    ]);
    // Then 010001: single walls a2|b2 and a6|b6.
    expect([1, 2, 3, 4, 5, 6].map((c) => wallBetween(state.grid, sq(`a${c}`), sq(`b${c}`)))).toEqual([
      0, 1, 0, 0, 0, 1,
    ]);
    // The last 5 digits are row f's vertical walls: 00000.
    expect([1, 2, 3, 4, 5].map((c) => wallBetween(state.grid, sq(`f${c}`), sq(`f${c + 1}`)))).toEqual([
      0, 0, 0, 0, 0,
    ]);
    // The 6 digits before them (50–55: 101001) are the walls between rows e and f: e1|f1, e3|f3, e6|f6.
    expect([1, 2, 3, 4, 5, 6].map((c) => wallBetween(state.grid, sq(`e${c}`), sq(`f${c}`)))).toEqual([
      1, 0, 1, 0, 0, 1,
    ]);
    // Row b's vertical walls are 00101: single b3|b4 and b5|b6.
    expect([1, 2, 3, 4, 5].map((c) => wallBetween(state.grid, sq(`b${c}`), sq(`b${c + 1}`)))).toEqual([
      0, 0, 1, 0, 1,
    ]);
  });

  it("reads the text's example: 00102 then 100102", () => {
    const state = boardOf('00102' + '100102' + '0'.repeat(49));
    const g = state.grid;
    expect(wallBetween(g, sq('a3'), sq('a4'))).toBe(1);
    expect(wallBetween(g, sq('a5'), sq('a6'))).toBe(2);
    expect(wallBetween(g, sq('a1'), sq('a2'))).toBe(0);
    expect(wallBetween(g, sq('a1'), sq('b1'))).toBe(1);
    expect(wallBetween(g, sq('a4'), sq('b4'))).toBe(1);
    expect(wallBetween(g, sq('a6'), sq('b6'))).toBe(2);
    expect(wallBetween(g, sq('a2'), sq('b2'))).toBe(0);
    // Nothing else is walled.
    expect([...g.vertical, ...g.horizontal].filter((w) => w > 0)).toHaveLength(5);
  });

  it('rejects a board string of another length, naming both lengths', () => {
    const result = game.setup({ seed: 0, board: SAMPLE_BOARD.slice(1) });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'board-length',
        message: 'More board: a 6×6 board string has 60 characters, this one has 59',
      },
    });
  });

  it('rejects a character other than 0, 1 and 2, naming its position', () => {
    const result = game.setup({ seed: 0, board: `${SAMPLE_BOARD.slice(0, 7)}3${SAMPLE_BOARD.slice(8)}` });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'board-character',
        message: 'More board: board strings contain only 0, 1 and 2; character 8 is "3"',
        index: 7,
      },
    });
  });

  it('generates boards from 9 tiles of the double stand-in set, the same for the same seed', () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const board = game.generateBoard(seed);
      expect(board).toBe(generateTiledBoard(seed, 3));
      expect(board).toMatch(/^[012]{60}$/);
      expect(game.generateBoard(seed)).toBe(board);
    }
    expect(game.generateBoard(1)).not.toBe(game.generateBoard(2));
  });

  it('sets up on the generated board of the seed when no board is given', () => {
    const setup = game.setup({ seed: 5 });
    expect(setup.ok && setup.value.board).toBe(generateTiledBoard(5, 3));
  });

  it('never throws on any board text: a board or an error with a code and a message', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[0-3]{58,62}$/), fc.string({ unit: 'binary' })),
        (text) => {
          const result = game.setup({ seed: 0, board: text });
          if (result.ok) {
            expect(text).toMatch(/^[012]{60}$/);
          } else {
            expect(result.error.code).toMatch(/^board-/);
            expect(result.error.message.length).toBeGreaterThan(10);
          }
        },
      ),
    );
  });
});
