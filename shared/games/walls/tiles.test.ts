import { describe, expect, it } from 'vitest';
import { parseWallGrid } from './grid.ts';
import { STAND_IN_TILES, generateTiledBoard, layTiles } from './tiles.ts';

const LESS_SAMPLE =
  '0100000010000020000101001211000110000010010000101000000000010001101010001001000010000000000000100000101011001010';
const count = (text: string, ch: string) => [...text].filter((c) => c === ch).length;

describe('tiled boards', () => {
  it('makes the same valid board from the same seed, and different boards from different seeds', () => {
    const a = generateTiledBoard(1, 4);
    expect(a).toBe(generateTiledBoard(1, 4));
    expect(a).not.toBe(generateTiledBoard(2, 4));
    expect(parseWallGrid(8, a).ok).toBe(true);
    expect(parseWallGrid(6, generateTiledBoard(1, 3)).ok).toBe(true);
  });

  it('adds the half-walls of two touching tiles and rotates tiles with their walls', () => {
    const open = '0000|00000000';
    // A tile with a half-wall on its right edge (top) next to one with a half-wall on its left edge (top).
    const g = layTiles(2, [
      ['0000|00100000', 0],
      ['0000|00000001', 0],
      [open, 0],
      [open, 0],
    ]);
    expect(g.vertical[1]).toBe(2); // between (0,1) and (0,2)
    expect(g.vertical.filter((w) => w > 0)).toHaveLength(1);
    // The internal wall between the top two squares, turned a quarter clockwise, separates the right two.
    const turned = layTiles(1, [['1000|00000000', 1]]);
    expect(turned).toEqual({ size: 2, vertical: [0, 0], horizontal: [0, 1] });
  });

  it('has a dozen tiles and boards that look like the sample board', () => {
    expect(STAND_IN_TILES).toHaveLength(12);
    let ones = 0;
    let twos = 0;
    const n = 200;
    for (let seed = 0; seed < n; seed++) {
      const b = generateTiledBoard(seed, 4);
      ones += count(b, '1');
      twos += count(b, '2');
    }
    // The sample has 28 single and 2 double walls among 112 edges.
    expect(ones / n).toBeGreaterThan(20);
    expect(ones / n).toBeLessThan(36);
    expect(twos / n).toBeGreaterThan(0.8);
    expect(twos / n).toBeLessThan(4);
    expect(count(LESS_SAMPLE, '1')).toBe(28);
  });
});
