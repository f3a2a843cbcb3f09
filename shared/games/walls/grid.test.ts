import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatWallGrid,
  parseSquare,
  parseWallGrid,
  squareName,
  wallBetween,
  type WallGrid,
} from './grid.ts';

const LESS_SAMPLE =
  '0100000010000020000101001211000110000010010000101000000000010001101010001001000010000000000000100000101011001010';
const MORE_SAMPLE = '010200100010010100110001000011000010000000000101010100100000';

function grid(size: number, text: string): WallGrid {
  const parsed = parseWallGrid(size, text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
const sq = (size: number, name: string): number => parseSquare(size, name) ?? -1;
const wall = (g: WallGrid, a: string, b: string): number => wallBetween(g, sq(g.size, a), sq(g.size, b));

describe('wall grids', () => {
  it("reads the Less rules' sample board", () => {
    const g = grid(8, LESS_SAMPLE);
    // Row a's vertical walls are 0100000: one single wall, between a2 and a3.
    expect(wall(g, 'a2', 'a3')).toBe(1);
    expect(wall(g, 'a1', 'a2')).toBe(0);
    // Between rows a and b: 01000002.
    expect(wall(g, 'a2', 'b2')).toBe(1);
    expect(wall(g, 'b8', 'a8')).toBe(2);
    // Row b's vertical walls 0000101 and the row b/c walls 00121100.
    expect(wall(g, 'b5', 'b6')).toBe(1);
    expect(wall(g, 'b4', 'c4')).toBe(2);
    // The last 7 characters are row h's vertical walls: 1001010.
    expect(wall(g, 'h1', 'h2')).toBe(1);
    expect(wall(g, 'h6', 'h7')).toBe(1);
    expect(formatWallGrid(g)).toBe(LESS_SAMPLE);
  });

  it("reads the More rules' sample board and its worked example", () => {
    const g = grid(6, MORE_SAMPLE);
    expect(formatWallGrid(g)).toBe(MORE_SAMPLE);
    // "00102 ... een enkele muur tussen a3 en a4, en een dubbele muur tussen a5 en a6"
    const ex = grid(6, '00102' + '100102' + '0'.repeat(49));
    expect(wall(ex, 'a3', 'a4')).toBe(1);
    expect(wall(ex, 'a5', 'a6')).toBe(2);
    expect(wall(ex, 'a1', 'a2')).toBe(0);
    // "100102 ... een enkele muur tussen a1 en b1, en tussen a4 en b4, en een dubbele muur tussen a6 en b6"
    expect(wall(ex, 'a1', 'b1')).toBe(1);
    expect(wall(ex, 'a4', 'b4')).toBe(1);
    expect(wall(ex, 'a6', 'b6')).toBe(2);
    expect(wall(ex, 'a2', 'b2')).toBe(0);
  });

  it('rejects a wrong length or character with a message that says what is wrong', () => {
    const short = parseWallGrid(8, '0101');
    expect(short).toEqual({ ok: false, error: expect.objectContaining({ code: 'board-length' }) });
    if (!short.ok) expect(short.error.message).toContain('112 characters, this one has 4');
    const bad = parseWallGrid(6, MORE_SAMPLE.slice(0, 10) + '3' + MORE_SAMPLE.slice(11));
    expect(bad).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'board-character', index: 10 }),
    });
    if (!bad.ok) expect(bad.error.message).toContain('character 11 is "3"');
  });

  it('never throws on arbitrary text, and accepts exactly the well-formed strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 130 }), (text) => {
        const r = parseWallGrid(8, text);
        const valid = /^[012]{112}$/.test(text);
        return r.ok === valid && (r.ok || r.error.message.length > 0);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('0', '1', '2'), { minLength: 60, maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const r = parseWallGrid(6, text);
        return r.ok && formatWallGrid(r.value) === text;
      }),
    );
  });

  it('names and parses squares', () => {
    expect(squareName(8, 0)).toBe('a1');
    expect(squareName(8, 63)).toBe('h8');
    expect(parseSquare(6, 'f6')).toBe(35);
    for (const bad of ['g1', 'a7', 'a0', 'A1', 'a', 'a11', '']) expect(parseSquare(6, bad)).toBeNull();
  });
});
