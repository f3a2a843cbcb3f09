import type { GameEnd } from '../end.ts';
import type { Seat } from '../types.ts';
import {
  boardSum,
  DIRECTION_NAMES,
  DIRECTIONS,
  fieldIndex,
  formatPiece,
  SIZE,
  slideBoard,
  slideChanges,
  type Board,
  type Piece,
} from './board.ts';
import { MOVE_LIMIT, rhythmIndex, rhythmStep, seatToMove } from './rhythm.ts';
import type { Move6561, State6561 } from './state.ts';

/** Every move the rhythm allows now, whether or not the game has ended: placements row by row, or U D L R. */
function candidateMoves(state: State6561): Move6561[] {
  const step = rhythmStep(state.moves);
  const moves: Move6561[] = [];
  if (step.kind === 'place') {
    for (let row = 1; row <= SIZE; row++) {
      for (let column = 1; column <= SIZE; column++) {
        if (state.board[fieldIndex(row, column)] === null) moves.push({ kind: 'place', row, column });
      }
    }
  } else {
    for (const direction of DIRECTIONS) {
      if (slideChanges(state.board, direction)) moves.push({ kind: 'slide', direction });
    }
  }
  return moves;
}

/**
 * Whether the rhythm's move is possible in `state`, remembered per state (states are immutable): the
 * referee asks `toAct` and `checkMove` of the same position, and each used to generate every candidate
 * move for it. A placement needs an empty field; a slide, a direction that changes the board.
 */
const movable = new WeakMap<State6561, boolean>();

function canMove(state: State6561): boolean {
  const known = movable.get(state);
  if (known !== undefined) return known;
  let can = false;
  if (rhythmStep(state.moves).kind === 'place') {
    can = state.board.some((field) => field === null);
  } else {
    for (const direction of DIRECTIONS) {
      if (slideChanges(state.board, direction)) {
        can = true;
        break;
      }
    }
  }
  movable.set(state, can);
  return can;
}

/**
 * How the game ended, or `null` while it runs: after 1000 moves (`move-limit`), or when the move the
 * rhythm asks for is impossible (`no-valid-move`: a placement on a full board, or no slide that changes it).
 */
export function gameEnd(state: State6561): GameEnd | null {
  if (state.moves >= MOVE_LIMIT) return { kind: 'move-limit', moves: state.moves };
  if (!canMove(state)) return { kind: 'no-valid-move', seat: seatToMove(state.moves) };
  return null;
}

/** The seat that must move now (A makes odd-numbered moves), or `null` when the game is over. */
export function toAct(state: State6561): Seat | null {
  return gameEnd(state) === null ? seatToMove(state.moves) : null;
}

/** Every legal move now, placements in row-then-column order or slides in the order U, D, L, R. */
export function legalMoves(state: State6561): readonly Move6561[] {
  return state.moves >= MOVE_LIMIT ? [] : candidateMoves(state);
}

function describePiece(piece: Piece): string {
  return `a ${piece.colour} ${piece.value} (${formatPiece(piece)})`;
}

/** `null` when `move` is legal now, otherwise the precise reason it is not. */
export function checkMove(state: State6561, move: Move6561): string | null {
  const end = gameEnd(state);
  if (end !== null) return `the game is over after ${state.moves} moves; no move can be made`;
  const number = state.moves + 1;
  const step = rhythmStep(state.moves);
  const where = `move ${number} (turn ${rhythmIndex(state.moves) + 1} of the rhythm)`;
  if (step.kind === 'place') {
    if (move.kind !== 'place') {
      return `${where} must place a ${step.colour} piece with a field rk, not slide the board`;
    }
    const { row, column } = move;
    if (
      !Number.isInteger(row) ||
      !Number.isInteger(column) ||
      row < 1 ||
      row > SIZE ||
      column < 1 ||
      column > SIZE
    ) {
      return `field ${row}${column} is not on the board: row and column are 1–4`;
    }
    const occupant = state.board[fieldIndex(row, column)] ?? null;
    if (occupant !== null) return `field ${row}${column} is taken by ${describePiece(occupant)}`;
    return null;
  }
  if (move.kind !== 'slide') return `${where} must slide the board (U, D, L or R), not place a piece`;
  if (!DIRECTIONS.includes(move.direction)) {
    return `${String(move.direction)} is not a direction: use U, D, L or R`;
  }
  if (!slideChanges(state.board, move.direction)) {
    return `sliding ${DIRECTION_NAMES[move.direction]} (${move.direction}) does not change the board, so it is not a valid move`;
  }
  return null;
}

/** The state after a legal move (the caller must have checked it with {@link checkMove}). */
export function applyMove(state: State6561, move: Move6561): State6561 {
  let board: Board;
  if (move.kind === 'place') {
    const step = rhythmStep(state.moves);
    // The colour always comes from the rhythm; a checked placement is only ever made on a placement turn.
    const colour = step.kind === 'place' ? step.colour : 'gray';
    const placed = state.board.slice();
    placed[fieldIndex(move.row, move.column)] = { colour, value: 1 };
    board = placed;
  } else {
    board = slideBoard(state.board, move.direction);
  }
  return { board, moves: state.moves + 1, maxSum: Math.max(state.maxSum, boardSum(board)) };
}

/**
 * Every seat's score: the largest board sum after any move, the same for both players; a seat that
 * failed scores 0 and the other keeps the score.
 */
export function scores(state: State6561, failed: readonly boolean[]): readonly number[] {
  return [0, 1].map((seat) => (failed[seat] === true ? 0 : state.maxSum));
}
