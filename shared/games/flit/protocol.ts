import type { Delivery, Seat } from '../types.ts';
import { inputError, ok, quote, type InputError, type Result } from '../result.ts';
import { SIZE } from './board.ts';
import { toAct } from './rules.ts';
import { BOTS, type FlitMove, type FlitState, type Update } from './state.ts';

/** The seat names: the bots' numbers, which are also the first line each bot reads. */
export const SEAT_NAMES: readonly string[] = ['1', '2', '3', '4'];

/** The line that asks a bot for its move. */
export const MOVE_REQUEST = 'M';

/** An update as the bots read it: `x y c`. */
export function formatUpdate(update: Update): string {
  return `${update.x} ${update.y} ${update.c}`;
}

/** A move as a bot writes it: `x0 y0 x1 y1`. */
export function formatMove(move: FlitMove): string {
  return `${move.x0} ${move.y0} ${move.x1} ${move.y1}`;
}

/** The seats whose program is still there to read: all but those frozen because they were gone. */
function readers(state: FlitState): Seat[] {
  const seats: Seat[] = [];
  for (let seat = 0; seat < BOTS; seat++) if (state.seats[seat]?.frozen?.reason !== 'gone') seats.push(seat);
  return seats;
}

/**
 * The lines that follow a transition into `after`: every update of `after.changes` to every bot that is
 * still there (the mover too), one update at a time, then `M` to the bot that must move next. Nothing
 * else: when the game is over no line says so (the rules define no such message); the judge closes
 * the bots' input instead.
 */
export function turnDeliveries(after: FlitState): readonly Delivery[] {
  const seats = readers(after);
  const out: Delivery[] = [];
  for (const update of after.changes) {
    const line = formatUpdate(update);
    for (const seat of seats) out.push({ seat, line });
  }
  const actor = toAct(after);
  if (actor !== null) out.push({ seat: actor, line: MOVE_REQUEST });
  return out;
}

/**
 * The first lines, for the state made by `setup` (whose changes are the 8 initial pieces): each bot's own
 * number 1–4, then the 8 initial pieces as updates in the order they were placed, then `M` to bot 1.
 */
export function opening(state: FlitState): readonly Delivery[] {
  return [...SEAT_NAMES.map((line, seat) => ({ seat, line })), ...turnDeliveries(state)];
}

/**
 * The lines after a turn: those of {@link turnDeliveries}. They depend only on `after`, so the same
 * function serves after a missed turn (the referee may pass any move, such as the non-move).
 */
export function afterMove(_before: FlitState, _move: FlitMove, after: FlitState): readonly Delivery[] {
  return turnDeliveries(after);
}

const MOVE_SHAPE = 'a move is four numbers "x0 y0 x1 y1", each 0–31, separated by spaces';

/**
 * Parses a reply line: four fields separated by one or more spaces or tabs, with any spaces or tabs
 * around them ignored (a carriage return, as in a Windows line ending, counts as a space); each field
 * must be a decimal number 0–31 (leading zeros allowed). Whether the move is
 * legal is {@link checkMove}'s question, so the state is not consulted.
 */
export function parseReply(_state: FlitState, line: string): Result<FlitMove, InputError> {
  const move = scanMove(line);
  return move === null ? readReply(line) : ok(move);
}

/**
 * A well-formed reply's move, read without building anything but the move; null for any other line,
 * which {@link readReply} then reads and explains. It accepts exactly the lines {@link readReply}
 * accepts, with the same values (a test holds them to it): it runs once per turn, and the regular
 * expressions and match arrays of the full reading were 3 of the judge's 15 KB allocated per Flit move,
 * garbage whose collection pauses the judge (a pause that ends a bot's turn late).
 */
export function scanMove(line: string): FlitMove | null {
  const n = line.length;
  let fields = 0;
  let value = -1; // the field being read, -1 between fields
  let x0 = 0;
  let y0 = 0;
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? line.charCodeAt(i) : 32; // the end of the line ends the last field
    if (c >= 48 && c <= 57) {
      value = value < 0 ? c - 48 : value * 10 + (c - 48);
      continue;
    }
    if (c !== 32 && c !== 9 && c !== 13) return null;
    if (value < 0) continue;
    if (value >= SIZE) return null;
    if (fields === 0) x0 = value;
    else if (fields === 1) y0 = value;
    else if (fields === 2) x1 = value;
    else if (fields === 3) y1 = value;
    else return null;
    fields++;
    value = -1;
  }
  return fields === 4 ? { x0, y0, x1, y1 } : null;
}

/** Reads a reply line field by field, naming what is wrong with it (see {@link parseReply}). */
export function readReply(line: string): Result<FlitMove, InputError> {
  const fields: { text: string; index: number }[] = [];
  for (const match of line.matchAll(/[^ \t\r]+/g)) fields.push({ text: match[0], index: match.index });
  if (fields.length === 0) return inputError('empty-reply', `the reply is empty; ${MOVE_SHAPE}`);
  if (fields.length !== 4) {
    return inputError('field-count', `${MOVE_SHAPE}; got ${fields.length} fields in ${quote(line)}`);
  }
  const values: number[] = [];
  for (const [i, field] of fields.entries()) {
    const name = ['x0', 'y0', 'x1', 'y1'][i] ?? '';
    if (!/^[0-9]+$/.test(field.text)) {
      return inputError(
        'not-a-number',
        `${name} must be a number 0–31, got ${quote(field.text)}`,
        field.index,
      );
    }
    const value = Number(field.text);
    if (value >= SIZE) {
      return inputError(
        'off-board',
        `${name} must be 0–31 (the board is 32×32), got ${quote(field.text)}`,
        field.index,
      );
    }
    values.push(value);
  }
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = values;
  return ok({ x0, y0, x1, y1 });
}
