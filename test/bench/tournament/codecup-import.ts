import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { standingsOf } from '../../../electron/app/tournaments/standings.ts';
import { standingsCommand } from '../../../electron/cli/standings-command.ts';
import { importCodecupFile } from '../../../electron/engine/import/codecup.ts';
import type { CodecupImportNotes } from '../../../shared/tournament/codecup/notes.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { storedConfig } from '../../../electron/engine/tournament/run-store.ts';
import { num, vsFloor } from '../lib/format.ts';
import type { BenchContext, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import { CODECUP_FINAL_GAMES } from './codecup-final.ts';
import { syntheticCodecupFile } from './codecup-file.ts';

/** The target for the standings of CodeCup's final (ms), as in standings.ts. */
const TARGET_STANDINGS_MS = 20;
const TOTALS_SQL = 'SELECT key, value FROM ranking_totals';

/** p50 of `runs` timed calls of `fn` (ms), after one untimed warm-up call. */
function p50(runs: number, fn: () => unknown): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return Math.round(summarize(times).p50 * 1000) / 1000;
}

/**
 * The floor of an import: bare Node reading the same file, splitting its lines and fields, and inserting
 * one row per seat into one plain SQLite table in one transaction (no checks, no ranking totals, no
 * records).
 */
function floorImport(file: string, db: string): void {
  const text = readFileSync(file, 'utf8');
  const sqlite = new DatabaseSync(db);
  try {
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec(
      'CREATE TABLE rows (game INTEGER, round INTEGER, stage TEXT, seat TEXT, user TEXT, score REAL, status TEXT)',
    );
    const insert = sqlite.prepare('INSERT INTO rows VALUES (?, ?, ?, ?, ?, ?, ?)');
    sqlite.exec('BEGIN');
    for (const line of text.split('\n').slice(1)) {
      if (line === '') continue;
      const [g, r, s, p, u, sc, st] = line.split(',');
      insert.run(Number(g), Number(r), s ?? '', p ?? '', u ?? '', Number(sc), st ?? '');
    }
    sqlite.exec('COMMIT');
  } finally {
    sqlite.close();
  }
}

/**
 * `jury import codecup` of a synthetic file of CodeCup's final's size with the real file's quirks (names
 * with blanks, Box's statuses against failures; codecup-file.ts), and the standings of what it imported: the import (the file read, checked, stored with a record per game and the running totals) vs
 * bare node:sqlite inserting the rows; the app's `tournament.standings` and `jury standings` (in this
 * process) on the imported store vs one SELECT of its totals rows. Target: standings ≤ 20 ms.
 */
export async function measureCodecupImport(ctx: BenchContext, runs: number): Promise<PartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-import-'));
  try {
    const file = join(dir, 'final.csv');
    const made = syntheticCodecupFile();
    writeFileSync(file, made.text);
    const floorMs: number[] = [];
    const importMs: number[] = [];
    let notes: CodecupImportNotes | null = null;
    // Import and floor in turns; a fresh database each time.
    const tries = Math.max(1, Math.min(3, runs));
    for (let i = 0; i < tries; i++) {
      let t = performance.now();
      floorImport(file, join(dir, `floor-${i}.sqlite`));
      floorMs.push(performance.now() - t);
      t = performance.now();
      notes = (await importCodecupFile(file, join(dir, `import-${i}.sqlite`))).notes;
      importMs.push(performance.now() - t);
    }
    // The file's quirks went in as published and were all noticed: else the figure is of another import.
    const noticed = notes?.contradictions.rows ?? 0;
    const blanks = notes?.namesWithBlanks.length ?? 0;
    if (noticed !== made.contradictions || blanks !== made.namesWithBlanks)
      throw new Error(
        `the import noticed ${noticed} contradictions and ${blanks} names with blanks; the file has ${made.contradictions} and ${made.namesWithBlanks}`,
      );
    const db = join(dir, 'import-0.sqlite');
    const store = TournamentStore.open(db, { readOnly: true });
    const floorDb = new DatabaseSync(db, { readOnly: true });
    try {
      const games = store.counts().finished;
      if (games !== CODECUP_FINAL_GAMES)
        throw new Error(`imported ${games} games, not ${CODECUP_FINAL_GAMES}`);
      const config = storedConfig(store);
      const select = floorDb.prepare(TOTALS_SQL);
      const floor = p50(runs, () => select.all().length);
      const app = p50(runs, () => standingsOf(store, config));
      const io = { out: () => {}, err: () => {} };
      const command = p50(runs, () => standingsCommand(db, {}, io));
      const imported = summarize(importMs).p50;
      const bare = summarize(floorMs).p50;
      ctx.log(
        `  import: ${games.toLocaleString('en')} games (34,380 rows; ${noticed} Box statuses against a failure, ${blanks} names with blanks) in ${num(imported, 0)} ms, floor ${num(bare, 0)} ms`,
      );
      ctx.log(
        `  standings of the import: app ${num(app, 2)} ms, jury standings ${num(command, 2)} ms, floor ${num(floor, 2)} ms`,
      );
      const label = `CodeCup import, ${games.toLocaleString('en')} games`;
      const targets: Target[] = [
        vsFloor(`${label}: jury import codecup`, imported, bare, 'ms', null, {
          note: 'floor: bare node:sqlite inserting the rows, unchecked, no records or totals',
        }),
        ...(
          [
            ['tournament.standings of the import', app],
            ['jury standings of the import, in this process', command],
          ] as const
        ).map(([name, ms]) => ({
          ...vsFloor(`${label}: ${name}`, ms, floor, 'ms', null, {
            note: 'floor: one SELECT of the totals rows',
          }),
          goal: `≤ ${TARGET_STANDINGS_MS} ms`,
          pass: ms <= TARGET_STANDINGS_MS,
        })),
      ];
      return {
        figures: {
          games,
          contradictions: noticed,
          namesWithBlanks: blanks,
          importMs: importMs.map(Math.round),
          floorImportMs: floorMs.map(Math.round),
          appMs: app,
          commandMs: command,
          floorSelectMs: floor,
        },
        targets,
      };
    } finally {
      floorDb.close();
      store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
