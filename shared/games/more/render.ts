import { describeEnd } from '../end.ts';
import type { Seat } from '../types.ts';
import { wallBetween } from '../walls/grid.ts';
import { BLACK, forSeat, isHome, ownerOf, points, SEAT_NAMES, SIZE, WHITE, type MoreState } from './state.ts';

/** The picture of each wall value: vertical walls sit between squares, horizontal ones below them. */
const VERTICAL = [' ', '|', '#'];
const HORIZONTAL = ['   ', '---', '==='];

/**
 * A text picture of the position: the 6×6 board with W and B stones and `.` for empty squares, single
 * walls drawn `|` and `---`, double walls `#` and `===`; then one line per seat with its points and
 * whether it is home or to move, and how the game ended once it has. For example:
 *
 * ```
 *      1   2   3   4   5   6
 *    +---+---+---+---+---+---+
 *  a | B   B | .   . # .   . |
 *    +   +---+   +   +   +---+
 * ```
 */
export function renderState(state: MoreState): string {
  const lines = ['     ' + Array.from({ length: SIZE }, (_, c) => String(c + 1)).join('   ')];
  const border = '   +' + '---+'.repeat(SIZE);
  lines.push(border);
  for (let row = 0; row < SIZE; row++) {
    let line = ` ${String.fromCharCode(97 + row)} |`;
    for (let col = 0; col < SIZE; col++) {
      const sq = row * SIZE + col;
      const owner = ownerOf(state, sq);
      line += ` ${owner === WHITE ? 'W' : owner === BLACK ? 'B' : '.'} `;
      line += col < SIZE - 1 ? VERTICAL[wallBetween(state.grid, sq, sq + 1)] : '|';
    }
    lines.push(line);
    if (row === SIZE - 1) break;
    let below = '   +';
    for (let col = 0; col < SIZE; col++) {
      const sq = row * SIZE + col;
      below += `${HORIZONTAL[wallBetween(state.grid, sq, sq + SIZE)] as string}+`;
    }
    lines.push(below);
  }
  lines.push(border);
  for (const seat of [WHITE, BLACK]) lines.push(seatLine(state, seat));
  if (state.end !== null) lines.push(`Game over: ${describeEnd(state.end, SEAT_NAMES)}.`);
  return lines.join('\n');
}

function seatLine(state: MoreState, seat: Seat): string {
  const moves = forSeat(state.moves, seat);
  const penalties = forSeat(state.penalties, seat);
  const remaining = forSeat(state.remaining, seat);
  const parts = [
    `${moves} move${moves === 1 ? '' : 's'}`,
    `${penalties} penalt${penalties === 1 ? 'y' : 'ies'}`,
  ];
  if (remaining > 0) parts.push(`${remaining} remaining`);
  const status = isHome(state.stones, seat) ? ', home' : state.toAct === seat ? ', to move' : '';
  const name = `${SEAT_NAMES[seat] as string} (${seat === WHITE ? 'W' : 'B'})`;
  return `${name}: ${parts.join(' + ')} = ${points(state, seat)} points${status}`;
}
