import type { GameRecord } from './schema.ts';

// A remote worker's record reaches the coordinator as JSON text (about 225 KB for a full 6561 game). It is
// parsed once, for the store's full check; serialising the checked record again only to store it cost
// more CPU than parsing it (2 to 3 ms per game). So the text is remembered beside the parsed record, and
// the store keeps that text when its check kept the record exactly as it was read.

interface Source {
  readonly text: string;
  /** The record without its lines and moves, as JSON, when it was read. */
  readonly head: string;
  readonly lines: unknown;
  readonly moves: unknown;
  /** Their lengths when it was read. */
  readonly counts: string;
}

/** Texts by the record object parsed from them; nothing keeps a record alive. */
const sources = new WeakMap<object, Source>();

/** A record's JSON without its two long lists (its other fields, in their order). */
function headOf(record: Record<string, unknown>): string {
  return JSON.stringify({ ...record, lines: [], moves: [] });
}

const countsOf = (lines: unknown, moves: unknown): string =>
  Array.isArray(lines) && Array.isArray(moves) ? `${lines.length}/${moves.length}` : '';

const isRecordLike = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses a record's JSON text (throws as `JSON.parse` does) and remembers the text for the store
 * ({@link recordJson}). Nothing is checked here: the result is `unknown` until the store's check.
 */
export function parseRecordText(text: string): unknown {
  const record: unknown = JSON.parse(text);
  if (isRecordLike(record)) {
    const { lines, moves } = record;
    sources.set(record, { text, head: headOf(record), lines, moves, counts: countsOf(lines, moves) });
  }
  return record;
}

/**
 * The JSON text to store for `checked`, the store's check of `input`: the text `input` was parsed from
 * ({@link parseRecordText}) when the check kept it as it was (the same `lines` and `moves` lists, of the
 * same lengths, and every other field serialising exactly as when it was read, in the same order), so
 * that the text means exactly the checked record; otherwise `JSON.stringify(checked)`. The elements of the
 * two lists are not compared again: the check found them plainly valid and kept them, and nothing changes
 * a read record's lines or moves in place.
 */
export function recordJson(input: unknown, checked: GameRecord): string {
  const source = isRecordLike(input) ? sources.get(input) : undefined;
  if (
    isRecordLike(input) &&
    source !== undefined &&
    checked.lines === source.lines &&
    checked.moves === source.moves &&
    source.counts !== '' &&
    countsOf(source.lines, source.moves) === source.counts &&
    input['lines'] === source.lines &&
    input['moves'] === source.moves &&
    headOf(checked as unknown as Record<string, unknown>) === source.head
  ) {
    return source.text;
  }
  return JSON.stringify(checked);
}
