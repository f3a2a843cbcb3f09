import { describe, expect, it } from 'vitest';
import { gridWithWalls, parseSquare } from './grid.ts';
import { explainPieceMove, pieceMoves } from './moves.ts';

const s = (name: string): number => parseSquare(6, name)!;

describe('piece moves on a wall grid', () => {
  it('charges 1 plus the wall for steps, and 1 for wall-free jumps', () => {
    const g = gridWithWalls(6, [
      ['c3', 'c4', 1],
      ['c3', 'b3', 2],
    ]);
    const occupied = new Set([s('c3'), s('d3')]);
    const moves = pieceMoves(g, (q) => occupied.has(q), s('c3'));
    const by = Object.fromEntries(moves.map((m) => [m.to, [m.cost, m.jump]]));
    expect(by[s('c4')]).toEqual([2, false]);
    expect(by[s('b3')]).toEqual([3, false]);
    expect(by[s('c2')]).toEqual([1, false]);
    expect(by[s('e3')]).toEqual([1, true]);
    expect(moves).toHaveLength(4);
  });

  it('forbids jumps across a wall, onto a piece, off the board, or over a non-jumpable piece', () => {
    const g = gridWithWalls(6, [['d3', 'e3', 1]]);
    const occupied = new Set([s('c3'), s('d3'), s('c2'), s('c1'), s('b3'), s('a3')]);
    const at = (q: number) => occupied.has(q);
    const tos = pieceMoves(g, at, s('c3')).map((m) => m.to);
    expect(tos).toEqual([s('c4')]);
    expect(explainPieceMove(g, at, s('c3'), s('e3'))).toEqual({ reason: 'a jump may not cross a wall' });
    expect(explainPieceMove(g, at, s('c3'), s('a3'))).toEqual({
      reason: 'the destination square is not empty',
    });
    expect(explainPieceMove(g, at, s('c3'), s('d4'))).toEqual({
      reason: 'pieces move only horizontally or vertically',
    });
    expect(explainPieceMove(g, at, s('c3'), s('c6'))).toEqual({
      reason: 'a piece moves one square, or jumps over one adjacent piece',
    });
    expect(explainPieceMove(g, at, s('c4'), s('c6'))).toEqual({
      reason: 'a move of two squares must jump over a piece',
    });
    const own = new Set([s('c3')]);
    expect(explainPieceMove(g, at, s('c4'), s('c2'), (q) => own.has(q))).toEqual({
      reason: 'the destination square is not empty',
    });
    expect(explainPieceMove(g, at, s('b4'), s('d4'), (q) => own.has(q))).toEqual({
      reason: 'a move of two squares must jump over a piece',
    });
    expect(explainPieceMove(g, at, s('c4'), s('c2'))).toEqual({
      reason: 'the destination square is not empty',
    });
    expect(
      explainPieceMove(
        g,
        (q) => q === s('c3'),
        s('c4'),
        s('c2'),
        () => false,
      ),
    ).toEqual({
      reason: 'only your own pieces can be jumped over in the rush',
    });
  });
});
