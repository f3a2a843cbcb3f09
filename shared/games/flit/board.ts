/**
 * The Flit board: a 32×32 torus of cells, each holding one of six values. Cells are numbered
 * `y * 32 + x` (row-major from the top-left), with `x` the 0-based column and `y` the 0-based row, as the
 * protocol writes them. The board is a `Uint8Array` of 1024 values so that copying a state costs one
 * small memcpy; a board inside a state is never written to after the state is made.
 */

/** Width and height of the board. */
export const SIZE = 32;

/** Number of cells. */
export const CELLS = SIZE * SIZE;

/** The value of an empty cell. */
export const EMPTY = 0;

/** The value of a neutral piece; values 1–4 are the bots' colours. */
export const NEUTRAL = 5;

/** One cell's value: 0 empty, 1–4 a bot's colour, 5 neutral (exactly the `c` of an update line). */
export type Cell = 0 | 1 | 2 | 3 | 4 | 5;

/** A board inside a state: 1024 cells, read-only by convention (see the file comment). */
export type Board = Readonly<Uint8Array>;

/** The cell number of column `x`, row `y` (both 0–31). */
export function cellAt(x: number, y: number): number {
  return y * SIZE + x;
}

/** The column (0–31) of a cell number. */
export function cellX(cell: number): number {
  return cell % SIZE;
}

/** The row (0–31) of a cell number. */
export function cellY(cell: number): number {
  return Math.floor(cell / SIZE);
}

/**
 * The four neighbours of every cell, four entries per cell in the order above, left, right, below
 * (reading order when nothing wraps). The torus wraps, so every cell has exactly four.
 */
export const NEIGHBOURS: Readonly<Int16Array> = (() => {
  const table = new Int16Array(CELLS * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const base = cellAt(x, y) * 4;
      table[base] = cellAt(x, (y + SIZE - 1) % SIZE);
      table[base + 1] = cellAt((x + SIZE - 1) % SIZE, y);
      table[base + 2] = cellAt((x + 1) % SIZE, y);
      table[base + 3] = cellAt(x, (y + 1) % SIZE);
    }
  }
  return table;
})();

/** The `k`-th neighbour (0–3: above, left, right, below) of `cell`. */
export function neighbour(cell: number, k: number): number {
  return NEIGHBOURS[cell * 4 + k] ?? 0;
}

/** Whether cells `a` and `b` are horizontal or vertical neighbours on the torus. */
export function adjacent(a: number, b: number): boolean {
  for (let k = 0; k < 4; k++) if (neighbour(a, k) === b) return true;
  return false;
}

/**
 * Whether `cell` is available in the sense of the rules: its four neighbours are empty. The rules speak
 * of placing a piece there, so the cell itself must be empty too.
 */
export function isAvailable(board: Board, cell: number): boolean {
  if (board[cell] !== EMPTY) return false;
  for (let k = 0; k < 4; k++) if (board[neighbour(cell, k)] !== EMPTY) return false;
  return true;
}

/** How many cells hold each value: index 0 empty, 1–4 the bots' colours, 5 neutral. */
export function countCells(board: Board): number[] {
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < CELLS; i++) {
    const value = board[i] ?? EMPTY;
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/**
 * The torus (Manhattan) distance from every cell to the nearest cell for which `isSource` holds, or -1
 * everywhere when there is none: a breadth-first search over the whole torus that ignores what stands
 * in between (Flit pieces fly, so only the distance matters).
 */
export function distanceMap(isSource: (cell: number) => boolean): Int16Array {
  const dist = new Int16Array(CELLS).fill(-1);
  const queue = new Int16Array(CELLS);
  let tail = 0;
  for (let i = 0; i < CELLS; i++) {
    if (isSource(i)) {
      dist[i] = 0;
      queue[tail++] = i;
    }
  }
  for (let head = 0; head < tail; head++) {
    const cell = queue[head] ?? 0;
    const d = (dist[cell] ?? 0) + 1;
    for (let k = 0; k < 4; k++) {
      const n = neighbour(cell, k);
      if (dist[n] === -1) {
        dist[n] = d;
        queue[tail++] = n;
      }
    }
  }
  return dist;
}
