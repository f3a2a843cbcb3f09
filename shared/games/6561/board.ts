/**
 * The 6561 board: 4×4 fields holding coloured pieces whose values are powers of 3, and the slide that
 * tilts it. A field is a 0-based index `(row - 1) * 4 + (column - 1)`: row 1 is the top, column 1 the left.
 */

/** The three piece colours of 6561. */
export type Colour = 'blue' | 'red' | 'gray';

/** One piece: its colour and its value (1, 3, 9, …). */
export interface Piece {
  readonly colour: Colour;
  readonly value: number;
}

/** The 16 fields row by row from the top left; `null` is an empty field. */
export type Board = readonly (Piece | null)[];

/** A slide direction, as the protocol spells it: toward row 1 (U), row 4 (D), column 1 (L), column 4 (R). */
export type Direction = 'U' | 'D' | 'L' | 'R';

/** The number of rows and of columns. */
export const SIZE = 4;

/** The four directions in the order Jury lists them. */
export const DIRECTIONS: readonly Direction[] = ['U', 'D', 'L', 'R'];

/** The English word of each direction, for messages. */
export const DIRECTION_NAMES: Readonly<Record<Direction, string>> = {
  U: 'up',
  D: 'down',
  L: 'left',
  R: 'right',
};

/** The one-letter code of each colour, used in renders and stored states. */
export const COLOUR_LETTERS: Readonly<Record<Colour, string>> = { blue: 'B', red: 'R', gray: 'G' };

/** The board with no pieces. */
export const EMPTY_BOARD: Board = Array.from({ length: SIZE * SIZE }, () => null);

/** The field index of 1-based `row` and `column`. The caller passes values in 1–4. */
export function fieldIndex(row: number, column: number): number {
  return (row - 1) * SIZE + (column - 1);
}

/** The sum of the values of all pieces: the board's score. */
export function boardSum(board: Board): number {
  return board.reduce((sum, piece) => sum + (piece?.value ?? 0), 0);
}

/** A piece as text: colour letter and value, such as `R27`. */
export function formatPiece(piece: Piece): string {
  return `${COLOUR_LETTERS[piece.colour]}${piece.value}`;
}

/** Whether two boards hold the same pieces on the same fields. */
export function sameBoard(a: Board, b: Board): boolean {
  return a.every((piece, i) => {
    const other = b[i] ?? null;
    return piece === null
      ? other === null
      : other !== null && other.colour === piece.colour && other.value === piece.value;
  });
}

/** Builds the lines of {@link slideLines} for one direction (once per direction, at load). */
function buildSlideLines(direction: Direction): readonly (readonly number[])[] {
  const lines: number[][] = [];
  for (let k = 1; k <= SIZE; k++) {
    const line: number[] = [];
    for (let step = 1; step <= SIZE; step++) {
      const vertical = direction === 'U' || direction === 'D';
      const towardHigh = direction === 'D' || direction === 'R';
      const along = towardHigh ? SIZE + 1 - step : step;
      line.push(vertical ? fieldIndex(along, k) : fieldIndex(k, along));
    }
    lines.push(line);
  }
  return lines;
}

/**
 * The lines of every direction, made once: the referee slides the board several times per move (is a
 * slide legal, can the next player move at all), and every list made anew was garbage the judge's
 * young generation had to collect while bots waited (issue 28: the worst moves).
 */
const SLIDE_LINES: Readonly<Record<Direction, readonly (readonly number[])[]>> = {
  U: buildSlideLines('U'),
  D: buildSlideLines('D'),
  L: buildSlideLines('L'),
  R: buildSlideLines('R'),
};

/**
 * The four lines a slide in `direction` works on, each listed from the edge the pieces move toward:
 * columns top-down for U, bottom-up for D; rows left-to-right for L, right-to-left for R. The lists are
 * shared: a caller must not change them.
 */
export function slideLines(direction: Direction): readonly (readonly number[])[] {
  return SLIDE_LINES[direction];
}

/**
 * The pieces of one line after sliding, listed from the edge. Pieces are taken in order from the edge
 * (empty fields between them do not matter); the first piece is compared with the next one: equal values
 * and colours become one piece of three times the value, equal values and different colours both vanish,
 * and in either case the scan continues after the pair, so that a piece made or removed in this slide is
 * not paired again. Otherwise the first piece stays and the scan continues with the next one.
 */
export function slideLine(pieces: readonly Piece[]): readonly Piece[] {
  const out: Piece[] = [];
  let i = 0;
  while (i < pieces.length) {
    const first = pieces[i] as Piece;
    const second = pieces[i + 1];
    if (second !== undefined && second.value === first.value) {
      if (second.colour === first.colour) out.push({ colour: first.colour, value: first.value * 3 });
      i += 2;
    } else {
      out.push(first);
      i += 1;
    }
  }
  return out;
}

/** The board after sliding toward `direction` (it may equal the input: a slide must then be refused). */
export function slideBoard(board: Board, direction: Direction): Board {
  const next: (Piece | null)[] = board.slice();
  const pieces: Piece[] = [];
  for (const line of SLIDE_LINES[direction]) {
    pieces.length = 0;
    for (const field of line) {
      const piece = board[field] ?? null;
      if (piece !== null) pieces.push(piece);
    }
    const slid = slideLine(pieces);
    for (let k = 0; k < line.length; k++) next[line[k] as number] = slid[k] ?? null;
  }
  return next;
}

/**
 * Whether sliding toward `direction` changes the board: exactly when `slideBoard(board, direction)` is
 * not {@link sameBoard} to it, found without building that board. A line changes when a piece has an
 * empty field between it and the edge (it moves), or when two pieces next to each other in it (empty
 * fields aside) have the same value (the scan pairs them: they merge or vanish).
 */
export function slideChanges(board: Board, direction: Direction): boolean {
  for (const line of SLIDE_LINES[direction]) {
    let gap = false;
    let last: Piece | null = null;
    for (const field of line) {
      const piece = board[field] ?? null;
      if (piece === null) {
        gap = true;
        continue;
      }
      if (gap || (last !== null && last.value === piece.value)) return true;
      last = piece;
    }
  }
  return false;
}
