import type { DatabaseSync } from 'node:sqlite';
import { StoreError } from './errors.ts';
import { rebuildRankingTotals } from './ranking.ts';
import { num, transaction, type Db } from './sqlite.ts';

/** One schema step: it changes a store of the previous version into the next one, in one transaction. */
export type Migration = (db: DatabaseSync) => void;

/** SQLite's application_id for Jury stores ('JURY' in ASCII), so a foreign SQLite file is refused. */
export const STORE_APPLICATION_ID = 0x4a555259;

const v1: Migration = (db) => {
  db.exec(`
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    CREATE TABLE participants (
      id TEXT PRIMARY KEY,
      position INTEGER NOT NULL UNIQUE,
      name TEXT NOT NULL,
      command TEXT,
      executable_hash TEXT
    ) STRICT;
    CREATE TABLE scheduled_games (
      idx INTEGER PRIMARY KEY,
      stage TEXT NOT NULL,
      round INTEGER NOT NULL,
      seats TEXT NOT NULL,
      seed INTEGER NOT NULL,
      board TEXT,
      match TEXT NOT NULL,
      scheduled_at TEXT NOT NULL
    ) STRICT;
    CREATE TABLE results (
      idx INTEGER PRIMARY KEY REFERENCES scheduled_games(idx),
      outcome TEXT NOT NULL,
      finished_at TEXT NOT NULL
    ) STRICT;
    -- Records (up to megabytes each) live apart from results so that scanning outcomes stays fast.
    CREATE TABLE records (idx INTEGER PRIMARY KEY REFERENCES results(idx), record TEXT NOT NULL) STRICT;
    CREATE TABLE results_seats (
      idx INTEGER NOT NULL REFERENCES results(idx),
      seat INTEGER NOT NULL,
      participant TEXT NOT NULL REFERENCES participants(id),
      stage TEXT NOT NULL,
      round INTEGER NOT NULL,
      score REAL NOT NULL,
      status TEXT NOT NULL,
      charged_us REAL NOT NULL,
      max_move_us REAL NOT NULL,
      moves INTEGER NOT NULL,
      PRIMARY KEY (idx, seat)
    ) STRICT, WITHOUT ROWID;
    -- Covering index for standings: GROUP BY participant (optionally WHERE stage = ?) reads only this
    -- index, already in participant order, with no temporary B-tree and no table lookups.
    CREATE INDEX results_seats_standings
      ON results_seats (participant, stage, score, status, charged_us, max_move_us, moves);
    -- Running totals per participant and stage, kept in the same transaction as results_seats. Ten
    -- aggregates over 400,000 seat rows cost about 80 ms even from the covering index; these rows make the
    -- standings query independent of the number of games (the 50 ms target on 100,000 games).
    CREATE TABLE totals (
      participant TEXT NOT NULL REFERENCES participants(id),
      stage TEXT NOT NULL,
      games INTEGER NOT NULL,
      points REAL NOT NULL,
      ok INTEGER NOT NULL,
      timeout INTEGER NOT NULL,
      illegal INTEGER NOT NULL,
      crash INTEGER NOT NULL,
      exit INTEGER NOT NULL,
      charged_us REAL NOT NULL,
      max_move_us REAL NOT NULL,
      moves INTEGER NOT NULL,
      PRIMARY KEY (participant, stage)
    ) STRICT, WITHOUT ROWID;
  `);
};

/**
 * Version 2: the ranking totals (issue 11). `results.seq` numbers the games in the order they finished
 * (older stores: by finish time, then index), which the openskill ratings follow; `ranking_totals` holds
 * the running totals of shared/tournament/ranking as keyed JSON entries, updated with every finished game
 * and backfilled here from the stored outcomes. A stored groups config without `evenOut` is marked
 * `evenOut: false`: it was planned before groups extended their rounds to even the game counts, so a
 * resumed or finished event keeps exactly the rounds it was scheduled with.
 */
const v2: Migration = (db) => {
  db.exec(`
    ALTER TABLE results ADD COLUMN seq INTEGER;
    UPDATE results SET seq = o.n
      FROM (SELECT idx, row_number() OVER (ORDER BY finished_at, idx) - 1 AS n FROM results) AS o
      WHERE o.idx = results.idx;
    CREATE UNIQUE INDEX results_seq ON results (seq);
    CREATE TABLE ranking_totals (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;
    UPDATE meta SET value = json_set(value, '$.schedule.evenOut', json('false'))
      WHERE key = 'config' AND json_valid(value) AND json_type(value, '$.schedule') = 'object'
        AND json_extract(value, '$.schedule.kind') = 'groups'
        AND json_type(value, '$.schedule.evenOut') IS NULL;
  `);
  rebuildRankingTotals({ db, sql: (text) => db.prepare(text), close: () => db.close() });
};

/**
 * Version 3: records packed (issue 28). A Flit game's record is 16.5 MB of JSON text; `records.packed`
 * holds a new record packed (record-codec.ts: its lists as columns, zstd; 864 KB for that game, 31 KB
 * for a 6561 game of 241 KB), and its `record` is then ''. Records stored before keep their text in
 * `record` with `packed` NULL and are read as they are: nothing stored is rewritten.
 */
const v3: Migration = (db) => {
  db.exec('ALTER TABLE records ADD COLUMN packed BLOB');
};

/** Every migration in order: index i turns schema version i into version i + 1. Append only. */
export const MIGRATIONS: readonly Migration[] = [v1, v2, v3];

/**
 * The oldest schema a read-only connection reads without an upgrade (older ones must first be opened
 * read-write once). Version 3 only added `records.packed`, which the record reader does without
 * (stored-record.ts), so `jury standings` and `jury export` read a version-2 store as it is.
 */
export const OLDEST_READ_ONLY_SCHEMA = 2;

/**
 * Which kind of Jury SQLite file a list of migrations belongs to: its application_id and its name in
 * messages. A tournament store by default; an event's store (electron/engine/event/) has its own, so
 * neither is ever taken for the other.
 */
export interface StoreKind {
  readonly applicationId: number;
  /** `Jury tournament store`, `Jury event store`. */
  readonly name: string;
}

/** The tournament store's kind. */
export const TOURNAMENT_STORE: StoreKind = {
  applicationId: STORE_APPLICATION_ID,
  name: 'Jury tournament store',
};

/** The schema version this Jury writes. */
export const STORE_SCHEMA_VERSION = MIGRATIONS.length;

/** The schema version and application id stored in the file's header. */
export function readVersion(db: Db): { version: number; applicationId: number } {
  return {
    version: num(db.sql('PRAGMA user_version').get() ?? {}, 'user_version'),
    applicationId: num(db.sql('PRAGMA application_id').get() ?? {}, 'application_id'),
  };
}

/**
 * Refuses a file that is not a Jury store or is newer than `migrations` knows; returns its version.
 * An empty file (no tables, version 0) is accepted: `create` migrates it from nothing.
 */
export function checkVersion(
  db: Db,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
  kind: StoreKind = TOURNAMENT_STORE,
): number {
  const { version, applicationId } = readVersion(db);
  const tables = num(db.sql("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() ?? {}, 'n');
  if (applicationId !== kind.applicationId && (applicationId !== 0 || version !== 0 || tables > 0)) {
    throw new StoreError('not-a-store', `${path} is an SQLite file but not a ${kind.name}`);
  }
  if (version > migrations.length) {
    throw new StoreError(
      'newer-schema',
      `${path} has store schema version ${version}, written by a newer Jury; this Jury reads versions up ` +
        `to ${migrations.length}. Upgrade Jury to open it (the file was left unchanged).`,
    );
  }
  return version;
}

/**
 * Brings the store up to the newest schema. Each step commits on its own together with its version
 * number, so a crash mid-way leaves a file at an exact older version that the next open continues from.
 */
export function migrate(
  db: Db,
  path: string,
  migrations: readonly Migration[] = MIGRATIONS,
  kind: StoreKind = TOURNAMENT_STORE,
): { from: number; to: number } {
  const from = checkVersion(db, path, migrations, kind);
  for (let version = from; version < migrations.length; version++) {
    const step = migrations[version];
    if (!step) break;
    transaction(db, () => {
      // Another process may have migrated between our check and our write lock: then skip the step.
      if (readVersion(db).version !== version) return;
      step(db.db);
      db.db.exec(`PRAGMA application_id = ${kind.applicationId}`);
      db.db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
  return { from, to: migrations.length };
}
