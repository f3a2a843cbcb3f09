import type { Json } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import { CELLS, cellAt, countCells, SIZE, type Cell } from './board.ts';
import { findEnd } from './ending.ts';
import { formatUpdate } from './protocol.ts';
import {
  BOTS,
  FREEZE_AFTER,
  TURN_LIMIT,
  type FlitState,
  type FreezeReason,
  type SeatRecord,
  type Update,
} from './state.ts';

/** The counters of a {@link SeatRecord}, in the order the JSON form lists them. */
const COUNTERS = ['moves', 'passes', 'invalid', 'timeouts', 'timeoutStreak', 'frozenTurns'] as const;

/**
 * The JSON form of a state: `board` as 32 strings (rows from the top) of 32 digits 0–5, the generator's
 * four words, the turn counters, one record per seat, and the last transition's updates as the lines the
 * bots read (`"x y c"`). The piece counts are not stored: they follow from the board.
 */
export function stateToJson(state: FlitState): Json {
  const rows: string[] = [];
  for (let y = 0; y < SIZE; y++) rows.push(state.board.subarray(y * SIZE, (y + 1) * SIZE).join(''));
  return {
    board: rows,
    rng: [...state.rng],
    turns: state.turns,
    next: state.next,
    passStreak: state.passStreak,
    seats: state.seats.map((r) => ({ ...r, frozen: r.frozen === null ? null : { ...r.frozen } })),
    changes: state.changes.map(formatUpdate),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function bad(message: string): { readonly ok: false; readonly error: InputError } {
  return inputError('bad-state', `a stored Flit state is invalid: ${message}`);
}

function parseBoard(rows: unknown): Result<Uint8Array, InputError> {
  if (!Array.isArray(rows) || rows.length !== SIZE) return bad('board must be a list of 32 rows');
  const board = new Uint8Array(CELLS);
  for (const [y, row] of rows.entries()) {
    if (typeof row !== 'string' || !/^[0-5]{32}$/.test(row)) {
      return bad(`board row ${y} must be 32 digits 0–5, got ${quote(String(JSON.stringify(row)))}`);
    }
    for (let x = 0; x < SIZE; x++) board[cellAt(x, y)] = Number(row[x]);
  }
  return ok(board);
}

function parseSeat(value: unknown, seat: number, turns: number): Result<SeatRecord, InputError> {
  if (!isRecord(value)) return bad(`seat ${seat} must be an object`);
  const counters: Partial<Record<(typeof COUNTERS)[number], number>> = {};
  for (const key of COUNTERS) {
    const n = value[key];
    const max = key === 'timeoutStreak' ? FREEZE_AFTER : turns;
    if (!isWhole(n, 0, max)) return bad(`seat ${seat}: ${key} must be a whole number 0–${max}`);
    counters[key] = n;
  }
  const { frozen } = value;
  let freeze: SeatRecord['frozen'] = null;
  if (frozen !== null) {
    if (!isRecord(frozen) || (frozen.reason !== 'timeouts' && frozen.reason !== 'gone')) {
      return bad(`seat ${seat}: frozen must be null or { reason: "timeouts" | "gone", turn }`);
    }
    if (!isWhole(frozen.turn, 1, turns)) return bad(`seat ${seat}: frozen.turn must be a turn 1–${turns}`);
    freeze = { reason: frozen.reason as FreezeReason, turn: frozen.turn };
  }
  return ok({
    moves: counters.moves ?? 0,
    passes: counters.passes ?? 0,
    invalid: counters.invalid ?? 0,
    timeouts: counters.timeouts ?? 0,
    timeoutStreak: counters.timeoutStreak ?? 0,
    frozenTurns: counters.frozenTurns ?? 0,
    frozen: freeze,
  });
}

function parseUpdate(line: unknown, i: number): Result<Update, InputError> {
  const match = typeof line === 'string' ? /^([0-9]{1,2}) ([0-9]{1,2}) ([0-5])$/.exec(line) : null;
  const x = Number(match?.[1]);
  const y = Number(match?.[2]);
  if (match === null || x >= SIZE || y >= SIZE) {
    return bad(
      `change ${i} must be an update "x y c" (x, y 0–31, c 0–5), got ${quote(String(JSON.stringify(line)))}`,
    );
  }
  return ok({ x, y, c: Number(match[3]) as Cell });
}

/** Restores a state from {@link stateToJson}, checking every field; a running game's next seat is not frozen. */
export function stateFromJson(json: unknown): Result<FlitState, InputError> {
  if (!isRecord(json))
    return bad('it must be an object with board, rng, turns, next, passStreak, seats, changes');
  const board = parseBoard(json.board);
  if (!board.ok) return board;
  const { rng, turns, next, passStreak } = json;
  if (!Array.isArray(rng) || rng.length !== 4 || !rng.every((w) => isWhole(w, 0, 0xffffffff))) {
    return bad('rng must be four unsigned 32-bit integers');
  }
  if (!isWhole(turns, 0, TURN_LIMIT)) return bad(`turns must be a whole number 0–${TURN_LIMIT}`);
  if (!isWhole(next, 0, BOTS - 1)) return bad('next must be a seat 0–3');
  if (!isWhole(passStreak, 0, turns)) return bad('passStreak must be a whole number from 0 to turns');
  if (!Array.isArray(json.seats) || json.seats.length !== BOTS) return bad('seats must list 4 seat records');
  const seats: SeatRecord[] = [];
  for (const [seat, value] of json.seats.entries()) {
    const record = parseSeat(value, seat, turns);
    if (!record.ok) return record;
    seats.push(record.value);
  }
  if (!Array.isArray(json.changes)) return bad('changes must be a list of update lines');
  const changes: Update[] = [];
  for (const [i, line] of json.changes.entries()) {
    const update = parseUpdate(line, i);
    if (!update.ok) return update;
    changes.push(update.value);
  }
  const [a = 0, b = 0, c = 0, d = 0] = rng as number[];
  const counts = countCells(board.value);
  const state: FlitState = {
    board: board.value,
    counts,
    rng: [a, b, c, d],
    turns,
    next,
    passStreak,
    seats,
    changes,
  };
  if (findEnd(state) === null && seats[next]?.frozen != null) {
    return bad(`the game is running but the seat to move (${next}) is frozen`);
  }
  return ok(state);
}
