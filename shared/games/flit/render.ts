import { describeEnd } from '../end.ts';
import { EMPTY, NEUTRAL, SIZE } from './board.ts';
import { findEnd } from './ending.ts';
import { SEAT_NAMES } from './protocol.ts';
import { BOTS, TURN_LIMIT, type FlitState } from './state.ts';

/** The character of each cell value: `.` empty, `1`–`4` the bots, `N` neutral. */
const SYMBOLS = '.1234N';

/**
 * A text picture of the position: a header with the turns taken and who moves next (or how the game
 * ended), the piece counts, one line per frozen bot, then 32 lines of 32 characters (row 0 at the top,
 * column 0 at the left): `.` empty, `1`–`4` a bot's piece, `N` a neutral piece.
 */
export function renderState(state: FlitState): string {
  const end = findEnd(state);
  const status =
    end === null ? `bot ${state.next + 1} to move` : `game over: ${describeEnd(end, SEAT_NAMES)}`;
  const pieces = Array.from({ length: BOTS }, (_, seat) => `${seat + 1}: ${state.counts[seat + 1] ?? 0}`);
  const lines = [
    `Flit · turn ${state.turns}/${TURN_LIMIT} · ${status}`,
    `pieces ${pieces.join('  ')}  · neutral ${state.counts[NEUTRAL] ?? 0} · empty ${state.counts[EMPTY] ?? 0}`,
  ];
  state.seats.forEach((record, seat) => {
    if (record.frozen !== null) {
      lines.push(`bot ${seat + 1} frozen since turn ${record.frozen.turn} (${record.frozen.reason})`);
    }
  });
  for (let y = 0; y < SIZE; y++) {
    let row = '';
    for (let x = 0; x < SIZE; x++) row += SYMBOLS[state.board[y * SIZE + x] ?? EMPTY];
    lines.push(row);
  }
  return lines.join('\n');
}
