import { describe, expect, it } from 'vitest';
import {
  adjacent,
  cellAt,
  cellX,
  cellY,
  countCells,
  distanceMap,
  isAvailable,
  neighbour,
  NEUTRAL,
} from './board.ts';

describe('Flit board geometry', () => {
  it('numbers cells row by row with x the column and y the row', () => {
    expect(cellAt(0, 0)).toBe(0);
    expect(cellAt(31, 0)).toBe(31);
    expect(cellAt(0, 1)).toBe(32);
    expect(cellAt(5, 7)).toBe(229);
    expect([cellX(229), cellY(229)]).toEqual([5, 7]);
  });

  it('gives every cell four neighbours, above, left, right, below, wrapping round the torus', () => {
    const names = (x: number, y: number): string[] =>
      [0, 1, 2, 3].map((k) => {
        const n = neighbour(cellAt(x, y), k);
        return `${cellX(n)},${cellY(n)}`;
      });
    expect(names(5, 7)).toEqual(['5,6', '4,7', '6,7', '5,8']);
    expect(names(0, 0)).toEqual(['0,31', '31,0', '1,0', '0,1']);
    expect(names(31, 31)).toEqual(['31,30', '30,31', '0,31', '31,0']);
    expect(adjacent(cellAt(31, 4), cellAt(0, 4))).toBe(true);
    expect(adjacent(cellAt(3, 0), cellAt(3, 31))).toBe(true);
    expect(adjacent(cellAt(3, 3), cellAt(4, 4))).toBe(false); // no diagonal neighbours
  });

  it('calls a square available when it and its four neighbours are empty', () => {
    const board = new Uint8Array(1024);
    board[cellAt(10, 10)] = 2;
    expect(isAvailable(board, cellAt(10, 10))).toBe(false); // occupied itself
    expect(isAvailable(board, cellAt(11, 10))).toBe(false);
    expect(isAvailable(board, cellAt(10, 9))).toBe(false);
    expect(isAvailable(board, cellAt(11, 11))).toBe(true); // diagonal neighbours do not count
    expect(isAvailable(board, cellAt(12, 10))).toBe(true);
    board[cellAt(0, 0)] = NEUTRAL;
    expect(isAvailable(board, cellAt(31, 0))).toBe(false); // across the wrap
    expect(isAvailable(board, cellAt(0, 31))).toBe(false);
  });

  it('counts the cells of every value', () => {
    const board = new Uint8Array(1024);
    board[0] = 1;
    board[1] = 1;
    board[2] = 4;
    board[3] = NEUTRAL;
    expect(countCells(board)).toEqual([1020, 2, 0, 0, 1, 1]);
  });

  it('measures torus distances to the nearest source', () => {
    const dist = distanceMap((cell) => cell === cellAt(0, 0));
    expect(dist[cellAt(0, 0)]).toBe(0);
    expect(dist[cellAt(31, 31)]).toBe(2);
    expect(dist[cellAt(16, 16)]).toBe(32);
    expect(dist[cellAt(3, 30)]).toBe(5);
    expect(distanceMap(() => false).every((d) => d === -1)).toBe(true);
  });
});
