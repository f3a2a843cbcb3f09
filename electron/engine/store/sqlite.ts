import { DatabaseSync, type SQLInputValue, type SQLOutputValue, type StatementSync } from 'node:sqlite';
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
}

/** One row as node:sqlite returns it. */
export type Row = Record<string, SQLOutputValue>;

/** Opens `path` with the store's pragmas: WAL, the chosen synchronous level, foreign keys, busy timeout. */
export function openDatabase(path: string, options: SqliteOptions = {}): Db {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, enableForeignKeyConstraints: true });
    // The first read is what fails on a file that is not SQLite at all.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    db.prepare('PRAGMA schema_version').get();
  } catch (e) {
    throw new StoreError('not-a-store', `${path} cannot be opened as SQLite: ${(e as Error).message}`, {
      cause: e,
    });
  }
  // WAL: readers (`jury standings`, the app) never block the runner's commits and vice versa. A read-only
  // connection cannot switch the mode; the file already is WAL because every writer sets it.
  if (!options.readOnly) db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${options.synchronous ?? 'FULL'}`);
  db.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, StatementSync>();
  return {
    db,
    sql(text) {
      let statement = cache.get(text);
      if (!statement) {
        statement = db.prepare(text);
        cache.set(text, statement);
      }
      return statement;
    },
  };
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
