import { describe, expect, it } from 'vitest';
import { SAMPLE_BOARD as LESS_SAMPLE } from '../less/facts.ts';
import { areaAround, gridPath, highlightMarks, pieceMarks, stepMarks, wallSegments } from './board-view.ts';
import { parseWallGrid, type WallGrid } from './grid.ts';

function grid(size: number, text: string): WallGrid {
  const parsed = parseWallGrid(size, text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('wall segments', () => {
  it("draws the More text's example 00102 + 100102 edge by edge", () => {
    const walls = wallSegments(grid(6, '00102' + '100102' + '0'.repeat(49)));
    expect(walls).toEqual([
      { x1: 3, y1: 0, x2: 3, y2: 1, double: false }, // a3 | a4
      { x1: 5, y1: 0, x2: 5, y2: 1, double: true }, // a5 # a6
      { x1: 0, y1: 1, x2: 1, y2: 1, double: false }, // a1 over b1
      { x1: 3, y1: 1, x2: 4, y2: 1, double: false }, // a4 over b4
      { x1: 5, y1: 1, x2: 6, y2: 1, double: true }, // a6 over b6
    ]);
  });

  it("finds the Less sample board's 28 single and 2 double walls", () => {
    const walls = wallSegments(grid(8, LESS_SAMPLE));
    expect(walls).toHaveLength(30);
    expect(walls.filter((w) => w.double)).toEqual([
      { x1: 7, y1: 1, x2: 8, y2: 1, double: true }, // a8 over b8
      { x1: 3, y1: 2, x2: 4, y2: 2, double: true }, // b4 over c4
    ]);
  });

  it('draws nothing on a board without walls', () => {
    expect(wallSegments(grid(6, '0'.repeat(60)))).toEqual([]);
  });
});

describe('marks', () => {
  it('puts a 2×2 corner into one rectangle', () => {
    expect(areaAround(8, [6, 7, 14, 15], 0, '#fc0')).toEqual({
      seat: 0,
      x: 6,
      y: 0,
      width: 2,
      height: 2,
      colour: '#fc0',
    });
  });

  it('centres pieces on their squares, with keys by seat and slot', () => {
    const marks = pieceMarks(6, [[0], [35, 7]], ['#fff', '#000'], (seat) => seat === 1);
    expect(marks).toEqual([
      { key: '0-0', seat: 0, cx: 0.5, cy: 0.5, colour: '#fff', faded: false },
      { key: '1-0', seat: 1, cx: 5.5, cy: 5.5, colour: '#000', faded: true },
      { key: '1-1', seat: 1, cx: 1.5, cy: 1.5, colour: '#000', faded: true },
    ]);
  });

  it('marks each square of a move once, a square a step ended on as "to"', () => {
    // g1g3:g3g4 on 8×8: g1 = 48, g3 = 50, g4 = 51.
    const steps = [
      { from: 48, to: 50 },
      { from: 50, to: 51 },
    ];
    expect(highlightMarks(8, steps)).toEqual([
      { x: 0, y: 6, kind: 'from' },
      { x: 2, y: 6, kind: 'to' },
      { x: 3, y: 6, kind: 'to' },
    ]);
    expect(stepMarks(8, steps)).toEqual([
      { x1: 0.5, y1: 6.5, x2: 2.5, y2: 6.5 },
      { x1: 2.5, y1: 6.5, x2: 3.5, y2: 6.5 },
    ]);
  });

  it('draws the inner grid lines of a board', () => {
    expect(gridPath(3)).toBe('M1 0V3M0 1H3M2 0V3M0 2H3');
    expect(gridPath(1)).toBe('');
  });
});
