import { StoreError } from './errors.ts';
import { inspectStoreFile } from './inspect.ts';

// SQLite's primary result codes for a file whose pages are not what they should be
// (https://www.sqlite.org/rescode.html): SQLITE_CORRUPT (with its extended codes) and SQLITE_NOTADB.
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** Whether `e` is SQLite (through node:sqlite) saying that the database file is damaged. */
export function isDamageError(e: unknown): boolean {
  if (!(e instanceof Error) || (e as NodeJS.ErrnoException).code !== 'ERR_SQLITE_ERROR') return false;
  const errcode = (e as { errcode?: unknown }).errcode;
  if (typeof errcode !== 'number') return false;
  // The low byte is the primary code: SQLITE_CORRUPT_INDEX (779) is SQLITE_CORRUPT too.
  const primary = errcode & 0xff;
  return primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB;
}

/**
 * The StoreError `damaged` for the file at `path`, after SQLite failed with `e` part-way through a read
 * of a store that was opened without its page check (a report reads a few pages, and checking every page
 * of a big file first costs more than the report). The whole file is checked now, so the message says what
 * SQLite's quick_check finds, as the check at open would have; if it finds nothing, SQLite's own words.
 */
export function damagedStoreError(path: string, e: unknown): StoreError {
  try {
    inspectStoreFile(path, { quickCheck: true });
  } catch (found) {
    if (found instanceof StoreError) return found;
  }
  return new StoreError('damaged', `${path} is damaged: SQLite cannot read it (${(e as Error).message})`, {
    cause: e,
  });
}

/**
 * Runs `work`, a read of the store at `path`; SQLite reporting a damaged file on the way becomes
 * {@link damagedStoreError}, every other error passes unchanged. Reads only: nothing is left half-written.
 */
export function readingStore<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (isDamageError(e)) throw damagedStoreError(path, e);
    throw e;
  }
}
