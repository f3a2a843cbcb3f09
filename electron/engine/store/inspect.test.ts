import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { BAD_STORES, snapshot, soundStore } from '../../../test/helpers/bad-stores.ts';
import { refuses } from '../../../test/integration/store/samples.ts';
import { STORE_APPLICATION_ID, STORE_SCHEMA_VERSION } from './migrations.ts';
import { parseHeader } from './header.ts';
import { inspectStoreFile } from './inspect.ts';
import { TournamentStore } from './store.ts';

const folder = (): string => mkdtempSync(join(tmpdir(), 'jury-inspect-'));
const escape = (path: string): string => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('opening a file that is no sound Jury store', () => {
  for (const bad of BAD_STORES) {
    it(`refuses ${bad.name} read-write, read-only and for a run, leaving the folder byte for byte as it was`, () => {
      const dir = folder();
      const path = join(dir, 'event.sqlite');
      bad.make(path);
      const before = snapshot(dir);
      const message = new RegExp(`^${escape(path)} ${bad.message.source}`);
      for (const options of [{}, { readOnly: true }, { lock: 'jury run test' }]) {
        refuses(() => TournamentStore.open(path, { ...options, quickCheck: true }), bad.code, message);
        // No WAL switch, no page written, no -wal, -shm or lock file left beside it.
        expect(snapshot(dir)).toEqual(before);
      }
    });
  }

  it('finds a damaged page only with quickCheck, which the run and the CLI ask for', () => {
    const dir = folder();
    const path = join(dir, 'event.sqlite');
    const corrupted = BAD_STORES.find((b) => b.name === 'a corrupted page');
    corrupted?.make(path);
    expect(inspectStoreFile(path)).toBe(STORE_SCHEMA_VERSION);
    refuses(() => inspectStoreFile(path, { quickCheck: true }), 'damaged', /quick_check found/);
  });

  it('refuses a missing file, a folder and SQLite files that only look like stores', () => {
    const dir = folder();
    refuses(() => inspectStoreFile(join(dir, 'none.sqlite')), 'not-a-store', /^no tournament store at /);
    mkdirSync(join(dir, 'folder.sqlite'));
    refuses(
      () => inspectStoreFile(join(dir, 'folder.sqlite')),
      'not-a-store',
      /is a folder, not a tournament/,
    );

    const other = join(dir, 'other.sqlite');
    const db = new DatabaseSync(other);
    db.exec('PRAGMA application_id = 1234; CREATE TABLE t (a)');
    db.close();
    refuses(() => inspectStoreFile(other), 'not-a-store', /of another program \(application_id 0x4d2\)/);

    const hollow = join(dir, 'hollow.sqlite');
    const marked = new DatabaseSync(hollow);
    marked.exec(
      `PRAGMA application_id = ${STORE_APPLICATION_ID}; PRAGMA user_version = 1; CREATE TABLE meta (a)`,
    );
    marked.close();
    refuses(
      () => inspectStoreFile(hollow),
      'damaged',
      /marked as a Jury store but has no participants table/,
    );

    const short = join(dir, 'short.sqlite');
    writeFileSync(short, 'SQLite format 3\u0000abc');
    refuses(
      () => inspectStoreFile(short),
      'damaged',
      /has only 19 bytes, less than SQLite's 100-byte header/,
    );
  });

  it('opens a sound store, also while another connection has it open in WAL mode', () => {
    const dir = folder();
    const path = join(dir, 'event.sqlite');
    soundStore(path, 4);
    expect(snapshot(dir)).toEqual({ 'event.sqlite': expect.any(String) });
    expect(inspectStoreFile(path, { quickCheck: true })).toBe(STORE_SCHEMA_VERSION);
    const writer = TournamentStore.open(path);
    writer.saveConfig({ changed: true });
    // The change sits in the -wal file: the check reads through it.
    const reader = TournamentStore.open(path, { readOnly: true, quickCheck: true });
    expect(reader.loadConfig()).toEqual({ changed: true });
    reader.close();
    writer.close();
  });
});

describe('parseHeader', () => {
  it('tells bytes that are not SQLite from a damaged SQLite header', () => {
    expect(parseHeader(Buffer.from('PK\u0003\u0004'))).toMatchObject({ ok: false, kind: 'not-sqlite' });
    expect(parseHeader(Buffer.alloc(0))).toMatchObject({ ok: false, kind: 'not-sqlite' });
    expect(parseHeader(Buffer.from('SQLite f'))).toMatchObject({ ok: false, kind: 'damaged' });
    const header = Buffer.alloc(100);
    header.write('SQLite format 3\u0000', 'latin1');
    header.writeUInt16BE(4096, 16);
    header.writeUInt8(2, 18);
    header.writeUInt8(2, 19);
    header.writeUInt8(64, 21);
    header.writeUInt8(32, 22);
    header.writeUInt8(32, 23);
    header.writeUInt32BE(7, 24);
    header.writeUInt32BE(12, 28);
    header.writeUInt32BE(7, 92);
    header.writeInt32BE(3, 60);
    header.writeUInt32BE(STORE_APPLICATION_ID, 68);
    expect(parseHeader(header)).toEqual({
      ok: true,
      header: { pageSize: 4096, wal: true, pages: 12, userVersion: 3, applicationId: STORE_APPLICATION_ID },
    });
    header.writeUInt32BE(8, 92); // a stale size field does not count
    expect(parseHeader(header)).toMatchObject({ ok: true, header: { pages: null } });
    header.writeUInt8(3, 19);
    expect(parseHeader(header)).toMatchObject({ ok: false, kind: 'damaged', problem: /versions 2\/3/ });
  });
});
