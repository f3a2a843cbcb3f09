import { existsSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';
import { StoreError } from './errors.ts';

/** How hard every commit is pushed to disk (see docs/tournaments.md, "The store"). */
export type Synchronous = 'FULL' | 'NORMAL';

/** Options of {@link openDatabase}. */
export interface SqliteOptions {
  readonly readOnly?: boolean;
  /** FULL (the default) survives power loss too; NORMAL only process crashes. */
  readonly synchronous?: Synchronous;
  /** How long to wait for another connection's write lock before failing (ms). */
  readonly busyTimeoutMs?: number;
}

/** A connection plus a cache of prepared statements, which matters when 100,000 games are inserted. */
export interface Db {
  readonly db: DatabaseSync;
  /** The prepared statement for this SQL text, prepared once per connection. */
  sql(text: string): StatementSync;
  /**
   * Closes the connection. A read-only one also takes away the `-wal` and `-shm` files its opening made
   * (see {@link openDatabase}); use this rather than `db.close()` for read-only connections.
   */
  close(): void;
}

/** One row as node:sqlite returns it. */
export type Row = Record<string, SQLOutputValue>;

/**
 * Opens `path` with the store's pragmas: WAL, the chosen synchronous level, foreign keys, busy timeout.
 * Read-only, it is an ordinary read-only connection (not `immutable`: a run may write while it reads),
 * which makes `-wal` and `-shm` files beside a store that had none; its `close` has SQLite take those away
 * again ({@link leaveAsFound}), so a reader leaves the folder as it found it. (Two readers that overlap
 * may leave the two empty files: the one that made them is not the last to close.)
 */
export function openDatabase(path: string, options: SqliteOptions = {}): Db {
  const readOnly = options.readOnly ?? false;
  // Neither a -wal nor a -shm: no connection has the store open, so the ones that appear are this
  // reader's to take away. Ones that were there (a run at work or killed, another reader) are left alone.
  const ownCompanions = readOnly && !existsSync(`${path}-wal`) && !existsSync(`${path}-shm`);
  let db: DatabaseSync | null = null;
  const close = (): void => {
    if (db?.isOpen) db.close();
    if (ownCompanions) leaveAsFound(path);
  };
  try {
    db = new DatabaseSync(path, { readOnly, enableForeignKeyConstraints: true });
    // The first read is what fails on a file that is not SQLite at all.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    db.prepare('PRAGMA schema_version').get();
  } catch (e) {
    close();
    throw new StoreError('not-a-store', `${path} cannot be opened as SQLite: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const open = db;
  // WAL: readers (`jury standings`, the app) never block the runner's commits and vice versa. A read-only
  // connection cannot switch the mode; the file already is WAL because every writer sets it.
  if (!readOnly) open.exec('PRAGMA journal_mode = WAL');
  open.exec(`PRAGMA synchronous = ${options.synchronous ?? 'FULL'}`);
  open.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, StatementSync>();
  return {
    db: open,
    sql(text) {
      let statement = cache.get(text);
      if (!statement) {
        statement = open.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
    close,
  };
}

/**
 * Takes away the `-wal` and `-shm` files that a read-only connection to the store at `path`, now closed,
 * made. A read-only connection cannot do it itself (removing them means checkpointing first); so SQLite
 * does it as it does for the last connection to close: a read-write connection (`mode=rw`: never creates
 * the store) reads the schema and closes. SQLite removes them only when no other connection has the store
 * open (a run that started meanwhile keeps them, with its commits) and only after it has copied any
 * commit in the `-wal` into the store, so nothing is lost; with nothing committed, the store's bytes are
 * not touched. Where that connection cannot be made (a store the user may not write), they stay.
 */
function leaveAsFound(path: string): void {
  if (!existsSync(`${path}-wal`) && !existsSync(`${path}-shm`)) return;
  const url = pathToFileURL(path);
  url.searchParams.set('mode', 'rw');
  try {
    const last = new DatabaseSync(url, { timeout: 5000 });
    try {
      last.prepare('PRAGMA schema_version').get();
    } finally {
      last.close();
    }
  } catch {
    // Left for the store's next writer, which removes them when it closes.
  }
}

/**
 * Runs `work` in one write transaction: all of it commits or none of it does. BEGIN IMMEDIATE takes the
 * write lock up front, so the checks made inside `work` still hold when it commits.
 */
export function transaction<T>(db: Db, work: () => T): T {
  db.db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.db.exec('COMMIT');
    return result;
  } catch (e) {
    if (db.db.isTransaction) db.db.exec('ROLLBACK');
    throw e;
  }
}

/** Reads a text column, failing loudly if the store holds something else there. */
export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new StoreError('not-a-store', `column ${column} is not text`);
  return value;
}

/** Reads a nullable text column. */
export function textOrNull(row: Row, column: string): string | null {
  return row[column] === null ? null : text(row, column);
}

/** Reads a numeric column (integers beyond 2^53 never occur in the store). */
export function num(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new StoreError('not-a-store', `column ${column} is not a number`);
}

/** The values of one statement call, typed as node:sqlite accepts them. */
export type Params = Record<string, SQLInputValue>;
