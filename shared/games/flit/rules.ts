import type { GameEnd } from '../end.ts';
import type { MissedTurnCause, Seat } from '../types.ts';
import {
  adjacent,
  cellAt,
  cellX,
  cellY,
  CELLS,
  EMPTY,
  NEUTRAL,
  neighbour,
  SIZE,
  type Board,
  type Cell,
} from './board.ts';
import { findEnd, flitScores } from './ending.ts';
import { FREEZE_AFTER, FRESH_RECORD, isPass, PASS, type FlitMove, type FlitState } from './state.ts';
import { closeTurn, openDraft, sealDraft, setCell } from './turn.ts';

/** How the game ended, or `null` while it runs. */
export function gameEnd(state: FlitState): GameEnd | null {
  return findEnd(state);
}

/** The seat that must move now, or `null` once the game has ended. Never a frozen seat. */
export function toAct(state: FlitState): Seat | null {
  return findEnd(state) === null ? state.next : null;
}

/** The scores of the final position (see {@link flitScores}). */
export function scores(state: FlitState, failed: readonly boolean[]): readonly number[] {
  return flitScores(state.counts, failed);
}

/** What a square holds, in words, from the point of view of `colour`'s bot. */
function describeCell(value: number, colour: number): string {
  if (value === EMPTY) return 'it is empty';
  if (value === NEUTRAL) return 'it holds a neutral piece';
  if (value === colour) return 'it holds your own piece';
  return `it holds a piece of bot ${value}`;
}

/** For every empty cell, how many pieces of `colour` are next to it (0 for every other cell). */
function supportMap(board: Board, colour: number): Uint8Array {
  const support = new Uint8Array(CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    if (board[cell] !== colour) continue;
    for (let k = 0; k < 4; k++) {
      const n = neighbour(cell, k);
      if (board[n] === EMPTY) support[n] = (support[n] ?? 0) + 1;
    }
  }
  return support;
}

/** Whether `n` is a whole number that is a valid coordinate (0–31). */
function isCoordinate(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < SIZE;
}

/**
 * `null` when `move` is legal for the bot to move, otherwise why not. A non-move (same origin and
 * destination, on any square) is always legal. A move needs the bot's own piece on the origin, an empty
 * destination, and another piece of the bot's colour next to the destination once the origin is vacated.
 */
export function checkMove(state: FlitState, move: FlitMove): string | null {
  if (findEnd(state) !== null) return 'the game is over';
  for (const key of ['x0', 'y0', 'x1', 'y1'] as const) {
    if (!isCoordinate(move[key]))
      return `${key} must be a whole number from 0 to 31, got ${String(move[key])}`;
  }
  if (isPass(move)) return null;
  const colour = state.next + 1;
  const origin = cellAt(move.x0, move.y0);
  const destination = cellAt(move.x1, move.y1);
  const at = (cell: number): number => state.board[cell] ?? EMPTY;
  if (at(origin) !== colour) {
    return `the origin ${move.x0} ${move.y0} must hold a piece of bot ${colour}, but ${describeCell(at(origin), colour)}`;
  }
  if (at(destination) !== EMPTY) {
    return `the destination ${move.x1} ${move.y1} must be empty, but ${describeCell(at(destination), colour)}`;
  }
  for (let k = 0; k < 4; k++) {
    const n = neighbour(destination, k);
    if (n !== origin && at(n) === colour) return null;
  }
  return (
    `the destination ${move.x1} ${move.y1} must be next to another piece of bot ${colour} ` +
    `once the origin ${move.x0} ${move.y0} is vacated, but it is not`
  );
}

/**
 * Every legal move of the bot to move: first the canonical non-move `0 0 0 0` (any square repeated means
 * the same, so only this one is listed), then every real move, by origin and then destination in cell
 * order. Empty when the game is over.
 */
export function legalMoves(state: FlitState): readonly FlitMove[] {
  if (findEnd(state) !== null) return [];
  const colour = state.next + 1;
  const support = supportMap(state.board, colour);
  const destinations: number[] = [];
  for (let cell = 0; cell < CELLS; cell++) if ((support[cell] ?? 0) > 0) destinations.push(cell);
  const moves: FlitMove[] = [PASS];
  for (let origin = 0; origin < CELLS; origin++) {
    if (state.board[origin] !== colour) continue;
    const x0 = cellX(origin);
    const y0 = cellY(origin);
    for (const destination of destinations) {
      // The origin cannot be the only piece of the colour next to the destination.
      if (support[destination] === 1 && adjacent(origin, destination)) continue;
      moves.push({ x0, y0, x1: cellX(destination), y1: cellY(destination) });
    }
  }
  return moves;
}

/**
 * The state after the bot to move played `move`, which the caller must have checked. A real move
 * vacates the origin, fills the destination, and converts every neutral piece next to the destination,
 * in neighbour order (above, left, right, below); then the turn ends (neutral draw, next bot).
 */
export function applyMove(state: FlitState, move: FlitMove): FlitState {
  const draft = openDraft(state);
  const seat = state.next;
  const record = draft.seats[seat] ?? FRESH_RECORD;
  if (isPass(move)) {
    draft.seats[seat] = { ...record, passes: record.passes + 1, timeoutStreak: 0 };
    closeTurn(draft, false);
    return sealDraft(draft);
  }
  const colour = (seat + 1) as Cell;
  const destination = cellAt(move.x1, move.y1);
  setCell(draft, cellAt(move.x0, move.y0), EMPTY);
  setCell(draft, destination, colour);
  for (let k = 0; k < 4; k++) {
    const n = neighbour(destination, k);
    if (draft.board[n] === NEUTRAL) setCell(draft, n, colour);
  }
  draft.seats[seat] = { ...record, moves: record.moves + 1, timeoutStreak: 0 };
  closeTurn(draft, true);
  return sealDraft(draft);
}

/**
 * The state after the bot to move let its turn pass without a valid move; the turn counts as not moving.
 * - `timeout`: counted, and the fifth timeout in a row freezes the bot;
 * - `invalid` (unreadable or illegal reply): counted; the reply came in time, so the timeout run is broken;
 * - `gone` (the program crashed or exited): the bot is frozen at once.
 * Returns `state` itself when the game is already over.
 */
export function missedTurn(state: FlitState, cause: MissedTurnCause): FlitState {
  if (findEnd(state) !== null) return state;
  const draft = openDraft(state);
  const seat = state.next;
  const record = draft.seats[seat] ?? FRESH_RECORD;
  const turn = state.turns + 1;
  if (cause === 'timeout') {
    const streak = record.timeoutStreak + 1;
    const frozen = streak >= FREEZE_AFTER ? { reason: 'timeouts' as const, turn } : record.frozen;
    draft.seats[seat] = { ...record, timeouts: record.timeouts + 1, timeoutStreak: streak, frozen };
  } else if (cause === 'invalid') {
    draft.seats[seat] = { ...record, invalid: record.invalid + 1, timeoutStreak: 0 };
  } else {
    draft.seats[seat] = { ...record, frozen: { reason: 'gone', turn } };
  }
  closeTurn(draft, false);
  return sealDraft(draft);
}
