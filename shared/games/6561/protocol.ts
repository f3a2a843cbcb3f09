import type { Delivery } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import { SIZE } from './board.ts';
import { gameEnd } from './rules.ts';
import { seatToMove } from './rhythm.ts';
import type { Move6561, State6561 } from './state.ts';

/** The seat names, which are also the first line each program reads. */
export const SEAT_NAMES: readonly string[] = ['A', 'B'];

/** The line that tells a program the game is over; it is the last line it reads. */
export const QUIT = 'Quit';

/** A move as a program writes it: `rk` (row, then column) for a placement, or U, D, L, R for a slide. */
export function formatMove(move: Move6561): string {
  return move.kind === 'place' ? `${move.row}${move.column}` : move.direction;
}

const MOVE_SHAPE =
  'a 6561 move is a field rk (row then column, each 1–4, such as 23) or a slide U, D, L or R';

/**
 * Parses one reply line. Whitespace around the move (a Windows line ending, a stray space) is ignored;
 * anything else must be exactly a field `rk` or a slide letter in capitals. Whether the move fits the
 * rhythm or the board is {@link checkMove}'s question, so the state is not consulted here.
 */
export function parseReply(_state: State6561, line: string): Result<Move6561, InputError> {
  const text = line.trim();
  if (text === '') return inputError('empty-reply', `the reply is empty; ${MOVE_SHAPE}`);
  if (text === 'U' || text === 'D' || text === 'L' || text === 'R')
    return ok({ kind: 'slide', direction: text });
  if (/^[0-9]{2}$/.test(text)) {
    const row = Number(text[0]);
    const column = Number(text[1]);
    if (row < 1 || row > SIZE) {
      return inputError('off-board', `${quote(text)} names row ${row}, but rows are numbered 1–4`, 0);
    }
    if (column < 1 || column > SIZE) {
      return inputError(
        'off-board',
        `${quote(text)} names column ${column}, but columns are numbered 1–4`,
        1,
      );
    }
    return ok({ kind: 'place', row, column });
  }
  return inputError('bad-move', `${MOVE_SHAPE}; got ${quote(line)}`);
}

/** The first lines: `A` to the first player (who then writes its first move) and `B` to the second. */
export function opening(_state: State6561): readonly Delivery[] {
  return SEAT_NAMES.map((line, seat) => ({ seat, line }));
}

/**
 * The lines after a move: the move to the other player, who must answer with its own; or, when the game
 * has ended with this move, only `Quit` to both players (A first), since neither has a move to make.
 */
export function afterMove(_before: State6561, move: Move6561, after: State6561): readonly Delivery[] {
  if (gameEnd(after) !== null) return SEAT_NAMES.map((_name, seat) => ({ seat, line: QUIT, last: true }));
  return [{ seat: seatToMove(after.moves), line: formatMove(move) }];
}
