import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from './errors.ts';
import {
  migrate,
  MIGRATIONS,
  readVersion,
  STORE_APPLICATION_ID,
  STORE_SCHEMA_VERSION,
  type Migration,
} from './migrations.ts';
import { openDatabase } from './sqlite.ts';
import { TournamentStore } from './store.ts';

const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-migrate-'));

function fresh(): string {
  const path = join(folder(), 't.sqlite');
  TournamentStore.create(path, { seed: 1 }).close();
  return path;
}

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError);
    return `${(e as StoreError).code}: ${(e as Error).message}`;
  }
  throw new Error('expected a StoreError');
}

function header(path: string): { version: number; applicationId: number } {
  const db = openDatabase(path);
  try {
    return readVersion(db);
  } finally {
    db.db.close();
  }
}

describe('store schema migrations', () => {
  it('creates files at the newest version, marked as Jury stores', () => {
    expect(header(fresh())).toEqual({ version: STORE_SCHEMA_VERSION, applicationId: STORE_APPLICATION_ID });
  });

  it('migrates an older file step by step', () => {
    const path = fresh();
    const next: Migration = (db) => db.exec('ALTER TABLE participants ADD COLUMN rating REAL');
    const db = openDatabase(path);
    const v = STORE_SCHEMA_VERSION;
    expect(migrate(db, path, [...MIGRATIONS, next])).toEqual({ from: v, to: v + 1 });
    expect(readVersion(db).version).toBe(v + 1);
    expect(db.db.prepare('SELECT rating FROM participants').all()).toEqual([]);
    expect(migrate(db, path, [...MIGRATIONS, next])).toEqual({ from: v + 1, to: v + 1 });
    db.db.close();
  });

  it('rolls a failing migration back and leaves the older version', () => {
    const path = fresh();
    const bad: Migration = (db) => {
      db.exec('CREATE TABLE half (x INTEGER)');
      throw new Error('disk on fire');
    };
    const db = openDatabase(path);
    expect(() => migrate(db, path, [...MIGRATIONS, bad])).toThrow(/disk on fire/);
    expect(readVersion(db).version).toBe(STORE_SCHEMA_VERSION);
    expect(db.db.prepare("SELECT name FROM sqlite_schema WHERE name = 'half'").get()).toBeUndefined();
    db.db.close();
  });

  it('refuses a file written by a newer Jury and leaves it unchanged', () => {
    const path = fresh();
    const raw = new DatabaseSync(path);
    raw.exec('PRAGMA user_version = 99');
    raw.close();
    const before = readFileSync(path);
    expect(code(() => TournamentStore.open(path))).toMatch(
      /^newer-schema: .*schema version 99, written by a newer Jury; this Jury reads versions up to 3/,
    );
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses files that are not Jury stores', () => {
    const dir = folder();
    const foreign = join(dir, 'foreign.sqlite');
    const raw = new DatabaseSync(foreign);
    raw.exec('CREATE TABLE x (a INTEGER)');
    raw.close();
    expect(code(() => TournamentStore.open(foreign))).toMatch(/^not-a-store: .*not a Jury tournament store/);

    const text = join(dir, 'notes.sqlite');
    writeFileSync(text, 'this is not a database, just some text that is long enough to have a header');
    expect(code(() => TournamentStore.open(text))).toMatch(
      /^not-a-store: .*does not start with the SQLite header/,
    );

    const empty = join(dir, 'empty.sqlite');
    new DatabaseSync(empty).close();
    expect(code(() => TournamentStore.open(empty))).toMatch(/^not-a-store: .*empty file \(0 bytes\)/);

    const blank = join(dir, 'blank.sqlite');
    const vacuumed = new DatabaseSync(blank);
    vacuumed.exec('VACUUM');
    vacuumed.close();
    expect(code(() => TournamentStore.open(blank))).toMatch(/^not-a-store: .*empty SQLite file/);

    expect(code(() => TournamentStore.open(join(dir, 'missing.sqlite')))).toMatch(
      /^not-a-store: no tournament/,
    );
  });

  it('opens read-only without writing', () => {
    const path = fresh();
    const store = TournamentStore.open(path, { readOnly: true });
    expect(store.counts()).toEqual({ scheduled: 0, finished: 0, unfinished: 0 });
    expect(() => store.saveConfig({})).toThrow(/readonly/i);
    store.close();
  });
});
