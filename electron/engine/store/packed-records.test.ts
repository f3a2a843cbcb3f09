import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../../../test/integration/store/samples.ts';
import { unpackRecord } from './record-codec.ts';
import { TournamentStore } from './store.ts';

// Records are stored packed from schema version 3 on (record-codec.ts). A store written before keeps its
// records as JSON text: read as they are, read-only without an upgrade, and never rewritten.

const games = sampleSchedule(0, 3);
const records = games.map((g) => sampleRecord(g, 40));

/** The raw `records` rows of a store file. */
function rows(path: string): Record<string, unknown>[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare('SELECT * FROM records ORDER BY idx').all();
  } finally {
    db.close();
  }
}

/**
 * A store as Jury wrote it at schema version 2: games 0 and 1 finished, their records as JSON text in
 * `records.record`, no `packed` column. (Made by this Jury, then taken back to version 2's layout.)
 */
function versionTwoStore(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-packed-')), 'old.sqlite');
  const store = TournamentStore.create(path, { seed: 3, participants: sampleParticipants(4) });
  store.addScheduled(games);
  for (const g of games.slice(0, 2)) store.finishGame(g.index, sampleOutcome(g), records[g.index]);
  store.close();
  const db = new DatabaseSync(path);
  const set = db.prepare('UPDATE records SET record = ? WHERE idx = ?');
  for (const g of games.slice(0, 2)) set.run(JSON.stringify(records[g.index]), g.index);
  db.exec('ALTER TABLE records DROP COLUMN packed; PRAGMA user_version = 2; VACUUM');
  db.close();
  return path;
}

describe('packed records in the store', () => {
  it('stores a new record packed, and reads it back equal', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jury-packed-')), 'new.sqlite');
    const store = TournamentStore.create(path, { seed: 3, participants: sampleParticipants(4) });
    try {
      store.addScheduled(games.slice(0, 1));
      store.finishGame(0, sampleOutcome(games[0]!), records[0]);
      const [row] = rows(path);
      expect(row?.['record']).toBe('');
      expect(unpackRecord(row?.['packed'] as Uint8Array)).toEqual(records[0]);
      expect(store.record(0)).toEqual(records[0]);
      expect(store.info().schemaVersion).toBe(3);
    } finally {
      store.close();
    }
  });

  it('reads a version-2 store read-only as it is, leaving the file byte for byte', () => {
    const path = versionTwoStore();
    const before = readFileSync(path);
    const store = TournamentStore.open(path, { readOnly: true });
    try {
      expect(store.info().schemaVersion).toBe(2);
      expect(store.record(0)).toEqual(records[0]);
      expect(store.record(1)).toEqual(records[1]);
      expect(store.record(2)).toBeNull();
    } finally {
      store.close();
    }
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('upgrades a version-2 store without rewriting its records, then stores new ones packed', () => {
    const path = versionTwoStore();
    const oldRows = rows(path);
    const store = TournamentStore.open(path);
    try {
      expect(store.info().schemaVersion).toBe(3);
      store.finishGame(2, sampleOutcome(games[2]!), records[2]);
      const [first, second, third] = rows(path);
      expect(first).toEqual({ ...oldRows[0], packed: null });
      expect(second).toEqual({ ...oldRows[1], packed: null });
      expect(third?.['record']).toBe('');
      expect(records.map((_, i) => store.record(i))).toEqual(records);
      // A rebuild of the ranking totals reads the game from the first record: old, then packed.
      const ranked = store.totals();
      expect(store.reopenGames([0])).toBe(1);
      expect(store.reopenGames([1])).toBe(1);
      expect(store.record(2)).toEqual(records[2]);
      expect(store.counts()).toEqual({ scheduled: 3, finished: 1, unfinished: 2 });
      expect(store.totals().games).toBe(1);
      expect(ranked.games).toBe(3);
    } finally {
      store.close();
    }
  });
});
