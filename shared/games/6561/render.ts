import { boardSum, fieldIndex, formatPiece, SIZE } from './board.ts';
import { gameEnd } from './rules.ts';
import { MOVE_LIMIT, rhythmIndex, rhythmStep, seatToMove } from './rhythm.ts';
import { SEAT_NAMES } from './protocol.ts';
import type { State6561 } from './state.ts';
import { describeEnd } from '../end.ts';

/** Width of one board cell: room for a colour letter and a five-digit value, plus a space. */
const CELL = 7;

/**
 * A text picture of the position: a header with the moves made, the next move of the rhythm (or how the
 * game ended), the board's sum and the maximum sum so far; then the 4×4 grid with row numbers at the
 * left and column numbers on top, each piece as colour letter and value (B blue, R red, G gray).
 */
export function renderState(state: State6561): string {
  const end = gameEnd(state);
  let next: string;
  if (end !== null) {
    next = `game over: ${describeEnd(end, SEAT_NAMES)}`;
  } else {
    const step = rhythmStep(state.moves);
    const seat = SEAT_NAMES[seatToMove(state.moves)] ?? '?';
    const what = step.kind === 'place' ? `places a ${step.colour} 1` : 'slides';
    next = `next: move ${state.moves + 1}, turn ${rhythmIndex(state.moves) + 1}/10, ${seat} ${what}`;
  }
  const lines = [
    `6561 · ${state.moves}/${MOVE_LIMIT} moves · ${next}`,
    `sum ${boardSum(state.board)} · max sum ${state.maxSum}`,
    `  ${Array.from({ length: SIZE }, (_, c) => String(c + 1).padStart(CELL)).join('')}`,
  ];
  for (let row = 1; row <= SIZE; row++) {
    let text = `${row} `;
    for (let column = 1; column <= SIZE; column++) {
      const piece = state.board[fieldIndex(row, column)] ?? null;
      text += (piece === null ? '.' : formatPiece(piece)).padStart(CELL);
    }
    lines.push(text);
  }
  return lines.join('\n');
}
