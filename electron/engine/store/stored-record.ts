import { admitRecordPackage } from '../record/package-replay.ts';
import { parseRecord as parseRecordText } from '../record/replay.ts';
import type { GameRecord } from '../record/schema.ts';
import { parseStoredJson, StoreError } from './errors.ts';
import { unpackRecord } from './record-codec.ts';
import { parseRecord } from './record-check.ts';
import { text, type Row } from './sqlite.ts';

// A `records` row holds its record in one of two forms (migrations.ts, version 3): packed in `packed`
// (record-codec.ts), or, stored before version 3, as JSON text in `record` with `packed` NULL. A store
// still at version 2 (opened read-only, not upgraded) has no `packed` column at all: rows are read with
// `SELECT *`, so that the one reader serves all three.

/** The JSON data of a `records` row (not yet checked); throws `damaged` when a packed one cannot be read. */
function rowJson(row: Row, index: number): { readonly json: unknown } | { readonly text: string } {
  const packed = row['packed'];
  if (!(packed instanceof Uint8Array)) return { text: text(row, 'record') };
  try {
    return { json: unpackRecord(packed) };
  } catch (e) {
    throw new StoreError('damaged', `game ${index}: stored record: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * The checked record of a `records` row read with `SELECT *` (validated again on the way out, as every
 * stored record is). Throws a StoreError naming game `index` when it is not a Jury game record.
 */
export function recordOfRow(row: Row, index: number): GameRecord {
  const data = rowJson(row, index);
  if ('text' in data) {
    const parsed = parseRecordText(data.text);
    if (!parsed.ok) throw new StoreError('not-a-store', `game ${index}: stored record: ${parsed.problem}`);
    return parsed.record;
  }
  admitRecordPackage(data.json);
  // The store's own check: zod's answer, faster for plainly valid lines and moves (record-check.ts).
  const parsed = parseRecord(data.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(top level)';
    throw new StoreError(
      'not-a-store',
      `game ${index}: stored record: not a Jury game record: ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/** The game id a `records` row read with `SELECT *` names (unchecked; '' when it names none). */
export function gameOfRow(row: Row, index: number): string {
  const data = rowJson(row, index);
  const json = 'text' in data ? parseStoredJson(data.text, `game ${index}: record`) : data.json;
  const game = (json as { game?: unknown } | null)?.game;
  return typeof game === 'string' ? game : '';
}
