import type { InputError, Result } from '../result.ts';
import type { Seat } from '../types.ts';
import { squareName } from '../walls/grid.ts';
import { SIZE, START_SQUARES } from './facts.ts';
import { lessFromJson } from './json.ts';
import type { LessState, RushCause } from './state.ts';

/** A hand-made position in readable parts; everything left out is as at the start of a game. */
export interface LessPositionSpec {
  /** The board string; default: a board without walls. */
  readonly board?: string;
  /** Square names per seat (Yellow, Black, White, Red); a seat left out keeps its starting squares. */
  readonly pieces?: Partial<Record<'Yellow' | 'Black' | 'White' | 'Red', readonly string[]>>;
  readonly turns?: readonly number[];
  readonly charged?: readonly number[];
  readonly rushMoves?: readonly number[];
  readonly rushPoints?: readonly number[];
  readonly rush?: { readonly cause: RushCause; readonly queue: readonly Seat[] } | null;
}

/** A board string of `SIZE` × `SIZE` squares without any wall. */
export const OPEN_BOARD = '0'.repeat(2 * SIZE * (SIZE - 1));

/**
 * Builds a state from readable parts through {@link lessFromJson}, so it gets the same validation as a
 * stored state. For tests, debugging and analysing hand-made positions.
 */
export function lessPosition(spec: LessPositionSpec): Result<LessState, InputError> {
  const names = ['Yellow', 'Black', 'White', 'Red'] as const;
  return lessFromJson({
    board: spec.board ?? OPEN_BOARD,
    pieces: names.map(
      (name, seat) =>
        spec.pieces?.[name] ?? (START_SQUARES[seat] as readonly number[]).map((sq) => squareName(SIZE, sq)),
    ),
    turns: spec.turns ?? [0, 0, 0, 0],
    charged: spec.charged ?? [0, 0, 0, 0],
    rushMoves: spec.rushMoves ?? [0, 0, 0, 0],
    rushPoints: spec.rushPoints ?? [0, 0, 0, 0],
    rushFailed: [false, false, false, false],
    rush: spec.rush ?? null,
  });
}

/**
 * `board` with the wall between two orthogonally adjacent squares (such as `a1`, `a2`) set to `wall`
 * (0, 1 or 2). Returns `board` unchanged when the squares are not adjacent.
 */
export function withWall(board: string, a: string, b: string, wall: 0 | 1 | 2): string {
  const [first, second] = [a, b].sort();
  const row = (first as string).charCodeAt(0) - 97;
  const col = (first as string).charCodeAt(1) - 49;
  const row2 = (second as string).charCodeAt(0) - 97;
  const col2 = (second as string).charCodeAt(1) - 49;
  // Each row takes SIZE - 1 vertical digits and then (but for the last row) SIZE horizontal digits.
  const rowStart = row * (2 * SIZE - 1);
  let index = -1;
  if (row === row2 && col2 === col + 1) index = rowStart + col;
  else if (col === col2 && row2 === row + 1) index = rowStart + SIZE - 1 + col;
  if (index < 0) return board;
  return board.slice(0, index) + String(wall) + board.slice(index + 1);
}
