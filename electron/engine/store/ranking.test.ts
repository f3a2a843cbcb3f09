import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  refuses,
  sampleOutcome,
  sampleParticipants,
  sampleRecord,
  sampleSchedule,
} from '../../../test/integration/store/samples.ts';
import { games as registry } from '../../../shared/games/registry.ts';
import { fromOutcomes, rankEvent } from '../../../shared/tournament/ranking/index.ts';
import type { GameOutcome } from '../../../shared/tournament/types.ts';
import { JURY_VERSION } from '../version.ts';
import { migrate, MIGRATIONS, readVersion } from './migrations.ts';
import { openDatabase } from './sqlite.ts';
import { TournamentStore } from './store.ts';

// The sample records are Less games (with two seats): the totals use Less's shape.
const SHAPE = registry.less.info;
const PLAYERS = 5;

function newStore(): TournamentStore {
  const path = join(mkdtempSync(join(tmpdir(), 'jury-ranking-')), 't.sqlite');
  return TournamentStore.create(path, { seed: 7, participants: sampleParticipants(PLAYERS) });
}

/** Plain JSON, so tables without a prototype compare with parsed ones. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

function finishInOrder(store: TournamentStore, order: readonly number[]): GameOutcome[] {
  const byIndex = new Map(store.scheduled().map((g) => [g.index, g]));
  return order.map((index) => {
    const game = byIndex.get(index)!;
    store.finishGame(index, sampleOutcome(game), sampleRecord(game));
    return sampleOutcome(game);
  });
}

describe('TournamentStore.totals: the running ranking totals', () => {
  it('adds every finished game in finish order, exactly as fromOutcomes does', () => {
    const store = newStore();
    const schedule = sampleSchedule(0, 40, PLAYERS);
    store.addScheduled(schedule);
    expect(plain(store.totals())).toEqual(plain(fromOutcomes([], schedule, SHAPE)));
    // Out of schedule order, as parallel games finish.
    const order = Array.from({ length: 40 }, (_, i) => (i * 17) % 40);
    const outcomes = finishInOrder(store, order);
    const expected = fromOutcomes(outcomes, schedule, SHAPE);
    expect(plain(store.totals())).toEqual(plain(expected));
    expect(store.totals().games).toBe(40);
    // Openskill followed the finish order: schedule order gives other ratings.
    const bySchedule = fromOutcomes(
      [...outcomes].sort((a, b) => a.index - b.index),
      schedule,
      SHAPE,
    );
    expect(plain(bySchedule.skill)).not.toEqual(plain(expected.skill));
    const context = { participants: sampleParticipants(PLAYERS), shape: SHAPE };
    expect(rankEvent(store.totals(), context)).toEqual(rankEvent(expected, context));
    store.close();
  });

  it('changes nothing when a finish is refused, and rebuilds after reopened games', () => {
    const store = newStore();
    const schedule = sampleSchedule(0, 20, PLAYERS);
    store.addScheduled(schedule);
    const outcomes = finishInOrder(store, [3, 1, 0, 2, ...Array.from({ length: 16 }, (_, i) => 19 - i)]);
    const before = JSON.stringify(store.totals());
    const game = schedule[5]!;
    refuses(
      () => store.finishGames([{ index: 5, outcome: sampleOutcome(game), record: sampleRecord(game) }]),
      'already-finished',
      /game 5 is already finished/,
    );
    expect(JSON.stringify(store.totals())).toBe(before);
    store.reopenGames([1, 7]);
    const left = outcomes.filter((o) => o.index !== 1 && o.index !== 7);
    expect(plain(store.totals())).toEqual(plain(fromOutcomes(left, schedule, SHAPE)));
    // Played again, they come last in the finish order.
    const again = finishInOrder(store, [7, 1]);
    expect(plain(store.totals())).toEqual(plain(fromOutcomes([...left, ...again], schedule, SHAPE)));
    store.close();
  });

  it('reads the same totals read-only, and rebuilds entries of another layout', () => {
    const store = newStore();
    const schedule = sampleSchedule(0, 12, PLAYERS);
    store.addScheduled(schedule);
    finishInOrder(store, [0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 11, 10]);
    const totals = plain(store.totals());
    const reader = TournamentStore.open(store.path, { readOnly: true });
    expect(plain(reader.totals())).toEqual(totals);
    // A future layout (or damage) in the entries: recomputed from the outcomes in finish order.
    const db = openDatabase(store.path);
    db.db.exec(`UPDATE ranking_totals SET value = '{"version":99}' WHERE key = '["event"]'`);
    db.db.close();
    expect(plain(reader.totals())).toEqual(totals);
    expect(plain(store.totals())).toEqual(totals);
    const check = openDatabase(store.path);
    expect(
      check.db.prepare(`SELECT value FROM ranking_totals WHERE key = '["event"]'`).get()?.['value'],
    ).toMatch(/"version":1/);
    check.db.close();
    // A finishing game that meets a foreign entry rebuilds them too, itself included.
    store.addScheduled(sampleSchedule(12, 1, PLAYERS));
    const corrupt = openDatabase(store.path);
    corrupt.db.exec(`UPDATE ranking_totals SET value = '{"version":99}' WHERE key = '["event"]'`);
    corrupt.db.close();
    finishInOrder(store, [12]);
    const all = [0, 2, 1, 3, 4, 5, 6, 7, 8, 9, 11, 10, 12].map((i) =>
      sampleOutcome(sampleSchedule(i, 1, PLAYERS)[0]!),
    );
    expect(plain(store.totals())).toEqual(plain(fromOutcomes(all, sampleSchedule(0, 13, PLAYERS), SHAPE)));
    reader.close();
    store.close();
  });

  it('backfills the totals of a version 1 store when it is opened', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'jury-ranking-v1-')), 'old.sqlite');
    const db = openDatabase(path);
    migrate(db, path, MIGRATIONS.slice(0, 1));
    expect(readVersion(db).version).toBe(1);
    const schedule = sampleSchedule(0, 15, PLAYERS);
    const meta = db.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    const rows: [string, string][] = [
      ['seed', '7'],
      ['created_at', '2025-01-01T00:00:00.000Z'],
      ['jury_version', JURY_VERSION],
      ['config', JSON.stringify({ schedule: { kind: 'groups', mode: 'rounds', rounds: 3 } })],
    ];
    for (const [k, v] of rows) meta.run(k, v);
    sampleParticipants(PLAYERS).forEach((p, i) =>
      db.db
        .prepare(
          'INSERT INTO participants (id, position, name, command, executable_hash) VALUES (?, ?, ?, ?, ?)',
        )
        .run(p.id, i, p.name, JSON.stringify(p.command), p.executableHash),
    );
    // Finished out of index order: game 14 first, then 0..13; two games in the same millisecond.
    const finishedAt = (index: number): string =>
      index === 14 ? '2025-01-01T00:00:00.000Z' : `2025-01-01T00:00:0${1 + Math.floor(index / 2)}.000Z`;
    for (const g of schedule) {
      db.db
        .prepare(
          'INSERT INTO scheduled_games (idx, stage, round, seats, seed, board, match, scheduled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(g.index, g.stage, g.round, JSON.stringify(g.seats), g.seed, g.board, g.match, 'x');
      db.db
        .prepare('INSERT INTO results (idx, outcome, finished_at) VALUES (?, ?, ?)')
        .run(g.index, JSON.stringify(sampleOutcome(g)), finishedAt(g.index));
      db.db
        .prepare('INSERT INTO records (idx, record) VALUES (?, ?)')
        .run(g.index, JSON.stringify(sampleRecord(g)));
    }
    db.db.close();

    const store = TournamentStore.open(path);
    expect(store.info().schemaVersion).toBe(MIGRATIONS.length);
    const order = [14, ...Array.from({ length: 14 }, (_, i) => i)];
    const byIndex = new Map(schedule.map((g) => [g.index, g]));
    const expected = fromOutcomes(
      order.map((i) => sampleOutcome(byIndex.get(i)!)),
      schedule,
      SHAPE,
    );
    expect(plain(store.totals())).toEqual(plain(expected));
    // Its groups were planned before rounds were extended to even the counts: marked so.
    expect(store.loadConfig()).toEqual({
      schedule: { kind: 'groups', mode: 'rounds', rounds: 3, evenOut: false },
    });
    store.close();
  });

  it('leaves other configs as they were when migrating', () => {
    for (const config of [
      null,
      'text',
      { schedule: { kind: 'swiss' } },
      { schedule: { kind: 'groups', evenOut: true } },
    ]) {
      const path = join(mkdtempSync(join(tmpdir(), 'jury-ranking-v1-')), 'old.sqlite');
      const db = openDatabase(path);
      migrate(db, path, MIGRATIONS.slice(0, 1));
      db.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('config', JSON.stringify(config));
      for (const [k, v] of [
        ['seed', '1'],
        ['created_at', 'x'],
        ['jury_version', JURY_VERSION],
      ] as const)
        db.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(k, v);
      db.db.close();
      const store = TournamentStore.open(path);
      expect(store.loadConfig()).toEqual(config);
      expect(store.totals().games).toBe(0);
      store.close();
    }
  });
});
