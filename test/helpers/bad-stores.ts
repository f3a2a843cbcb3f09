import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TournamentStore } from '../../electron/engine/store/store.ts';
import {
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../integration/store/samples.ts';

// Files that are not sound Jury stores, each made the way it happens to people, with the message Jury must
// give for it; and a snapshot of a folder to show that a refusal changed nothing and added nothing.

/** A sound store at `path` with `games` finished games (enough pages to cut or damage one), closed. */
export function soundStore(path: string, games = 40, config: unknown = null): void {
  const store = TournamentStore.create(path, { seed: 5, config, participants: sampleParticipants(4) });
  const scheduled = store.addScheduled(sampleSchedule(0, games));
  store.finishGames(
    scheduled.map((g) => ({ index: g.index, outcome: sampleOutcome(g), record: sampleRecord(g, 40) })),
  );
  store.close();
}

/** One kind of bad store file: how to make it and what the refusal says. */
export interface BadStore {
  readonly name: string;
  /** Writes the file at `path`. */
  readonly make: (path: string) => void;
  /** The refusal's message (after the path). */
  readonly message: RegExp;
  /** The StoreError code. */
  readonly code: 'not-a-store' | 'damaged' | 'newer-schema';
}

function pageSizeOf(path: string): number {
  return readFileSync(path).readUInt16BE(16);
}

/** Overwrites the first page of `table` (its b-tree's root) in the closed store at `path` with garbage. */
export function corruptRootPage(path: string, table: string): void {
  const db = new DatabaseSync(path, { readOnly: true });
  const root = Number(
    db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table)?.['rootpage'],
  );
  db.close();
  if (!(root > 0)) throw new Error(`no table ${table} in ${path}`);
  const page = pageSizeOf(path);
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.alloc(page, 0xa5), 0, page, (root - 1) * page);
  closeSync(fd);
}

/** Every kind of file the store must refuse without changing it. */
export const BAD_STORES: readonly BadStore[] = [
  {
    name: 'an empty file',
    make: (path) => writeFileSync(path, ''),
    message: /is an empty file \(0 bytes\), not a tournament store/,
    code: 'not-a-store',
  },
  {
    name: 'random bytes',
    make: (path) => writeFileSync(path, randomBytes(8192)),
    message: /is not a tournament store: it does not start with the SQLite header/,
    code: 'not-a-store',
  },
  {
    name: 'a bad header',
    make: (path) => {
      soundStore(path, 4);
      const bytes = readFileSync(path);
      bytes.writeUInt16BE(1000, 16); // page size 1000: not a power of two
      writeFileSync(path, bytes);
    },
    message: /is damaged: its header gives a page size of 1000, not a power of two/,
    code: 'damaged',
  },
  {
    name: 'a truncated file',
    make: (path) => {
      soundStore(path);
      const page = pageSizeOf(path);
      const pages = statSync(path).size / page;
      truncateSync(path, Math.floor(pages / 2) * page);
    },
    message: /is truncated: its header says \d+ pages of \d+ bytes \(\d+ bytes\) but the file has \d+ bytes/,
    code: 'damaged',
  },
  {
    name: 'a corrupted page',
    // The meta table's page: every command reads it (the config), so every one of them must refuse the
    // file, whether it checks every page first (run, export, serve) or meets the page (standings).
    make: (path) => {
      soundStore(path);
      corruptRootPage(path, 'meta');
    },
    message: /is damaged: SQLite's quick_check found: /,
    code: 'damaged',
  },
  {
    name: 'a foreign SQLite database',
    make: (path) => {
      const db = new DatabaseSync(path);
      db.exec("CREATE TABLE contacts (name TEXT, phone TEXT); INSERT INTO contacts VALUES ('Ada', '1')");
      db.close();
    },
    message: /is an SQLite database but not a Jury tournament store \(its tables: contacts\)/,
    code: 'not-a-store',
  },
  {
    name: 'a schema from a future Jury',
    make: (path) => {
      soundStore(path, 4);
      const db = new DatabaseSync(path);
      db.exec('PRAGMA user_version = 99');
      db.close();
    },
    message: /has store schema version 99, written by a newer Jury; .*Upgrade Jury to open it/,
    code: 'newer-schema',
  },
];

/**
 * sha256 of every file under `dir` by relative path (folders listed as `folder`): equal snapshots mean
 * nothing changed, appeared or went.
 */
export function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      out[`${prefix}${name}/`] = 'folder';
      Object.assign(out, snapshot(path, `${prefix}${name}/`));
    } else out[prefix + name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}
