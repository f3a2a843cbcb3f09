import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventSettingsSchema, storedEventSettingsSchema } from '../../../shared/event/settings.ts';
import { StoreError } from '../store/errors.ts';
import { TournamentStore } from '../store/store.ts';
import { EVENT_FILE } from './event-db.ts';
import { EventStore } from './event-store.ts';
import { checkUpload } from './upload.ts';

const settings = eventSettingsSchema.parse({ name: 'Club', game: 'more' });
const now = () => new Date('2026-05-01T10:00:00Z');

function refusal(work: () => unknown): StoreError {
  try {
    work();
  } catch (e) {
    if (e instanceof StoreError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('EventStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jury-event-store-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps settings, contestants and versions with their bytes across a reopen', async () => {
    const folder = join(dir, 'club');
    const store = EventStore.create(folder, settings, 'a test', now);
    const [kim] = store.addContestants([{ name: 'Kim', codeHash: 'h1' }]);
    const upload = await checkUpload({
      fileName: 'bot.c',
      bytes: new TextEncoder().encode('int main(){}\n'),
    });
    if (!upload.ok) throw new Error(upload.error.message);
    const sub = store.addSubmission(kim!.id, upload.value);
    expect(sub).toMatchObject({ version: 1, size: 13, receivedAt: '2026-05-01T10:00:00.000Z' });
    store.close();
    const again = EventStore.open(folder, 'a test', now);
    expect(again.settings()).toEqual(settings);
    expect(again.contestantByCodeHash('h1')?.name).toBe('Kim');
    expect(again.submissionBytes(sub.id)).toEqual(upload.value.bytes);
    // It holds every contestant's source: Jury's user alone may read it, and its WAL too.
    for (const file of [EVENT_FILE, `${EVENT_FILE}-wal`])
      expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    again.close();
  });

  it('allows only the states a version can move to; a refused move changes nothing', () => {
    const store = EventStore.create(join(dir, 'e'), settings, 'a test', now);
    const [kim] = store.addContestants([{ name: 'Kim', codeHash: 'h' }]);
    const bytes = new TextEncoder().encode('x');
    const sub = store.addSubmission(kim!.id, {
      kind: 'file',
      fileName: 'a.py',
      bytes,
      sha256: 'f'.repeat(64),
      language: 'python',
      buildCommand: null,
      runCommand: null,
      unpacked: { files: [], folders: [] },
    });
    expect(refusal(() => store.setStatus(sub.id, { state: 'working', log: '', smoke: SMOKE })).code).toBe(
      'conflict',
    );
    store.setStatus(sub.id, { state: 'building' });
    store.setStatus(sub.id, { state: 'build-failed', log: 'no' });
    expect(refusal(() => store.setStatus(sub.id, { state: 'building' })).message).toMatch(
      /from build-failed to building/,
    );
    expect(store.submission(sub.id)?.status).toEqual({ state: 'build-failed', log: 'no' });
    expect(refusal(() => store.addContestants([{ name: 'KIM', codeHash: 'g' }])).code).toBe('conflict');
    store.close();
  });

  it('refuses what is no event, leaving the file as it was', () => {
    const refuse = (name: string, write: (path: string) => void): StoreError => {
      const folder = join(dir, name);
      mkdirSync(folder);
      write(join(folder, EVENT_FILE));
      const before = statSync(join(folder, EVENT_FILE)).size;
      const e = refusal(() => EventStore.open(folder, 'a test', now));
      expect(statSync(join(folder, EVENT_FILE)).size).toBe(before);
      return e;
    };
    expect(refusal(() => EventStore.open(join(dir, 'none'), 'a test', now)).message).toMatch(/no event at/);
    expect(refuse('empty', (p) => writeFileSync(p, '')).message).toMatch(/an empty file/);
    expect(refuse('text', (p) => writeFileSync(p, 'hello, world\n'.repeat(20))).code).toBe('not-a-store');
    const tournament = refuse('tournament', (p) => TournamentStore.create(p, { seed: 1 }).close());
    expect(tournament.message).toMatch(/not a Jury event store/);
    const other = refuse('other', (p) => {
      const db = new DatabaseSync(p);
      db.exec('PRAGMA application_id = 7; CREATE TABLE t (x)');
      db.close();
    });
    expect(other.message).toMatch(/application_id 0x7/);
  });

  it('still opens an event stored before its final was refused (a knockout of cooperative 6561)', () => {
    const input = { name: 'Old club', game: '6561', final: { kind: 'knockout' } };
    expect(eventSettingsSchema.safeParse(input).success).toBe(false);
    const old = storedEventSettingsSchema.parse(input);
    EventStore.create(join(dir, 'old'), old, 'a test', now).close();
    const again = EventStore.open(join(dir, 'old'), 'a test', now);
    expect(again.settings()).toEqual(old);
    expect(again.settings().final).toEqual({ kind: 'knockout', gamesPerMatch: 2 });
    again.close();
  });

  it('refuses a newer schema, a second holder, and is never taken for a tournament store', () => {
    const folder = join(dir, 'club');
    EventStore.create(folder, settings, 'a test', now).close();
    const path = join(folder, EVENT_FILE);
    const held = EventStore.open(folder, 'the Jury app', now);
    expect(refusal(() => EventStore.open(folder, 'jury serve', now)).message).toMatch(
      /being run by the Jury app/,
    );
    held.close();
    expect(refusal(() => TournamentStore.open(path)).code).toBe('not-a-store');
    const db = new DatabaseSync(path);
    db.exec('PRAGMA user_version = 99');
    db.close();
    expect(refusal(() => EventStore.open(folder, 'a test', now)).code).toBe('newer-schema');
  });
});

const SMOKE = { passed: true, verdict: 'ok', dialogue: [], scores: [], statuses: [] };
