import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { defaultConcurrency } from '../../../electron/engine/tournament/game-player.ts';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { num, vsFloor } from '../lib/format.ts';
import type { BenchContext, PartResult } from '../lib/section.ts';
import { benchStore, recordPool, type RecordPool } from './fixture.ts';
import { cpuMs, spentFigures, timedScheduler, timedStore, type Spent } from './timing.ts';

/** The simulated event: CodeCup's format with this many players, Swiss rounds and finalists. */
export interface EventSize {
  readonly players: number;
  readonly swissRounds: number;
  readonly finalists: number;
}

/** The earlier issue's target for the manager's own CPU per game (ms). */
const TARGET_MS = 5;
/** Games the floor stores. */
const FLOOR_GAMES = 500;

/**
 * The floor of the manager's work per game: each record made JSON and inserted in a transaction of its
 * own (WAL, synchronous FULL, as the store) by bare node:sqlite; CPU ms per game.
 */
async function floorCpuPerGame(pool: RecordPool): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-floor-'));
  const db = new DatabaseSync(join(dir, 'floor.db'));
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
    db.exec('CREATE TABLE records (idx INTEGER PRIMARY KEY, record TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO records (idx, record) VALUES (?, ?)');
    const records = await Promise.all(
      Array.from({ length: FLOOR_GAMES }, (_, i) =>
        pool.play({
          index: i,
          stage: 'main',
          round: 1,
          seats: ['a', 'b'],
          seed: i,
          board: null,
          match: `m${i}`,
        }),
      ),
    );
    const cpu0 = process.cpuUsage();
    records.forEach((record, i) => {
      db.exec('BEGIN');
      insert.run(i, JSON.stringify(record));
      db.exec('COMMIT');
    });
    return cpuMs(cpu0) / FLOOR_GAMES;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The manager's CPU per game: a whole "Swiss then final" event through the real TournamentRunner, swiss
 * scheduler and TournamentStore file. `play` returns a prebuilt record (real referee games of 6561,
 * played once before the clock starts, re-seeded per game), so all CPU the process spends during the run
 * is the manager's own: runner, scheduler, store (validation, JSON, SQLite). The referee is not in it:
 * the judge section's "judge CPU per game" has it, with real processes.
 */
export async function measureEvent(ctx: BenchContext, size: EventSize): Promise<PartResult> {
  const pool = await recordPool(16);
  ctx.log(
    `event: ${size.players} players, ${size.swissRounds} Swiss rounds, final of ${size.finalists}; ` +
      `records from ${16} referee games (${num(pool.refereeMs)} ms each, ${num(pool.recordBytes / 1024, 0)} KiB)`,
  );
  const bench = benchStore(size.players, 2026);
  const spent: Spent = {};
  try {
    const scheduler = schedulerFor({ kind: 'swiss', ...size, permutations: 'all' });
    const total = scheduler.total(bench.context, { scheduled: [], outcomes: new Map() });
    const slices: number[] = [];
    const every = Math.max(100, Math.round(total / 10));
    let finished = 0;
    let sliceStart = process.cpuUsage();
    const runner = new TournamentRunner({
      store: timedStore(bench.store, spent),
      scheduler: timedScheduler(scheduler, spent),
      context: bench.context,
      play: pool.play,
      concurrency: defaultConcurrency(),
      onEvent: (e) => {
        if (e.kind !== 'game-finished' || ++finished % every !== 0) return;
        slices.push(Math.round((cpuMs(sliceStart) / every) * 1000) / 1000);
        sliceStart = process.cpuUsage();
        ctx.log(`  ${finished}/${total} games, ${num(slices.at(-1) ?? NaN, 2)} ms CPU per game lately`);
      },
    });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const state = await runner.run();
    const cpu = cpuMs(cpu0);
    const wall = performance.now() - t0;
    if (state !== 'done') throw new Error(`the event ended ${state}`);
    const perGame = cpu / finished;
    const floor = await floorCpuPerGame(pool);
    const finals = new Set(
      bench.store
        .scheduled()
        .filter((g) => g.stage === 'final')
        .map((g) => g.index),
    );
    const rankedFinal = new Set(
      bench.store
        .outcomes()
        .filter((o) => finals.has(o.index))
        .flatMap((o) => o.seats),
    ).size;
    ctx.log(
      `  ${finished} games in ${num(wall / 1000, 1)} s wall, ${num(cpu / 1000, 1)} s CPU: ` +
        `${num(perGame, 2)} ms CPU per game (${rankedFinal} finalists ranked); floor ${num(floor, 2)} ms`,
    );
    for (const [name, s] of Object.entries(spentFigures(spent, finished)))
      ctx.log(`    ${name.padEnd(20)} ${num(s['msPerGame'] ?? NaN, 3)} ms/game  (${s['calls']} calls)`);
    return {
      figures: {
        ...size,
        games: finished,
        concurrency: defaultConcurrency(),
        wallS: Math.round(wall) / 1000,
        cpuS: Math.round(cpu) / 1000,
        cpuMsPerGame: Math.round(perGame * 1000) / 1000,
        cpuMsPerGameBySlice: slices,
        sliceGames: every,
        breakdown: spentFigures(spent, finished),
        recordBytes: Math.round(pool.recordBytes),
        refereeMsPerGame: Math.round(pool.refereeMs * 1000) / 1000,
        finalistsRanked: rankedFinal,
        floorCpuMsPerGame: Math.round(floor * 1000) / 1000,
      },
      targets: [
        {
          ...vsFloor(
            'manager CPU per game (runner, scheduler, store; records prebuilt, no referee)',
            perGame,
            floor,
            'ms',
            null,
            {
              note: `${finished} games, ${size.players} players; floor: JSON and one insert per game, bare node:sqlite`,
            },
          ),
          goal: `≤ ${TARGET_MS} ms`,
          pass: perGame <= TARGET_MS,
        },
      ],
    };
  } finally {
    bench.dispose();
  }
}
