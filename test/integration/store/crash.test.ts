import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { games as registry } from '../../../shared/games/registry.ts';
import { fromOutcomes } from '../../../shared/tournament/ranking/index.ts';
import type { GameOutcome } from '../../../shared/tournament/types.ts';
import { CRASH_PLAYERS, CRASH_RECORD_LINES } from './crash-writer.ts';
import { sampleOutcome, sampleRecord, sampleSchedule } from './samples.ts';

const WRITER = join(dirname(fileURLToPath(import.meta.url)), 'crash-writer.ts');
const TOTAL = 2000;
const BATCH = 25;
const KILLS = 10;

interface Run {
  readonly lines: string[];
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly stderr: string;
}

/** Runs the writer; with `killAfterMs`, SIGKILLs it that long after it reported `ready`. */
function runWriter(path: string, killAfterMs: number | null): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, path, String(TOTAL), String(BATCH)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (killAfterMs !== null && !out.includes('ready') && (out + chunk).includes('ready')) {
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ lines: out.split('\n').filter(Boolean), signal, code, stderr }),
    );
  });
}

/** Everything the store must satisfy after any crash, given the games the children reported committed. */
function checkStore(path: string, committed: ReadonlySet<number>, verified: Set<number>): Set<number> {
  const store = TournamentStore.open(path);
  try {
    expect(store.integrityCheck()).toEqual([]);
    const outcomes = store.outcomes();
    const finished = new Set(outcomes.map((o) => o.index));
    expect(finished.size).toBe(outcomes.length);
    for (const index of committed) expect(finished.has(index), `game ${index} lost`).toBe(true);
    const seats = new Map<number, string[]>();
    for (const r of store.seatRows()) seats.set(r.index, [...(seats.get(r.index) ?? []), r.participant]);
    const games = new Map(store.scheduled().map((g) => [g.index, g]));
    for (const outcome of outcomes) {
      const game = games.get(outcome.index)!;
      expect(outcome).toEqual(sampleOutcome(game));
      // Parsing a full record is the slow part: each one is compared once, when it first appears.
      if (!verified.has(outcome.index)) {
        expect(store.record(outcome.index)).toEqual(sampleRecord(game, CRASH_RECORD_LINES));
        verified.add(outcome.index);
      }
      // No half-written game: its seat rows are exactly its seats.
      expect(seats.get(outcome.index)).toEqual(game.seats);
    }
    expect(seats.size).toBe(finished.size);
    // The running totals moved in step with the seat rows.
    expect(store.seatTotals()).toEqual(store.seatTotals(undefined, true));
    // The ranking totals too: equal to the stored outcomes added again in their finish order.
    expect(plain(store.totals())).toEqual(plain(fromOutcomes(finishOrder(path), store.scheduled(), LESS)));
    expect(store.history().scheduled).toEqual(sampleSchedule(0, games.size, CRASH_PLAYERS));
    return finished;
  } finally {
    store.close();
  }
}

/** Plain JSON, so tables without a prototype compare with parsed ones. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
const LESS = registry.less.info;

/** The stored outcomes in the order their games finished (the store's `results.seq`). */
function finishOrder(path: string): GameOutcome[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db
      .prepare('SELECT outcome FROM results ORDER BY seq')
      .all()
      .map((r) => JSON.parse(String(r['outcome'])) as GameOutcome);
  } finally {
    db.close();
  }
}

/** Raw checks the API cannot see: no orphan rows in any table, no dangling references. */
function checkRaw(path: string, finished: ReadonlySet<number>): void {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const count = (sql: string): unknown => db.prepare(sql).get()?.['n'];
    expect(count('SELECT count(*) AS n FROM records WHERE idx NOT IN (SELECT idx FROM results)')).toBe(0);
    expect(count('SELECT count(*) AS n FROM results WHERE idx NOT IN (SELECT idx FROM records)')).toBe(0);
    expect(count('SELECT count(*) AS n FROM results_seats WHERE idx NOT IN (SELECT idx FROM results)')).toBe(
      0,
    );
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    expect(count('SELECT count(*) AS n FROM results')).toBe(finished.size);
  } finally {
    db.close();
  }
}

describe('store crash safety', () => {
  it(
    'loses no committed game and stores none twice across repeated SIGKILLs',
    { timeout: 120_000 },
    async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'jury-crash-')), 'cup.sqlite');
      const committed = new Set<number>();
      let kills = 0;
      let killedInGame = 0;
      let stored = new Set<number>();
      const verified = new Set<number>();
      for (let run = 0; run <= KILLS; run++) {
        const last = run === KILLS;
        const result = await runWriter(path, last ? null : Math.floor(Math.random() * 250));
        expect(result.stderr).toBe('');
        for (const line of result.lines) {
          const [word, n] = line.split(' ');
          const index = Number(n);
          // A game stored before this run (reported or not) must never be started again.
          if (word === 'start') expect(stored.has(index), `game ${index} replayed`).toBe(false);
          if (word === 'committed') committed.add(index);
        }
        if (result.signal === 'SIGKILL') {
          kills++;
          if (result.lines.at(-1)?.startsWith('start')) killedInGame++;
        } else {
          expect(result.code, result.stderr).toBe(0);
          expect(result.lines.at(-1)).toBe('done');
        }
        const finished = checkStore(path, committed, verified);
        checkRaw(path, finished);
        for (const index of stored) expect(finished.has(index), `game ${index} vanished`).toBe(true);
        stored = finished;
      }
      expect(kills).toBeGreaterThan(KILLS / 2);
      // Most kills land between `start` and `committed`: inside validation or the transaction itself.
      expect(killedInGame).toBeGreaterThan(0);
      // A kill between a commit and its `committed` line leaves a stored game the parent never heard of:
      // allowed, and that game is not replayed either (checked above), since it is not unfinished.
      expect(committed.size).toBeLessThanOrEqual(TOTAL);
      expect(stored.size).toBe(TOTAL);
      expect(verified.size).toBe(TOTAL);
    },
  );
});
