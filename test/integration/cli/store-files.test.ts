import { createHash } from 'node:crypto';
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../electron/engine/store/sqlite.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { soundStore } from '../../helpers/bad-stores.ts';
import { jury, juryIn, smallEvent, writeJson, type JuryResult } from './jury-process.ts';

// The store's files belong to the store: `jury export` never writes over the store or one of its
// companions (-wal, -shm, -journal, .lock), however the path is spelled; and a command that only reads a
// store (`jury standings`, `jury export`) leaves its folder as it found it, refused or not, without ever
// taking away the -wal of a writer that is still at work.

/** Several `jury` processes per test, on a 2-core machine that runs other suites at the same time. */
const SLOW = 90_000;
const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-store-files-'));

/** Every entry below `dir`: a file's hash, a folder, or where a symbolic link points (even nowhere). */
function snapshot(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) out[prefix + name] = `-> ${readlinkSync(path)}`;
    else if (stat.isDirectory()) {
      out[`${prefix}${name}/`] = 'folder';
      Object.assign(out, snapshot(path, `${prefix}${name}/`));
    } else out[prefix + name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

/** Asserts a refusal: exit code 2, nothing on stdout, one stderr line matching `message`, no stack. */
function refused(result: JuryResult, message: RegExp): void {
  expect(result).toMatchObject({ code: 2, out: '' });
  expect(result.err).toMatch(message);
  expect(result.err.trimEnd().split('\n')).toHaveLength(1);
  expect(result.err).not.toMatch(/\n\s+at /);
}

/** A finished store of the small event, made once by `jury run`; each test works on its own copy. */
let played: string;

beforeAll(async () => {
  const dir = folder();
  played = join(dir, 'played.sqlite');
  const ran = await jury('run', writeJson(dir, 'event.json', smallEvent), '--db', played);
  expect(ran.code, ran.err).toBe(0);
}, SLOW);

/** A folder holding a copy of the played store as `club.sqlite`. */
function club(): { dir: string; db: string } {
  const dir = folder();
  const db = join(dir, 'club.sqlite');
  copyFileSync(played, db);
  return { dir, db };
}

describe('jury export refuses to write over the store or one of its files', () => {
  it(
    'the store, its -wal, -shm, -journal and .lock, by any spelling, symbolic or hard link: exit 2, nothing changed',
    async () => {
      const { dir } = club();
      mkdirSync(join(dir, 'x'));
      symlinkSync('club.sqlite', join(dir, 'link.json'));
      symlinkSync('club.sqlite-wal', join(dir, 'to-wal.csv')); // points at a file that is not there (yet)
      symlinkSync(dir, join(dir, 'here'));
      symlinkSync('club.sqlite', join(dir, 'alias.sqlite'));
      linkSync(join(dir, 'club.sqlite'), join(dir, 'hard.json'));
      const before = snapshot(dir);
      const cases: [string, string[]][] = [
        ['club.sqlite', ['--format', 'json', '--out', 'club.sqlite']],
        ['club.sqlite', ['--format', 'csv', '--out', './x/../club.sqlite']],
        ['club.sqlite', ['--format', 'html', '--out', join(dir, 'here', 'club.sqlite')]],
        ['club.sqlite', ['--format', 'json', '--out', 'link.json']],
        ['club.sqlite', ['--format', 'json', '--out', 'hard.json']],
        ['club.sqlite', ['--format', 'csv', '--out', 'club.sqlite-wal']],
        ['club.sqlite', ['--format', 'csv', '--out', 'to-wal.csv']],
        ['club.sqlite', ['--format', 'html', '--out', 'club.sqlite-shm']],
        ['club.sqlite', ['--format', 'json', '--out', 'x/../club.sqlite-journal']],
        ['club.sqlite', ['--format', 'json', '--out', 'club.sqlite.lock']],
        ['club.sqlite', ['--format', 'transcripts', '--out', 'club.sqlite-wal']],
        // The store named through a link: its files are the linked store's.
        ['alias.sqlite', ['--format', 'csv', '--out', 'club.sqlite-wal']],
        ['alias.sqlite', ['--format', 'json', '--out', 'club.sqlite']],
      ];
      const results = await Promise.all(
        cases.map(([db, args]) => juryIn({ cwd: dir }, 'export', db, ...args)),
      );
      for (const [i, result] of results.entries()) {
        const [db, args] = cases[i] ?? ['', []];
        const out = args[3] ?? '';
        refused(
          result,
          new RegExp(
            `^jury: --out: ${escape(out)} is (the tournament database ${escape(db)} itself|the ` +
              `(-wal|-shm|-journal|run lock) file of the tournament database ${escape(db)}); give another path\\n$`,
          ),
        );
      }
      expect(snapshot(dir)).toEqual(before);
    },
    SLOW,
  );

  it(
    'after a crash, the -wal holding the last games: refused too, and every game is still there',
    async () => {
      const { dir, db } = club();
      // A writer that has not checkpointed its last commit: it stands for a run killed with kill -9.
      const writer = new DatabaseSync(db);
      writer.exec('PRAGMA wal_autocheckpoint = 0');
      writer.exec(`INSERT INTO meta (key, value) VALUES ('note', 'only in the -wal')`);
      try {
        expect(statSync(`${db}-wal`).size).toBeGreaterThan(0);
        const before = snapshot(dir);
        refused(
          await juryIn({ cwd: dir }, 'export', 'club.sqlite', '--format', 'json', '--out', 'club.sqlite-wal'),
          /^jury: --out: club\.sqlite-wal is the -wal file of the tournament database club\.sqlite; give another path\n$/,
        );
        expect(snapshot(dir)).toEqual(before);
      } finally {
        writer.close();
      }
      const standings = await jury('standings', db);
      expect(standings.code, standings.err).toBe(0);
      expect(standings.out).toMatch(/6 of 6 scheduled games finished/);
      const note = openDatabase(db, { readOnly: true });
      expect(note.sql(`SELECT value FROM meta WHERE key = 'note'`).get()).toEqual({
        value: 'only in the -wal',
      });
      note.close();
    },
    SLOW,
  );
});

describe('a command that only reads a store leaves its folder as it found it', () => {
  it(
    'jury standings and jury export, answering or refusing: no -wal, no -shm left beside the store',
    async () => {
      const { dir, db } = club();
      // A store whose stored config is not valid: refused after it was opened.
      const bad = join(dir, 'bad.sqlite');
      soundStore(bad, 4, null);
      const out = folder();
      const before = snapshot(dir);
      // One after the other: readers that overlap may leave the two empty files (see sqlite.ts).
      for (const args of [
        ['standings', db],
        ['standings', db, '--json', '--crosstable'],
        ['export', db, '--format', 'csv', '--out', join(out, 'r.csv')],
        ['export', db, '--format', 'html', '--out', join(out, 'report', 'index.html')],
      ]) {
        const r = await jury(...args);
        expect(r.code, r.err).toBe(0);
      }
      for (const args of [
        ['standings', bad],
        ['export', bad, '--format', 'json', '--out', join(out, 'r.json')],
      ]) {
        refused(await jury(...args), /^jury: .*bad\.sqlite: the stored config is not valid: .*\n$/);
      }
      expect(snapshot(dir)).toEqual(before);
      expect(readdirSync(dir).sort()).toEqual(['bad.sqlite', 'club.sqlite']);
    },
    SLOW,
  );

  it(
    'never takes away the -wal of a writer at work: its uncheckpointed commit is read and kept',
    async () => {
      const { dir, db } = club();
      const writer = new DatabaseSync(db);
      writer.exec('PRAGMA wal_autocheckpoint = 0');
      try {
        writer.exec(`INSERT INTO meta (key, value) VALUES ('note', 'written while readers read')`);
        const wal = statSync(`${db}-wal`);
        const results = await Promise.all([
          jury('standings', db, '--json'),
          jury('export', db, '--format', 'json', '--out', join(folder(), 'r.json')),
        ]);
        for (const r of results) expect(r.code, r.err).toBe(0);
        // Still the writer's file, as big as it was: nothing checkpointed or removed under it.
        expect(statSync(`${db}-wal`)).toMatchObject({ ino: wal.ino, size: wal.size });
        writer.exec(`INSERT INTO meta (key, value) VALUES ('later', 'after the readers')`);
      } finally {
        writer.close();
      }
      const store = TournamentStore.open(db, { readOnly: true });
      try {
        expect(store.counts()).toMatchObject({ finished: 6 });
      } finally {
        store.close();
      }
      const check = openDatabase(db, { readOnly: true });
      expect(check.sql(`SELECT count(*) AS n FROM meta WHERE key IN ('note', 'later')`).get()).toEqual({
        n: 2,
      });
      check.close();
      expect(readdirSync(dir).sort()).toEqual(['club.sqlite']);
    },
    SLOW,
  );
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
