import { inputError, ok, type InputError, type Result } from '../result.ts';
import type { Json, Seat } from '../types.ts';
import { parseSquare, parseWallGrid, squareName } from '../walls/grid.ts';
import { RUSH_MOVE_LIMIT, SEAT_NAMES, SIZE, TURN_LIMIT, TURN_POINTS } from './facts.ts';
import { actorOf, isActive, isHome, type LessRush, type LessState, type RushCause } from './state.ts';
import { hasLegalTurn } from './turns.ts';

/** The JSON form of a state: the board string, pieces as square names, counters, and the rush. */
export function lessToJson(state: LessState): Json {
  return {
    board: state.board,
    pieces: state.pieces.map((squares) => squares.map((sq) => squareName(SIZE, sq))),
    turns: [...state.turns],
    charged: [...state.charged],
    rushMoves: [...state.rushMoves],
    rushPoints: [...state.rushPoints],
    rushFailed: [...state.rushFailed],
    rush: state.rush && {
      cause:
        state.rush.cause.kind === 'stuck'
          ? { kind: 'stuck', seat: state.rush.cause.seat }
          : { kind: 'turn-limit' },
      queue: [...state.rush.queue],
    },
  };
}

type Fail = { readonly ok: false; readonly error: InputError };

/** Restores a state from {@link lessToJson}, checking every field and the consistency of the whole. */
export function lessFromJson(json: unknown): Result<LessState, InputError> {
  if (!isRecord(json)) return bad('a Less state is a JSON object');
  if (typeof json.board !== 'string') return bad('board must be a board string');
  const grid = parseWallGrid(SIZE, json.board);
  if (!grid.ok) return bad(`board: ${grid.error.message}`);

  // In the rush each player moves alone on its own board, so pieces of different colours may share a square.
  const pieces = readPieces(json.pieces, json.rush !== null);
  if (!Array.isArray(pieces)) return pieces as Fail;
  const turns = readCounts(json.turns, 'turns', TURN_LIMIT);
  if (!Array.isArray(turns)) return turns as Fail;
  const charged = readCounts(json.charged, 'charged', TURN_LIMIT * TURN_POINTS);
  if (!Array.isArray(charged)) return charged as Fail;
  const rushMoves = readCounts(json.rushMoves, 'rushMoves', RUSH_MOVE_LIMIT);
  if (!Array.isArray(rushMoves)) return rushMoves as Fail;
  const rushPoints = readCounts(json.rushPoints, 'rushPoints', Infinity);
  if (!Array.isArray(rushPoints)) return rushPoints as Fail;
  const rushFailed = json.rushFailed;
  if (
    !Array.isArray(rushFailed) ||
    rushFailed.length !== 4 ||
    rushFailed.some((b) => typeof b !== 'boolean')
  ) {
    return bad('rushFailed must be four booleans');
  }
  const rush = readRush(json.rush, pieces);
  if (rush !== null && 'ok' in rush) return rush;

  const state: LessState = {
    board: json.board,
    grid: grid.value,
    pieces,
    turns,
    charged,
    rushMoves,
    rushPoints,
    rushFailed: rushFailed as boolean[],
    rush,
  };
  const actor = actorOf(state);
  if (!rush && actor !== null) {
    if ((turns[actor] as number) >= TURN_LIMIT) {
      return bad(
        `${SEAT_NAMES[actor]} is to move but has played all ${TURN_LIMIT} turns; the rush should have begun`,
      );
    }
    if (!hasLegalTurn(grid.value, pieces, actor)) {
      return bad(`${SEAT_NAMES[actor]} is to move but has no legal move; the rush should have begun`);
    }
  }
  return ok(state);
}

function readPieces(value: unknown, rushing: boolean): number[][] | Fail {
  if (!Array.isArray(value) || value.length !== 4) return bad('pieces must list four seats');
  let seen = new Set<number>();
  const out: number[][] = [];
  for (const [seat, squares] of value.entries()) {
    if (rushing) seen = new Set<number>();
    if (!Array.isArray(squares) || squares.length !== 4)
      return bad(`pieces of ${SEAT_NAMES[seat]} must be four squares`);
    const parsed: number[] = [];
    for (const name of squares) {
      const sq = typeof name === 'string' ? parseSquare(SIZE, name) : null;
      if (sq === null)
        return bad(`pieces of ${SEAT_NAMES[seat]}: ${JSON.stringify(name)} is not a square a1..h8`);
      if (seen.has(sq)) return bad(`two pieces stand on ${name}`);
      seen.add(sq);
      parsed.push(sq);
    }
    out.push(parsed.sort((a, b) => a - b));
  }
  return out;
}

function readCounts(value: unknown, field: string, max: number): number[] | Fail {
  if (
    !Array.isArray(value) ||
    value.length !== 4 ||
    value.some((n) => typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max)
  ) {
    return bad(`${field} must be four whole numbers from 0${Number.isFinite(max) ? ` to ${max}` : ''}`);
  }
  return value as number[];
}

function readRush(value: unknown, pieces: readonly (readonly number[])[]): LessRush | null | Fail {
  if (value === null) return null;
  if (!isRecord(value) || !isRecord(value.cause) || !Array.isArray(value.queue)) {
    return bad('rush must be null or an object with a cause and a queue');
  }
  let cause: RushCause;
  if (value.cause.kind === 'turn-limit') cause = { kind: 'turn-limit' };
  else if (value.cause.kind === 'stuck' && isSeat(value.cause.seat))
    cause = { kind: 'stuck', seat: value.cause.seat };
  else return bad('rush.cause must be {"kind":"turn-limit"} or {"kind":"stuck","seat":0..3}');
  const queue = value.queue as unknown[];
  if (!queue.every(isSeat) || new Set(queue).size !== queue.length) {
    return bad('rush.queue must list distinct seats 0..3');
  }
  for (const seat of queue) {
    if (!isActive(pieces, seat) || isHome(pieces, seat)) {
      return bad(`rush.queue lists ${SEAT_NAMES[seat]}, whose pieces are already home`);
    }
  }
  return { cause, queue };
}

function isSeat(value: unknown): value is Seat {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 4;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bad(message: string): Fail {
  return inputError('bad-state', `invalid Less state: ${message}`);
}
