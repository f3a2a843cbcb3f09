import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuses, sampleParticipants, sampleSchedule } from '../../../test/integration/store/samples.ts';
import { JURY_VERSION } from '../version.ts';
import { openDatabase } from './sqlite.ts';
import { TournamentStore } from './store.ts';

const now = (): Date => new Date('2025-03-01T12:00:00.000Z');

function newStore(participants = 4): TournamentStore {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-store-')), 'sub', 't.sqlite');
  return TournamentStore.create(
    path,
    { seed: 42, config: { game: 'less' }, participants: sampleParticipants(participants) },
    { now },
  );
}

describe('TournamentStore: lifecycle, meta and config', () => {
  it('creates the folder and the file with the tournament facts, and reopens it', () => {
    const store = newStore();
    expect(store.info()).toEqual({
      path: store.path,
      seed: 42,
      createdAt: '2025-03-01T12:00:00.000Z',
      juryVersion: JURY_VERSION,
      schemaVersion: 3,
    });
    expect(existsSync(`${store.path}.creating`)).toBe(false);
    store.close();
    const again = TournamentStore.open(store.path);
    expect(again.loadConfig()).toEqual({ game: 'less' });
    expect(again.participants().map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
    again.close();
  });

  it('refuses to create over an existing file, and cleans up a crashed creation', () => {
    const store = newStore();
    store.close();
    refuses(() => TournamentStore.create(store.path, { seed: 1 }), 'exists', /already exists; open it/);
    const other = join(mkdtempSync(join(tmpdir(), 'jury-store-')), 'x.sqlite');
    writeFileSync(`${other}.creating`, 'left over by a crash');
    TournamentStore.create(other, { seed: 1 }).close();
    expect(TournamentStore.open(other).info().seed).toBe(1);
  });

  it('refuses to create a store under a file, naming the problem, creating nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-store-'));
    writeFileSync(join(dir, 'plain.txt'), 'x');
    refuses(
      () => TournamentStore.create(join(dir, 'plain.txt', 'sub', 't.sqlite'), { seed: 1 }),
      'invalid',
      /^cannot create .*plain\.txt\/sub\/t\.sqlite: ENOTDIR: not a directory, mkdir/,
    );
    expect(readdirSync(dir)).toEqual(['plain.txt']);
  });

  it('validates the initial values and creates nothing when they are wrong', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jury-store-')), 'bad.sqlite');
    refuses(() => TournamentStore.create(path, { seed: -1 }), 'invalid', /tournament seed/);
    refuses(
      () => TournamentStore.create(path, { seed: 1, participants: [{ id: 'a' }] }),
      'invalid',
      /participant 1: name/,
    );
    refuses(
      () => TournamentStore.create(path, { seed: 1, config: 10n }),
      'invalid',
      /config cannot be stored/,
    );
    expect(existsSync(path)).toBe(false);
    expect(existsSync(`${path}.creating`)).toBe(false);
  });

  it('saves and loads the config', () => {
    const store = newStore();
    store.saveConfig({ game: 'flit', rounds: 3 });
    expect(store.loadConfig()).toEqual({ game: 'flit', rounds: 3 });
    refuses(() => store.saveConfig(undefined), 'invalid', /config cannot be stored as JSON/);
    expect(store.loadConfig()).toEqual({ game: 'flit', rounds: 3 });
  });

  it('throws after close, and closing twice is harmless', () => {
    const store = newStore();
    store.close();
    store.close();
    refuses(() => store.counts(), 'closed', /is closed/);
  });

  it('runs with WAL, full sync, foreign keys and a busy timeout, and passes the integrity check', () => {
    const store = newStore();
    expect(store.integrityCheck()).toEqual([]);
    store.close();
    const db = openDatabase(store.path);
    const pragma = (name: string): unknown => Object.values(db.db.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    expect([pragma('journal_mode'), pragma('synchronous'), pragma('foreign_keys')]).toEqual(['wal', 2, 1]);
    expect(pragma('busy_timeout')).toBe(5000);
    db.db.close();
  });
});

describe('TournamentStore: participants', () => {
  it('adds in order, all or none', () => {
    const store = newStore(2);
    store.addParticipants([{ id: 'z', name: 'Zed', command: null, executableHash: null }]);
    expect(store.participants().map((p) => p.id)).toEqual(['p0', 'p1', 'z']);
    refuses(
      () =>
        store.addParticipants([
          { id: 'y', name: 'Y', command: null, executableHash: null },
          { id: 'p0', name: 'again', command: null, executableHash: null },
        ]),
      'conflict',
      /"p0" is already in use/,
    );
    refuses(
      () => store.addParticipants([{ id: 'w', name: '', command: null, executableHash: null }]),
      'invalid',
      /name/,
    );
    expect(store.participants().map((p) => p.id)).toEqual(['p0', 'p1', 'z']);
  });

  it('reads one, updates fields and refuses unknown ids', () => {
    const store = newStore(2);
    expect(store.participant('p1')).toEqual(sampleParticipants(2)[1]);
    expect(store.participant('nobody')).toBeNull();
    const updated = store.updateParticipant('p1', { executableHash: 'new', command: ['./bot2'] });
    expect(updated).toEqual({ id: 'p1', name: 'Player 1', command: ['./bot2'], executableHash: 'new' });
    expect(store.participant('p1')).toEqual(updated);
    refuses(() => store.updateParticipant('p1', { name: '' }), 'invalid', /participant "p1": name/);
    refuses(
      () => store.updateParticipant('nobody', { name: 'x' }),
      'conflict',
      /no participant with id "nobody"/,
    );
    expect(store.participant('p1')).toEqual(updated);
  });

  it('removes only participants that no game seats', () => {
    const store = newStore(4);
    store.addScheduled(sampleSchedule(0, 1));
    refuses(
      () => store.removeParticipant('p0'),
      'conflict',
      /"p0" cannot be removed: it is seated in game 0/,
    );
    store.removeParticipant('p3');
    expect(store.participants().map((p) => p.id)).toEqual(['p0', 'p1', 'p2']);
    refuses(() => store.removeParticipant('p3'), 'conflict', /no participant/);
  });
});
