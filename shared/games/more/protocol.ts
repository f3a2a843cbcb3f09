import type { Delivery } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import { parseSquare, squareName } from '../walls/grid.ts';
import { BLACK, SIZE, WHITE, type MoreMove, type MoreState } from './state.ts';

/**
 * The lines before the first reply: both programs read the board string, then White reads `Start`
 * (Black's first line after the board is White's first move).
 */
export function opening(state: MoreState): readonly Delivery[] {
  return [
    { seat: WHITE, line: state.board },
    { seat: BLACK, line: state.board },
    { seat: WHITE, line: 'Start' },
  ];
}

/**
 * The lines after `move` turned `before` into `after`:
 * - game over: `Quit` to White, then to Black (both are last lines; a seat that was home already has
 *   read nothing since its final move);
 * - the opponent moves next: it reads the move (also when this move brought the mover home);
 * - the mover moves again because the opponent is home: it reads `Nil` in place of the opponent's move.
 */
export function afterMove(before: MoreState, move: MoreMove, after: MoreState): readonly Delivery[] {
  if (after.toAct === null) {
    return [
      { seat: WHITE, line: 'Quit', last: true },
      { seat: BLACK, line: 'Quit', last: true },
    ];
  }
  if (after.toAct === before.toAct) return [{ seat: after.toAct, line: 'Nil' }];
  return [{ seat: after.toAct, line: formatMove(move) }];
}

/** A move as the programs write it: the from square and the to square, such as `a1c1`. */
export function formatMove(move: MoreMove): string {
  return squareName(SIZE, move.from) + squareName(SIZE, move.to);
}

/**
 * Parses a reply line such as `a1c1` into a move. Whitespace around the move (a Windows `\r`, a stray
 * space) is forgiven; anything else must be exactly two squares, lower case, rows a–f and columns 1–6.
 * Whether the move is legal is rules.ts `checkMove`'s business, so that the reason can name the position.
 */
export function parseReply(_state: MoreState, line: string): Result<MoreMove, InputError> {
  const text = line.trim();
  if (text.length === 0) return inputError('empty-reply', 'expected a move such as a1c1, got an empty line');
  if (text.length !== 4) {
    return inputError(
      'move-format',
      `a move is four characters, the from and to squares such as a1c1; got ${quote(text)}`,
    );
  }
  const squares: number[] = [];
  for (const at of [0, 2]) {
    const name = text.slice(at, at + 2);
    const square = parseSquare(SIZE, name);
    if (square === null) {
      const lower = parseSquare(SIZE, name.toLowerCase()) !== null;
      return inputError(
        'move-square',
        lower
          ? `squares are written in lower case, such as a1; got ${quote(name)} in ${quote(text)}`
          : `${quote(name)} in ${quote(text)} is not a square: rows are a–f and columns 1–6`,
        line.indexOf(text) + at,
      );
    }
    squares.push(square);
  }
  return ok({ from: squares[0] as number, to: squares[1] as number });
}
