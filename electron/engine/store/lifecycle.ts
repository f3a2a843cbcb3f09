import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { JURY_VERSION } from '../version.ts';
import { StoreError } from './errors.ts';
import { checkVersion, migrate, STORE_SCHEMA_VERSION } from './migrations.ts';
import { addParticipants } from './participants.ts';
import { openDatabase, transaction, type Db, type SqliteOptions } from './sqlite.ts';
import { check } from './validate.ts';

/** What a new tournament starts with; all of it is written in the same step that creates the file. */
export interface StoreInit {
  /** The tournament seed: every game seed derives from it. */
  readonly seed: number;
  /** The tournament config (any JSON value; its own schema is checked by whoever loads it). */
  readonly config?: unknown;
  readonly participants?: readonly unknown[];
}

/** Options of `TournamentStore.open` and `TournamentStore.create`. */
export interface StoreOptions extends SqliteOptions {
  /** The clock for `created_at`, `scheduled_at` and `finished_at` (tests fix it). */
  readonly now?: () => Date;
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
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.creating`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(temporary + suffix, { force: true });
  const db = openDatabase(temporary, { ...options, readOnly: false });
  try {
    migrate(db, temporary);
    transaction(db, () => {
      const meta = db.sql('INSERT INTO meta (key, value) VALUES (?, ?)');
      meta.run('seed', String(seed));
      meta.run('created_at', now.toISOString());
      meta.run('jury_version', JURY_VERSION);
      meta.run('config', config);
    });
    addParticipants(db, init.participants ?? []);
  } catch (e) {
    db.db.close();
    rmSync(temporary, { force: true });
    throw e;
  }
  // Closing the last connection checkpoints the WAL into the file and removes it: one file to rename.
  db.db.close();
  renameSync(temporary, path);
  // The rename itself must reach the disk, or a power cut could forget the new file.
  const folder = openSync(dirname(path), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/** Opens an existing store file and brings its schema up to date (read-write) or checks it (read-only). */
export function openStoreFile(path: string, options: SqliteOptions): Db {
  if (!existsSync(path)) throw new StoreError('not-a-store', `no tournament store at ${path}`);
  const db = openDatabase(path, options);
  try {
    const version = checkVersion(db, path);
    if (version === 0) throw new StoreError('not-a-store', `${path} is an empty SQLite file, not a store`);
    if (options.readOnly && version < STORE_SCHEMA_VERSION) {
      throw new StoreError(
        'needs-upgrade',
        `${path} has store schema version ${version}; open it once read-write to upgrade it to ` +
          `${STORE_SCHEMA_VERSION}`,
      );
    }
    if (!options.readOnly) migrate(db, path);
  } catch (e) {
    db.db.close();
    throw e;
  }
  return db;
}
