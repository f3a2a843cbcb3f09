import type { Json } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import { parseSquare, parseWallGrid, squareName } from '../walls/grid.ts';
import { settle } from './rules.ts';
import {
  BLACK,
  forSeat,
  isHome,
  MOVE_LIMIT,
  SEAT_NAMES,
  SIZE,
  WHITE,
  type MoreState,
  type PerSeat,
} from './state.ts';

/**
 * The JSON form of a state: its facts, with squares by name, for example
 * `{"board":"0102…","white":["e5","e6","f5","f4"],"black":["a1","a2","b1","b2"],"moves":[1,0],"penalties":[0,0],"remaining":[0,0]}`.
 * Whose turn it is and the end follow from the facts and are recomputed on load. The remaining points of a
 * cut-off or stuck end follow too, but cost a table of every placement to compute; they are kept, and
 * taken on load after checks (see {@link stateFromJson}); without them they are computed.
 */
export function stateToJson(state: MoreState): Json {
  return {
    board: state.board,
    white: state.stones[0].map((sq) => squareName(SIZE, sq)),
    black: state.stones[1].map((sq) => squareName(SIZE, sq)),
    moves: [...state.moves],
    penalties: [...state.penalties],
    remaining: [...state.remaining],
  };
}

/** Restores a state from {@link stateToJson}, checking that it is a position a game can reach. */
export function stateFromJson(json: unknown): Result<MoreState, InputError> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return inputError(
      'state-shape',
      'a More state is a JSON object with board, white, black, moves and penalties',
    );
  }
  const record = json as Record<string, unknown>;
  if (typeof record.board !== 'string') return inputError('state-board', 'a More state needs a board string');
  const grid = parseWallGrid(SIZE, record.board);
  if (!grid.ok)
    return inputError(grid.error.code, `More state board: ${grid.error.message}`, grid.error.index);

  const white = readStones(record.white, 'white');
  if (!white.ok) return white;
  const black = readStones(record.black, 'black');
  if (!black.ok) return black;
  const clash = white.value.find((sq) => black.value.includes(sq));
  if (clash !== undefined) {
    return inputError('state-stones', `a White and a Black stone both stand on ${squareName(SIZE, clash)}`);
  }
  const stones: PerSeat<readonly number[]> = [white.value, black.value];

  const moves = readCounts(record.moves, 'moves');
  if (!moves.ok) return moves;
  const penalties = readCounts(record.penalties, 'penalties');
  if (!penalties.ok) return penalties;
  for (const seat of [WHITE, BLACK]) {
    if ((penalties.value[seat] as number) > 2 * (moves.value[seat] as number)) {
      return inputError(
        'state-counts',
        `${SEAT_NAMES[seat] as string} cannot have more than 2 penalty points per move`,
      );
    }
  }
  const [w, b] = moves.value;
  if (w + b > MOVE_LIMIT)
    return inputError('state-counts', `a game stops after ${MOVE_LIMIT} moves; this state has ${w + b}`);
  // White moves first and the seats alternate until one is home; after that only the other moves.
  const whiteHome = isHome(stones, WHITE);
  const blackHome = isHome(stones, BLACK);
  const inTurn =
    whiteHome && blackHome ? true : whiteHome ? b >= w - 1 : blackHome ? w >= b : w === b || w === b + 1;
  if (!inTurn) {
    return inputError(
      'state-counts',
      `White with ${w} moves and Black with ${b} moves cannot happen in this position`,
    );
  }
  const facts = {
    board: record.board,
    grid: grid.value,
    stones,
    moves: moves.value,
    penalties: penalties.value,
  };
  if (record.remaining === undefined) return ok(settle(facts));
  const remaining = readCounts(record.remaining, 'remaining');
  if (!remaining.ok) return remaining;
  const state = settle(facts, remaining.value);
  // Remaining points exist only after a cut-off or stuck end, and never for a seat that is home.
  const cutOff = state.end?.kind === 'move-cutoff' || state.end?.kind === 'stuck-cutoff';
  for (const seat of [WHITE, BLACK]) {
    const points = forSeat(remaining.value, seat);
    if (points > 0 && (!cutOff || isHome(stones, seat))) {
      return inputError(
        'state-counts',
        `${SEAT_NAMES[seat] as string} cannot have remaining points ${cutOff ? 'once home' : 'before a cut-off or stuck end'}`,
      );
    }
  }
  return ok(state);
}

function readStones(value: unknown, field: string): Result<readonly number[], InputError> {
  if (!Array.isArray(value) || value.length !== 4) {
    return inputError(
      'state-stones',
      `${field} must list the squares of 4 stones, such as ["a1","a2","b1","b2"]`,
    );
  }
  const squares: number[] = [];
  for (const item of value as unknown[]) {
    const square = typeof item === 'string' ? parseSquare(SIZE, item) : null;
    if (square === null) {
      const shown = typeof item === 'string' ? quote(item) : `a ${item === null ? 'null' : typeof item}`;
      return inputError('state-stones', `${field}: ${shown} is not a square a1–f6`);
    }
    if (squares.includes(square))
      return inputError('state-stones', `${field}: two stones stand on ${squareName(SIZE, square)}`);
    squares.push(square);
  }
  return ok(squares);
}

function readCounts(value: unknown, field: string): Result<PerSeat<number>, InputError> {
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (!Array.isArray(value) || value.length !== 2 || !valid(value[0]) || !valid(value[1])) {
    return inputError(
      'state-counts',
      `${field} must be two whole numbers of at least 0, White's then Black's`,
    );
  }
  return ok([value[0], value[1]]);
}
