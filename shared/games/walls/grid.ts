import { inputError, ok, quote, type InputError, type Result } from '../result.ts';

/**
 * Square boards with walls between neighbouring squares, as Less (8×8) and More (6×6) use them.
 * Rows are letters a.. from the top, columns digits 1.. from the left; a square is a 0-based index
 * `row * size + col`. A wall value is 0 (none), 1 (single) or 2 (double).
 */
export interface WallGrid {
  readonly size: number;
  /** `vertical[row * (size - 1) + col]`: the wall between (row, col) and (row, col + 1). */
  readonly vertical: readonly number[];
  /** `horizontal[row * size + col]`: the wall between (row, col) and (row + 1, col). */
  readonly horizontal: readonly number[];
}

/** The four orthogonal directions as [row delta, column delta]. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/** The length of a board string for a board of `size` × `size`. */
export function boardStringLength(size: number): number {
  return 2 * size * (size - 1);
}

/**
 * Parses a board string: for each row from the top, `size - 1` digits for the vertical walls left to
 * right, then (for every row but the last) `size` digits for the walls below that row.
 */
export function parseWallGrid(size: number, text: string): Result<WallGrid, InputError> {
  const expected = boardStringLength(size);
  if (text.length !== expected) {
    return inputError(
      'board-length',
      `a ${size}×${size} board string has ${expected} characters, this one has ${text.length}`,
    );
  }
  const vertical: number[] = [];
  const horizontal: number[] = [];
  let i = 0;
  for (let row = 0; row < size; row++) {
    for (let k = 0; k < size - 1 + (row < size - 1 ? size : 0); k++, i++) {
      const ch = text[i] as string;
      if (ch !== '0' && ch !== '1' && ch !== '2') {
        return inputError(
          'board-character',
          `board strings contain only 0, 1 and 2; character ${i + 1} is ${quote(ch)}`,
          i,
        );
      }
      (k < size - 1 ? vertical : horizontal).push(Number(ch));
    }
  }
  return ok({ size, vertical, horizontal });
}

/** The board string of a grid; `parseWallGrid` of it gives the same grid. */
export function formatWallGrid(grid: WallGrid): string {
  const { size } = grid;
  let out = '';
  for (let row = 0; row < size; row++) {
    out += grid.vertical.slice(row * (size - 1), (row + 1) * (size - 1)).join('');
    if (row < size - 1) out += grid.horizontal.slice(row * size, (row + 1) * size).join('');
  }
  return out;
}

/** The wall between two orthogonally adjacent squares. The caller must pass adjacent squares. */
export function wallBetween(grid: WallGrid, a: number, b: number): number {
  const { size } = grid;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const row = Math.floor(lo / size);
  const col = lo % size;
  if (hi === lo + 1) return grid.vertical[row * (size - 1) + col] ?? 0;
  return grid.horizontal[row * size + col] ?? 0;
}

/** The square one step from `square` in direction `dir`, or -1 off the board. */
export function stepFrom(size: number, square: number, dir: readonly [number, number]): number {
  const row = Math.floor(square / size) + dir[0];
  const col = (square % size) + dir[1];
  return row < 0 || col < 0 || row >= size || col >= size ? -1 : row * size + col;
}

/** The name of a square, such as `a1` for the top-left one. */
export function squareName(size: number, square: number): string {
  return String.fromCharCode(97 + Math.floor(square / size)) + String((square % size) + 1);
}

/** Parses a square name such as `c4`; `null` when it is not a square of this board. */
export function parseSquare(size: number, text: string): number | null {
  if (text.length !== 2) return null;
  const row = text.charCodeAt(0) - 97;
  const col = text.charCodeAt(1) - 49;
  if (row < 0 || row >= size || col < 0 || col >= size) return null;
  return row * size + col;
}

/** The squares of the 2×2 block whose top-left square is (row, col). */
export function block(size: number, row: number, col: number): readonly number[] {
  return [row * size + col, row * size + col + 1, (row + 1) * size + col, (row + 1) * size + col + 1];
}

/**
 * A grid of `size` with only the given walls, each [square, neighbouring square, 1 or 2] by name (`c3`,
 * `c4`). For tests and tools that set up positions by hand; the caller must name adjacent squares.
 */
export function gridWithWalls(size: number, walls: readonly (readonly [string, string, number])[]): WallGrid {
  const vertical = new Array<number>(size * (size - 1)).fill(0);
  const horizontal = new Array<number>(size * (size - 1)).fill(0);
  for (const [a, b, wall] of walls) {
    const [lo, hi] = [parseSquare(size, a) ?? -1, parseSquare(size, b) ?? -1].sort((x, y) => x - y) as [
      number,
      number,
    ];
    if (lo < 0 || (hi !== lo + 1 && hi !== lo + size))
      throw new RangeError(`${a} and ${b} are not neighbours`);
    if (hi === lo + 1) vertical[Math.floor(lo / size) * (size - 1) + (lo % size)] = wall;
    else horizontal[lo] = wall;
  }
  return { size, vertical, horizontal };
}
