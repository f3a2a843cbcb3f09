import type { z } from 'zod';
import { PACKAGE_PLAYERS } from '../../../shared/games/packages/game.ts';
import { gameRecordSchema, type GameRecord } from '../record/schema.ts';

// A full record holds thousands of `lines` and `moves` (2,000 and 1,000 in a 6561 game), and zod checks
// them at about half a microsecond each and copies every one: 1.8 ms of CPU per stored game, and the copy
// then takes twice as long to serialise as the original. Most records come from Jury's own game player,
// whose elements are exactly in the schema's form, so those two lists are first checked here by hand;
// anything that is not plainly valid in exactly the form zod would return goes through zod as before,
// which then refuses it (or strips and orders it) exactly as it always did.

/** The keys of a line and of a move, in the schema's order (zod returns them in this order). */
const LINE_KEYS = ['t', 'dir', 'seat', 'text'];
const MOVE_KEYS = ['ply', 'seat', 'line', 'by', 'cause', 'wallUs', 'cpuUs', 'chargedUs'];
const MOVE_OPTIONAL = new Set(['cause', 'wallUs', 'cpuUs', 'chargedUs']);
const DIRS = new Set(['in', 'out']);
const BYS = new Set(['bot', 'takeover', 'missed']);
const CAUSES = new Set(['timeout', 'invalid', 'gone']);

type Shape = Record<string, z.ZodType>;
const elementKeys = (list: z.ZodType): string[] =>
  Object.keys((list as unknown as { element: { shape: Shape } }).element.shape);
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((k, i) => b[i] === k);

/**
 * Whether the hand check matches the schema's fields: when the record schema gains or reorders a field of
 * a line or a move, every record goes through zod until this file follows (record-check.test.ts fails).
 */
export const HAND_CHECK_MATCHES_SCHEMA =
  sameList(elementKeys(gameRecordSchema.shape.lines), LINE_KEYS) &&
  sameList(elementKeys(gameRecordSchema.shape.moves), MOVE_KEYS);

const isSeat = (v: unknown): boolean =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= PACKAGE_PLAYERS.max - 1;
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);

/** Whether `keys` are some of `order`, in that order, with every key not in `optional` present. */
function inOrder(keys: readonly string[], order: readonly string[], optional?: ReadonlySet<string>): boolean {
  let at = 0;
  for (const key of keys) {
    while (at < order.length && order[at] !== key) {
      if (!optional?.has(order[at] as string)) return false;
      at++;
    }
    if (at === order.length) return false;
    at++;
  }
  for (; at < order.length; at++) if (!optional?.has(order[at] as string)) return false;
  return true;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function plainLine(v: unknown): boolean {
  if (!isPlainObject(v) || !inOrder(Object.keys(v), LINE_KEYS)) return false;
  return (
    isNumber(v['t']) && DIRS.has(v['dir'] as string) && isSeat(v['seat']) && typeof v['text'] === 'string'
  );
}

function plainMove(v: unknown): boolean {
  if (!isPlainObject(v) || !inOrder(Object.keys(v), MOVE_KEYS, MOVE_OPTIONAL)) return false;
  const ply = v['ply'];
  if (typeof ply !== 'number' || !Number.isSafeInteger(ply) || ply < 0) return false;
  if (!isSeat(v['seat']) || typeof v['line'] !== 'string' || !BYS.has(v['by'] as string)) return false;
  // An optional key, when present, holds its type (zod's optional also lets an explicit undefined by).
  const cause = v['cause'];
  if (cause !== undefined && !CAUSES.has(cause as string)) return false;
  for (const key of ['wallUs', 'cpuUs', 'chargedUs']) {
    const x = v[key];
    if (x !== undefined && !isNumber(x)) return false;
  }
  return true;
}

function allPlain(list: unknown, plain: (v: unknown) => boolean): list is unknown[] {
  if (!Array.isArray(list)) return false;
  for (let i = 0; i < list.length; i++) if (!plain(list[i])) return false;
  return true;
}

/**
 * `gameRecordSchema.safeParse(record)`, with the same result (the same error, or a record equal to zod's
 * and serialised to the same JSON text), faster for a record whose lines and moves are plainly valid: zod
 * checks the rest, and those two lists are checked by hand and kept as they are instead of copied.
 */
export function parseRecord(record: unknown): ReturnType<typeof gameRecordSchema.safeParse> {
  if (!HAND_CHECK_MATCHES_SCHEMA || !isPlainObject(record)) return gameRecordSchema.safeParse(record);
  const { lines, moves } = record;
  if (!allPlain(lines, plainLine) || !allPlain(moves, plainMove)) return gameRecordSchema.safeParse(record);
  const rest = gameRecordSchema.safeParse({ ...record, lines: [], moves: [] });
  if (!rest.success) return gameRecordSchema.safeParse(record);
  // Assigned in place: the keys keep zod's order, as in a full parse.
  const data: GameRecord = rest.data;
  data.lines = lines as GameRecord['lines'];
  data.moves = moves as GameRecord['moves'];
  return rest;
}
