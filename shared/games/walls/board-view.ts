import type { BoardHeader } from '../board-view.ts';
import type { WallGrid } from './grid.ts';

/**
 * Drawing data for square boards with walls (Less 8×8, More 6×6), shared by their board view models
 * (`less/board-view.ts`, `more/board-view.ts`) and drawn by the renderer's WallBoardSvg. Coordinates are
 * in squares: the square in row `r` (0 = row a, at the top) and column `c` (0 = column 1, at the left)
 * covers x from `c` to `c + 1` and y from `r` to `r + 1`, so the SVG's viewBox is `0 0 size size`.
 */

/** One wall between two squares, as a line along their shared edge. */
export interface WallSegment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  /** A double wall (a step across it costs more) is drawn thicker than a single one. */
  readonly double: boolean;
}

/** A tinted rectangle of squares, such as a seat's target corner. */
export interface AreaMark {
  readonly seat: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly colour: string;
}

/** One piece, centred on its square. */
export interface PieceMark {
  /** Stable across updates for the same seat and piece slot, for Vue's keyed lists. */
  readonly key: string;
  readonly seat: number;
  readonly cx: number;
  readonly cy: number;
  readonly colour: string;
  /** Drawn faint: in Less's final rush, the pieces of everybody but the rusher. */
  readonly faded: boolean;
}

/** A square the last move started from (`from`) or ended on (`to`). */
export interface HighlightMark {
  readonly x: number;
  readonly y: number;
  readonly kind: 'from' | 'to';
}

/** One step of the last move, from the centre of one square to the centre of another. */
export interface StepMark {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/** One move of one piece, squares as 0-based indexes `row * size + col`. */
export interface SquareStep {
  readonly from: number;
  readonly to: number;
}

/** Everything a walled board draws. */
export interface WallBoardView extends BoardHeader {
  readonly size: number;
  readonly walls: readonly WallSegment[];
  readonly areas: readonly AreaMark[];
  readonly pieces: readonly PieceMark[];
  readonly highlights: readonly HighlightMark[];
  readonly steps: readonly StepMark[];
}

/** Every wall inside the board (the border is drawn separately), vertical walls first, row by row. */
export function wallSegments(grid: WallGrid): WallSegment[] {
  const { size } = grid;
  const out: WallSegment[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size - 1; col++) {
      const wall = grid.vertical[row * (size - 1) + col] ?? 0;
      if (wall > 0) out.push({ x1: col + 1, y1: row, x2: col + 1, y2: row + 1, double: wall > 1 });
    }
  }
  for (let row = 0; row < size - 1; row++) {
    for (let col = 0; col < size; col++) {
      const wall = grid.horizontal[row * size + col] ?? 0;
      if (wall > 0) out.push({ x1: col, y1: row + 1, x2: col + 1, y2: row + 1, double: wall > 1 });
    }
  }
  return out;
}

/** The smallest rectangle around `squares` (such as a 2×2 corner), tinted in `colour`. */
export function areaAround(size: number, squares: readonly number[], seat: number, colour: string): AreaMark {
  const cols = squares.map((sq) => sq % size);
  const rows = squares.map((sq) => Math.floor(sq / size));
  const x = Math.min(...cols);
  const y = Math.min(...rows);
  return { seat, x, y, width: Math.max(...cols) - x + 1, height: Math.max(...rows) - y + 1, colour };
}

/** Pieces of every seat, one list of squares per seat, in seat order. */
export function pieceMarks(
  size: number,
  squares: readonly (readonly number[])[],
  colours: readonly string[],
  faded: (seat: number) => boolean = () => false,
): PieceMark[] {
  return squares.flatMap((list, seat) =>
    list.map((sq, i) => ({
      key: `${seat}-${i}`,
      seat,
      cx: (sq % size) + 0.5,
      cy: Math.floor(sq / size) + 0.5,
      colour: colours[seat] ?? 'gray',
      faded: faded(seat),
    })),
  );
}

/**
 * The squares of the last move: every square a step ended on is `to`, every other square a step started
 * from is `from` (so the middle square of `g1g3:g3g4` counts as `to`). Each square is listed once.
 */
export function highlightMarks(size: number, steps: readonly SquareStep[]): HighlightMark[] {
  const kinds = new Map<number, 'from' | 'to'>();
  for (const { from, to } of steps) {
    if (!kinds.has(from)) kinds.set(from, 'from');
    kinds.set(to, 'to');
  }
  return [...kinds].map(([sq, kind]) => ({ x: sq % size, y: Math.floor(sq / size), kind }));
}

/** The steps of the last move as lines between square centres. */
export function stepMarks(size: number, steps: readonly SquareStep[]): StepMark[] {
  const centre = (sq: number): [number, number] => [(sq % size) + 0.5, Math.floor(sq / size) + 0.5];
  return steps.map(({ from, to }) => {
    const [x1, y1] = centre(from);
    const [x2, y2] = centre(to);
    return { x1, y1, x2, y2 };
  });
}

/** The thin lines between the squares of a `size` × `size` board, as one path. */
export function gridPath(size: number): string {
  let d = '';
  for (let k = 1; k < size; k++) d += `M${k} 0V${size}M0 ${k}H${size}`;
  return d;
}
