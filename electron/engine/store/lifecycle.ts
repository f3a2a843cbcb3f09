import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { JURY_VERSION } from '../version.ts';
import { StoreError } from './errors.ts';
import { inspectStoreFile } from './inspect.ts';
import { migrate, OLDEST_READ_ONLY_SCHEMA, STORE_SCHEMA_VERSION } from './migrations.ts';
import { addParticipants } from './participants.ts';
import { processAlive } from '../pid.ts';
import { acquireRunLock, lockedError, runLockHolder, type RunLock } from './run-lock.ts';
import { openDatabase, transaction, type Db, type SqliteOptions } from './sqlite.ts';
import { check } from './validate.ts';

/** What a new tournament starts with; all of it is written in the same step that creates the file. */
export interface StoreInit {
  /** The tournament seed: every game seed derives from it. */
  readonly seed: number;
  /** The tournament config (any JSON value; its own schema is checked by whoever loads it). */
  readonly config?: unknown;
  readonly participants?: readonly unknown[];
  /**
   * What an imported event keeps of its source (any JSON value, such as CodeCup's game numbers): stored
   * as meta `imported`, which also marks the tournament read-only (nothing runs it).
   */
  readonly imported?: unknown;
}

/** Options of `TournamentStore.open` and `TournamentStore.create`. */
export interface StoreOptions extends SqliteOptions {
  /** The clock for `created_at`, `scheduled_at` and `finished_at` (tests fix it). */
  readonly now?: () => Date;
  /**
   * Check every page with SQLite's quick_check before opening (reads the whole file; see inspect.ts). For
   * runs and one-shot reads; the app's frequent reads skip it. Default false.
   */
  readonly quickCheck?: boolean;
  /**
   * Take the store's run lock for this holder (`jury run club.json`, `the Jury app`) until `close`: a
   * store another live run holds is refused with `locked` (see run-lock.ts). Read-write opens only.
   */
  readonly lock?: string;
}

const seedSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** JSON text of `value`, or an `invalid` StoreError naming `what` when it has no JSON form. */
export function toJson(value: unknown, what: string): string {
  let out: string | undefined;
  try {
    out = JSON.stringify(value);
  } catch (e) {
    throw new StoreError('invalid', `${what} cannot be stored as JSON: ${(e as Error).message}`);
  }
  if (out === undefined) throw new StoreError('invalid', `${what} cannot be stored as JSON`);
  return out;
}

/**
 * Writes a complete new store file at `path`: schema, meta and participants are built under a temporary
 * name, which is renamed into place only when complete (a crash mid-way leaves no file at `path`).
 */
export function createStoreFile(path: string, init: StoreInit, now: Date, options: SqliteOptions): void {
  if (existsSync(path)) throw new StoreError('exists', `${path} already exists; open it to continue`);
  const seed = check(seedSchema, init.seed, 'tournament seed');
  const config = toJson(init.config ?? null, 'the config');
  const imported = init.imported === undefined ? null : toJson(init.imported, 'the import');
  try {
    mkdirSync(dirname(path), { recursive: true });
    accessSync(dirname(path), constants.W_OK);
  } catch (e) {
    throw new StoreError('invalid', `cannot create ${path}: ${(e as Error).message}`);
  }
  removeStaleCreations(path);
  const temporary = `${path}.creating-${process.pid}`;
  const db = openDatabase(temporary, { ...options, readOnly: false });
  try {
    migrate(db, temporary);
    transaction(db, () => {
      const meta = db.sql('INSERT INTO meta (key, value) VALUES (?, ?)');
      meta.run('seed', String(seed));
      meta.run('created_at', now.toISOString());
      meta.run('jury_version', JURY_VERSION);
      meta.run('config', config);
      if (imported !== null) meta.run('imported', imported);
    });
    addParticipants(db, init.participants ?? []);
  } catch (e) {
    db.db.close();
    rmSync(temporary, { force: true });
    throw e;
  }
  // Closing the last connection checkpoints the WAL into the file and removes it: one file to rename.
  db.db.close();
  placeNoReplace(temporary, path);
  // The rename itself must reach the disk, or a power cut could forget the new file.
  const folder = openSync(dirname(path), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * Moves the finished `temporary` file to `path` unless a file appeared there meanwhile (another process
 * created the same store at the same moment): a hard link fails rather than replace, then the temporary
 * name goes. Where hard links are not supported, a rename after a last check.
 */
export function placeNoReplace(temporary: string, path: string): void {
  try {
    linkSync(temporary, path);
    rmSync(temporary, { force: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || existsSync(path)) {
      rmSync(temporary, { force: true });
      throw new StoreError('exists', `${path} already exists; open it to continue`);
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw e;
    renameSync(temporary, path);
  }
}

/** Removes what creations killed part-way left: `<path>.creating-<pid>` of processes that are gone. */
function removeStaleCreations(path: string): void {
  const prefix = `${basename(path)}.creating`;
  for (const name of readdirSync(dirname(path))) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length).replace(/-(wal|shm|journal)$/, '');
    const pid = /^-(\d+)$/.exec(rest)?.[1];
    if (rest === '' || (pid !== undefined && (Number(pid) === process.pid || !processAlive(Number(pid))))) {
      rmSync(join(dirname(path), name), { force: true });
    }
  }
}

/** An open store file: its connection, and its run lock when one was asked for. */
export interface OpenedStore {
  readonly db: Db;
  readonly lock: RunLock | null;
}

/**
 * Opens an existing store file. For a run, its run lock is checked first; then the file is judged
 * without writing to it (inspect.ts: not SQLite, damaged, foreign, newer, and with `quickCheck` a bad
 * page); then the lock is taken for the run, and only then is the schema brought up to date (read-write)
 * or checked (read-only). A refused file is left exactly as it was.
 */
export function openStoreFile(path: string, options: StoreOptions): OpenedStore {
  if (options.lock !== undefined) {
    if (options.readOnly) throw new StoreError('invalid', 'a read-only store cannot take the run lock');
    // First, with plain file reads: a refused second run does not even open SQLite (whose readers touch
    // the -shm file of a store in use).
    const holder = runLockHolder(path);
    if (holder) throw lockedError(path, holder);
  }
  const version = inspectStoreFile(path, { quickCheck: options.quickCheck ?? false });
  if (options.readOnly && version < OLDEST_READ_ONLY_SCHEMA) {
    throw new StoreError(
      'needs-upgrade',
      `${path} has store schema version ${version}; open it once read-write to upgrade it to ` +
        `${STORE_SCHEMA_VERSION}`,
    );
  }
  const db = openDatabase(path, options);
  let lock: RunLock | null = null;
  try {
    if (options.lock !== undefined) lock = acquireRunLock(db, path, options.lock);
    if (!options.readOnly) migrate(db, path);
  } catch (e) {
    lock?.release();
    db.close();
    throw e;
  }
  return { db, lock };
}
