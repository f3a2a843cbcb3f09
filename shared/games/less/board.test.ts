import { describe, expect, it } from 'vitest';
import { parseSquare, wallBetween } from '../walls/grid.ts';
import { generateTiledBoard } from '../walls/tiles.ts';
import { SAMPLE_BOARD, START_SQUARES, TARGET_SQUARES } from './facts.ts';
import { lessGame } from './index.ts';
import type { LessState } from './state.ts';

const sq = (name: string): number => parseSquare(8, name) as number;
const names = (squares: readonly number[]): string[] =>
  squares.map((s) => String.fromCharCode(97 + Math.floor(s / 8)) + String((s % 8) + 1));

function sample(): LessState {
  const setup = lessGame.setup({ seed: 5, board: SAMPLE_BOARD });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

describe('Less board and starting position', () => {
  it('parses the sample board of the rules text with its walls in place', () => {
    const { grid, board } = sample();
    expect(board).toBe(SAMPLE_BOARD);
    expect(SAMPLE_BOARD).toHaveLength(112);
    const wall = (a: string, b: string): number => wallBetween(grid, sq(a), sq(b));
    // Row a: "0100000", then "01000002" below it.
    expect(wall('a1', 'a2')).toBe(0);
    expect(wall('a2', 'a3')).toBe(1);
    expect(wall('a2', 'b2')).toBe(1);
    expect(wall('a8', 'b8')).toBe(2);
    // Row b: "0000101", then "00121100".
    expect(wall('b5', 'b6')).toBe(1);
    expect(wall('b7', 'b8')).toBe(1);
    expect(wall('b3', 'c3')).toBe(1);
    expect(wall('b4', 'c4')).toBe(2);
    expect(wall('b6', 'c6')).toBe(1);
    expect(wall('b7', 'c7')).toBe(0);
    // Row g: "0000100", then "00010101"; row h: "1001010".
    expect(wall('g5', 'g6')).toBe(1);
    expect(wall('g4', 'h4')).toBe(1);
    expect(wall('g8', 'h8')).toBe(1);
    expect(wall('h1', 'h2')).toBe(1);
    expect(wall('h4', 'h5')).toBe(1);
    expect(wall('h6', 'h7')).toBe(1);
    expect(wall('h7', 'h8')).toBe(0);
    const all = [...grid.vertical, ...grid.horizontal];
    expect(all.filter((w) => w === 1)).toHaveLength(28);
    expect(all.filter((w) => w === 2)).toHaveLength(2);
  });

  it('plays the rules example turn h1f1:g1g3:h2f2 on the sample board', () => {
    const state = sample();
    const move = lessGame.parseReply(state, 'h1f1:g1g3:h2f2');
    expect(move.ok).toBe(true);
    if (!move.ok) return;
    expect(lessGame.checkMove(state, move.value)).toBeNull();
    const after = lessGame.apply(state, move.value);
    expect(names(after.pieces[0] as number[])).toEqual(['f1', 'f2', 'g2', 'g3']);
    expect(after.charged).toEqual([3, 0, 0, 0]);
    expect(lessGame.toAct(after)).toBe(1);
  });

  it('starts every colour in its corner and sends it to the diagonally opposite one', () => {
    expect(START_SQUARES.map(names)).toEqual([
      ['g1', 'g2', 'h1', 'h2'],
      ['a1', 'a2', 'b1', 'b2'],
      ['g7', 'g8', 'h7', 'h8'],
      ['a7', 'a8', 'b7', 'b8'],
    ]);
    expect(TARGET_SQUARES.map(names)).toEqual([
      ['a7', 'a8', 'b7', 'b8'],
      ['g7', 'g8', 'h7', 'h8'],
      ['a1', 'a2', 'b1', 'b2'],
      ['g1', 'g2', 'h1', 'h2'],
    ]);
    const state = sample();
    expect(state.pieces).toEqual(START_SQUARES);
    expect(lessGame.toAct(state)).toBe(0);
    expect(lessGame.end(state)).toBeNull();
  });

  it('rejects board strings of another length or with other characters', () => {
    const short = lessGame.setup({ seed: 1, board: SAMPLE_BOARD.slice(1) });
    expect(short).toEqual({
      ok: false,
      error: { code: 'board-length', message: 'a 8×8 board string has 112 characters, this one has 111' },
    });
    const long = lessGame.setup({ seed: 1, board: `${SAMPLE_BOARD}0` });
    expect(long.ok ? null : long.error.code).toBe('board-length');
    const bad = lessGame.setup({ seed: 1, board: `${SAMPLE_BOARD.slice(0, 20)}3${SAMPLE_BOARD.slice(21)}` });
    expect(bad.ok ? null : bad.error).toEqual({
      code: 'board-character',
      message: 'board strings contain only 0, 1 and 2; character 21 is "3"',
      index: 20,
    });
  });

  it('generates boards from 16 tiles of the stand-in set, the same for the same seed', () => {
    expect(lessGame.generateBoard(42)).toBe(generateTiledBoard(42, 4));
    expect(lessGame.generateBoard(42)).toHaveLength(112);
    expect(lessGame.generateBoard(42)).not.toBe(lessGame.generateBoard(43));
    const setup = lessGame.setup({ seed: 42 });
    expect(setup.ok && setup.value.board).toBe(lessGame.generateBoard(42));
  });

  it('draws a picture with walls, pieces and the turn', () => {
    const picture = lessGame.render(sample());
    const lines = picture.split('\n');
    expect(lines[0]).toBe('     1   2   3   4   5   6   7   8');
    expect(lines[1]).toBe('   +---+---+---+---+---+---+---+---+');
    expect(lines[2]).toBe(' a | B   B | .   .   .   .   R   R |');
    expect(lines[3]).toBe('   +   +---+   +   +   +   +   +===+');
    expect(lines[16]).toBe(' h | Y | Y   .   . | .   . | W   W |');
    expect(picture).toContain('Yellow to move: turn 1 of 20, 3 points.');
    expect(picture).toContain('Yellow+White 0  ·  Black+Red 0');
  });
});
