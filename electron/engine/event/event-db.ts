import { chmodSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { StoreError } from '../store/errors.ts';
import { parseHeader, readHeaderBytes } from '../store/header.ts';
import { placeNoReplace } from '../store/lifecycle.ts';
import { checkVersion, migrate, type Migration, type StoreKind } from '../store/migrations.ts';
import { acquireRunLock, lockedError, runLockHolder, type RunLock } from '../store/run-lock.ts';
import { openDatabase, transaction, type Db } from '../store/sqlite.ts';
import { JURY_VERSION } from '../version.ts';

/**
 * An event's SQLite file (`<event folder>/event.sqlite`): opened, created, migrated and locked with the
 * tournament store's helpers (electron/engine/store/), under its own application id so that neither
 * kind of file is ever taken for the other. Every change is one transaction (WAL, synchronous FULL):
 * a kill -9 leaves the file as it was before or after each step.
 */

/** The event store's kind: application_id 'JEVT'. */
export const EVENT_STORE: StoreKind = { applicationId: 0x4a455654, name: 'Jury event store' };

/** The event file's name in the event's folder. */
export const EVENT_FILE = 'event.sqlite';

const v1: Migration = (db: DatabaseSync) => {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    CREATE TABLE contestants (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL UNIQUE,
      name TEXT NOT NULL,
      -- The name as compared: names are unique in any case.
      name_key TEXT NOT NULL UNIQUE,
      -- sha256 of the normalized join code; the code itself is never stored.
      code_hash TEXT NOT NULL UNIQUE,
      chosen TEXT
    ) STRICT;
    CREATE TABLE submissions (
      id TEXT PRIMARY KEY,
      contestant TEXT NOT NULL REFERENCES contestants(id),
      version INTEGER NOT NULL,
      received_at TEXT NOT NULL,
      sha256 TEXT NOT NULL,
      size INTEGER NOT NULL,
      file_name TEXT NOT NULL,
      kind TEXT NOT NULL,
      language TEXT,
      build_command TEXT,
      run_command TEXT,
      bytes BLOB NOT NULL,
      state TEXT NOT NULL,
      log TEXT,
      smoke TEXT,
      -- How to start the built program: {"command": [...], "cwd": "..."}.
      launch TEXT,
      disqualified_at TEXT,
      disqualified_reason TEXT,
      UNIQUE (contestant, version)
    ) STRICT;
    CREATE TABLE competitions (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      number INTEGER NOT NULL,
      file TEXT NOT NULL,
      created_at TEXT NOT NULL,
      state TEXT NOT NULL,
      message TEXT,
      -- Who plays: [{"participant", "contestant", "submission", "sample"}], fixed when it is made.
      entrants TEXT NOT NULL,
      UNIQUE (kind, number)
    ) STRICT;
  `);
};

/** Every migration of the event store, in order. Append only. */
export const EVENT_MIGRATIONS: readonly Migration[] = [v1];

/** An open event file and its lock (one process works an event at a time). */
export interface OpenedEventDb {
  readonly db: Db;
  readonly lock: RunLock;
}

/**
 * Creates `<folder>/event.sqlite` with the schema and `meta` (settings JSON, creation time): built under
 * a temporary name and put in place only when complete, never over an existing file (`exists`).
 */
export function createEventDb(folder: string, meta: Readonly<Record<string, string>>, now: Date): void {
  const path = join(folder, EVENT_FILE);
  if (existsSync(path)) throw new StoreError('exists', `${path} already exists; open the event instead`);
  mkdirSync(folder, { recursive: true });
  const temporary = `${path}.creating-${process.pid}`;
  rmSync(temporary, { force: true });
  const db = openDatabase(temporary);
  try {
    migrate(db, temporary, EVENT_MIGRATIONS, EVENT_STORE);
    transaction(db, () => {
      const put = db.sql('INSERT INTO meta (key, value) VALUES (?, ?)');
      put.run('created_at', now.toISOString());
      put.run('jury_version', JURY_VERSION);
      put.run('locked', 'false');
      for (const [key, value] of Object.entries(meta)) put.run(key, value);
    });
  } catch (e) {
    db.close();
    rmSync(temporary, { force: true });
    throw e;
  }
  db.db.close();
  // Every contestant's source is in it: readable by Jury's user alone (SQLite gives its -wal and -shm
  // the same mode), so a bot run without bubblewrap under a uid of its own cannot read it.
  chmodSync(temporary, 0o600);
  placeNoReplace(temporary, path);
}

/**
 * Opens `<folder>/event.sqlite` for `holder` (who works the event, for the lock's message). Refused with
 * a StoreError and left as it was: no file, a file that is not SQLite or another program's, a newer
 * schema, a damaged page, or an event another live process holds.
 */
export function openEventDb(folder: string, holder: string): OpenedEventDb {
  const path = join(folder, EVENT_FILE);
  judgeHeader(path);
  const held = runLockHolder(path);
  if (held) throw lockedError(path, held);
  const db = openDatabase(path);
  let lock: RunLock | null = null;
  try {
    const check = db.db.prepare('PRAGMA quick_check').all();
    const problems = check.map((r) => String(Object.values(r)[0])).filter((t) => t !== 'ok');
    if (problems.length > 0) throw new StoreError('damaged', `${path} is damaged: ${problems[0]}`);
    checkVersion(db, path, EVENT_MIGRATIONS, EVENT_STORE);
    lock = acquireRunLock(db, path, holder);
    migrate(db, path, EVENT_MIGRATIONS, EVENT_STORE);
    return { db, lock };
  } catch (e) {
    lock?.release();
    db.close();
    throw e;
  }
}

/** Refuses, before SQLite opens it, a missing, empty or non-SQLite file (SQLite would make it a new database). */
function judgeHeader(path: string): void {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new StoreError('not-a-store', `no event at ${path}`);
  }
  if (size === 0) throw new StoreError('not-a-store', `${path} is an empty file, not a Jury event store`);
  const bytes = readHeaderBytes(path, size);
  const header = parseHeader(bytes);
  if (!header.ok) {
    throw new StoreError(
      header.kind === 'damaged' ? 'damaged' : 'not-a-store',
      `${path} is not a Jury event store: ${header.problem}`,
    );
  }
  const id = header.header.applicationId;
  if (id !== 0 && id !== EVENT_STORE.applicationId) {
    throw new StoreError(
      'not-a-store',
      `${path} is an SQLite file of another kind (application_id 0x${id.toString(16)}), not a Jury event store`,
    );
  }
}
