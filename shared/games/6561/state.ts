import type { Json } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import {
  boardSum,
  EMPTY_BOARD,
  formatPiece,
  SIZE,
  type Board,
  type Colour,
  type Direction,
  type Piece,
} from './board.ts';
import { MOVE_LIMIT } from './rhythm.ts';

/**
 * A 6561 position. Whose turn it is and what the move must be follow from `moves` and the rhythm, so
 * the state needs nothing else; the game has no randomness of its own (the takeover player derives its
 * seed from the game seed and the move number).
 */
export interface State6561 {
  readonly board: Board;
  /** How many moves have been made (0–1000). */
  readonly moves: number;
  /** The largest board sum after any move so far (0 before the first): the game's score. */
  readonly maxSum: number;
}

/** A move: placing the rhythm's 1-piece on row `row`, column `column` (both 1–4), or sliding the board. */
export type Move6561 =
  | { readonly kind: 'place'; readonly row: number; readonly column: number }
  | { readonly kind: 'slide'; readonly direction: Direction };

/** The state before the first move: an empty board. */
export function initialState(): State6561 {
  return { board: EMPTY_BOARD, moves: 0, maxSum: 0 };
}

/** The JSON form of a state: `board` is 16 fields row by row, each `null` or a piece such as `"R27"`. */
export function stateToJson(state: State6561): Json {
  return {
    board: state.board.map((piece) => (piece === null ? null : formatPiece(piece))),
    moves: state.moves,
    maxSum: state.maxSum,
  };
}

const LETTER_COLOURS: Readonly<Record<string, Colour>> = { B: 'blue', R: 'red', G: 'gray' };

/** The largest power of 3 that is a safe integer; no reachable piece comes near it. */
const MAX_VALUE = 3 ** 33;

function isPowerOfThree(value: number): boolean {
  let v = value;
  while (v % 3 === 0 && v > 1) v /= 3;
  return v === 1;
}

/** Parses a piece such as `B1` or `G243`; the value must be a power of 3. */
export function parsePiece(text: string): Result<Piece, InputError> {
  const match = /^([BRG])([1-9][0-9]{0,15})$/.exec(text);
  const letter = match?.[1];
  const colour = letter === undefined ? undefined : LETTER_COLOURS[letter];
  if (match === null || colour === undefined) {
    return inputError(
      'bad-piece',
      `a piece is a colour letter B, R or G and a value, such as R3; got ${quote(text)}`,
    );
  }
  const value = Number(match[2]);
  if (value > MAX_VALUE || !isPowerOfThree(value)) {
    return inputError('bad-piece', `a piece's value is a power of 3 (1, 3, 9, …); got ${quote(text)}`);
  }
  return ok({ colour, value });
}

/** What kind of JSON value `value` is, for messages ("an array", "a string"). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A safe short description of an untrusted value for messages (String() can throw on odd objects). */
function describe(value: unknown): string {
  return typeof value === 'number' ? quote(String(value)) : kindOf(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Restores a state from {@link stateToJson}, checking every field and that `maxSum` ≥ the board's sum. */
export function stateFromJson(json: unknown): Result<State6561, InputError> {
  if (!isRecord(json)) {
    return inputError('bad-state', 'a 6561 state is an object with board, moves and maxSum');
  }
  const { board, moves, maxSum } = json;
  if (!Array.isArray(board) || board.length !== SIZE * SIZE) {
    return inputError('bad-state', 'a 6561 state has a board of 16 fields');
  }
  const fields: (Piece | null)[] = [];
  for (const [i, field] of board.entries()) {
    if (field === null) {
      fields.push(null);
      continue;
    }
    if (typeof field !== 'string') {
      return inputError(
        'bad-state',
        `field ${i + 1} of the board is ${kindOf(field)}, not null or a piece such as "R3"`,
      );
    }
    const piece = parsePiece(field);
    if (!piece.ok) return inputError('bad-state', `field ${i + 1} of the board: ${piece.error.message}`);
    fields.push(piece.value);
  }
  if (typeof moves !== 'number' || !Number.isInteger(moves) || moves < 0 || moves > MOVE_LIMIT) {
    return inputError('bad-state', `moves is a whole number from 0 to ${MOVE_LIMIT}; got ${describe(moves)}`);
  }
  const sum = boardSum(fields);
  if (typeof maxSum !== 'number' || !Number.isSafeInteger(maxSum) || maxSum < sum) {
    return inputError(
      'bad-state',
      `maxSum is a whole number at least the board's sum ${sum}; got ${describe(maxSum)}`,
    );
  }
  return ok({ board: fields, moves, maxSum });
}

/**
 * A board from four rows of text, top row first, each four fields separated by spaces: a piece such as
 * `R3`, or `.` for an empty field (the grid of the render without its labels). For tests and tools.
 */
export function boardFromRows(rows: readonly string[]): Result<Board, InputError> {
  if (rows.length !== SIZE) return inputError('bad-board', `a board has ${SIZE} rows, got ${rows.length}`);
  const fields: (Piece | null)[] = [];
  for (const [r, row] of rows.entries()) {
    const cells = row.trim().split(/\s+/);
    if (cells.length !== SIZE) {
      return inputError('bad-board', `row ${r + 1} has ${SIZE} fields, got ${cells.length}: ${quote(row)}`);
    }
    for (const cell of cells) {
      if (cell === '.') {
        fields.push(null);
        continue;
      }
      const piece = parsePiece(cell);
      if (!piece.ok) return inputError('bad-board', `row ${r + 1}: ${piece.error.message}`);
      fields.push(piece.value);
    }
  }
  return ok(fields);
}
