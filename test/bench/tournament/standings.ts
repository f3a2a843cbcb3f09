import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { standingsOf } from '../../../electron/app/tournaments/standings.ts';
import { openEvent } from '../../../electron/cli/open-event.ts';
import { standingsCommand } from '../../../electron/cli/standings-command.ts';
import type { FinishedGame } from '../../../electron/engine/store/games.ts';
import { TournamentStore } from '../../../electron/engine/store/store.ts';
import { parseTournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { outcomeOf } from '../../../electron/engine/tournament/outcome.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { num, vsFloor } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import { benchStore, recordPool, type BenchStore, type RecordPool } from './fixture.ts';

/** The targets for the leaderboard (ms): 100,000 stored games, and a CodeCup-size final. */
const TARGET_BIG_MS = 50;
const TARGET_FINAL_MS = 20;
const PLAYERS = 120;
const BATCH = 5000;
/** Runs of `jury standings` (each checks every page of the store; as a process it also starts Node). */
const COMMAND_RUNS = 3;
const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));
const TOTALS_SQL = 'SELECT key, value FROM ranking_totals';

/** p50 and max of `runs` timed calls of `fn` (ms), after one untimed warm-up call. */
function timeRuns(runs: number, fn: () => unknown): { p50: number; max: number } {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  const s = summarize(times);
  return { p50: Math.round(s.p50 * 1000) / 1000, max: Math.round(s.max * 1000) / 1000 };
}

/**
 * Stores `schedule` as finished games, in batches: pool records (real 6561 games, trimmed: the standings
 * read no record) relabelled as More records, with two different scores per game so there are wins,
 * draws and losses; with a stored config of a More round robin, as `jury standings` reads it.
 */
async function fill(
  bench: BenchStore,
  pool: RecordPool,
  schedule: readonly ScheduledGame[],
): Promise<number> {
  const config = parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name: 'standings benchmark',
    game: 'more',
    schedule: { kind: 'round-robin' },
    bots: bench.participants.map((p) => ({ name: p.name, sample: 'random' })),
  });
  if (!config.ok) throw new Error(config.error.message);
  bench.store.saveConfig(config.value);
  const t0 = performance.now();
  for (let from = 0; from < schedule.length; from += BATCH) {
    const games = schedule.slice(from, from + BATCH);
    bench.store.addScheduled(games);
    const finished = await Promise.all(
      games.map(async (g): Promise<FinishedGame> => {
        const base = await pool.play(g);
        const scores = [g.seed % 21, (g.seed >>> 5) % 21];
        const record = { ...base, game: 'more' as const, scores };
        return { index: g.index, outcome: outcomeOf(g, record), record };
      }),
    );
    bench.store.finishGames(finished);
  }
  return (performance.now() - t0) / 1000;
}

/** `count` games among 120 players, every pair meeting over the run (one stage). */
function bigSchedule(ids: readonly string[], count: number): ScheduledGame[] {
  return Array.from({ length: count }, (_, index) => {
    const a = index % PLAYERS;
    const b = (a + 1 + (Math.floor(index / PLAYERS) % (PLAYERS - 1))) % PLAYERS;
    const seats = [ids[a] as string, ids[b] as string];
    return {
      index,
      stage: 'main',
      round: 1 + Math.floor(index / 60),
      seats,
      seed: deriveSeed(7, 'game', index),
      board: null,
      match: `m${index}`,
    };
  });
}

/** Wall ms of a Node process running `args`, p50 of {@link COMMAND_RUNS} after a warm-up. */
function processRuns(args: readonly string[]): number {
  return timeRuns(COMMAND_RUNS, () => {
    const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr.toString().slice(-1000)}`);
  }).p50;
}

/**
 * The standings of one store file through the product's own paths, each beside its floor:
 * - the app's `tournament.standings` (standingsOf: the leaderboard over the store's running totals, with
 *   the crosstable), on the store a run holds open, and on a finished event (the app opens the store for
 *   the request and closes it again), against one plain SELECT of the same totals rows;
 * - `jury standings DB` in this process (opening the store read-only with its cheap checks, the config,
 *   the ranking, the text table), and as the command a user types (a Node process that loads the CLI),
 *   against a bare Node process doing the SELECT.
 */
function measureStore(ctx: BenchContext, label: string, path: string, runs: number, targetMs: number) {
  const store = TournamentStore.open(path);
  const floorDb = new DatabaseSync(path, { readOnly: true });
  try {
    const config = parseTournamentConfig(store.loadConfig());
    if (!config.ok) throw new Error(config.error.message);
    const select = floorDb.prepare(TOTALS_SQL);
    const floor = timeRuns(runs, () => select.all().length);
    const open = timeRuns(runs, () => standingsOf(store, config.value));
    const finished = timeRuns(runs, () => {
      const s = TournamentStore.open(path);
      try {
        return standingsOf(s, config.value);
      } finally {
        s.close();
      }
    });
    let printed = 0;
    const io = { out: (t: string) => void (printed += t.length), err: () => {} };
    const command = timeRuns(COMMAND_RUNS, () => standingsCommand(path, {}, io));
    const floorProcess = processRuns([
      '-e',
      `new (require('node:sqlite').DatabaseSync)(${JSON.stringify(path)}, { readOnly: true }).prepare(${JSON.stringify(TOTALS_SQL)}).all()`,
    ]);
    const commandProcess = processRuns([JURY, 'standings', path]);
    // What jury standings does first (open-event.ts, openEvent): open the store read-only (header,
    // schema version and tables checked) and read its config; and, for comparison, the check of every
    // page that jury run and jury export make first (it reads the whole file, records included).
    const firstStep = timeRuns(COMMAND_RUNS, () => openEvent(path).store.close());
    const checkedOpen = timeRuns(COMMAND_RUNS, () =>
      TournamentStore.open(path, { readOnly: true, quickCheck: true }).close(),
    );
    const rows = [
      ['tournament.standings, store open (a run under way)', open.p50, floor.p50],
      ['tournament.standings, finished event (store opened per request)', finished.p50, floor.p50],
      ['jury standings, in this process', command.p50, floor.p50],
      ['jury standings, the command (Node starting, the CLI loading)', commandProcess, floorProcess],
      ["jury standings' first step alone: opening the store, reading its config", firstStep.p50, floor.p50],
      [
        'the page check of every page alone (jury run and jury export open with it)',
        checkedOpen.p50,
        floor.p50,
      ],
    ] as const;
    ctx.log(`  ${label}`);
    for (const [name, ms, f] of rows)
      ctx.log(`    ${name.padEnd(66)} p50 ${num(ms, 2).padStart(8)} ms   floor ${num(f, 2)} ms`);
    // The targets are on the leaderboard as every view computes it, the command's work included;
    // the command as a process (Node's start, loading the CLI) is shown for what it is, without one.
    const targets: Target[] = rows.map(([name, ms, f], i) => {
      const t = vsFloor(`standings, ${label}: ${name}`, ms, f, 'ms', null, {
        note:
          i === 3 ? 'floor: a bare Node process doing that SELECT' : 'floor: one SELECT of the totals rows',
      });
      return i < 3 ? { ...t, goal: `≤ ${targetMs} ms`, pass: ms <= targetMs } : t;
    });
    const figures: Figures = {
      floorSelectMs: floor,
      standingsOpenMs: open,
      standingsFinishedMs: finished,
      juryStandingsInProcessMs: command,
      juryStandingsProcessMs: commandProcess,
      floorProcessMs: floorProcess,
      firstStepMs: firstStep,
      checkedOpenMs: checkedOpen,
      printedChars: printed,
    };
    return { figures, targets };
  } finally {
    floorDb.close();
    store.close();
  }
}

/** The store of `count` stored games among 120 bots, filled ahead (it takes minutes at 100,000). */
export interface BigStore {
  readonly bench: BenchStore;
  readonly count: number;
  readonly fillS: number;
}

/** Fills the big store; started while the memory part's processes run, as it needs the CPU for long. */
export async function fillBigStore(count: number): Promise<BigStore> {
  const bench = benchStore(PLAYERS, 7);
  try {
    const schedule = bigSchedule(
      bench.participants.map((p) => p.id),
      count,
    );
    const fillS = await fill(bench, await recordPool(1, 5), schedule);
    return { bench, count, fillS };
  } catch (e) {
    bench.dispose();
    throw e;
  }
}

/**
 * The standings part, through the product's paths (measureStore) on two real store files: `big`, 2-player
 * games among 120 bots (100,000 in the full run; records trimmed to 5 moves, as the standings read none),
 * and CodeCup's final that the memory part stored with full-size records (`finalStore`, when it ran).
 * Disposes of the big store.
 */
export function measureStandings(
  ctx: BenchContext,
  big: BigStore,
  runs: number,
  finalStore: string | null,
): PartResult {
  const figures: Record<string, Figures | number> = { runs };
  const targets: Target[] = [];
  try {
    ctx.log(`standings: ${big.count.toLocaleString('en')} games stored in ${num(big.fillS, 1)} s`);
    const label = `${big.count.toLocaleString('en')} games, ${PLAYERS} bots`;
    const m = measureStore(ctx, label, big.bench.store.path, runs, TARGET_BIG_MS);
    figures['big'] = { games: big.count, fillS: Math.round(big.fillS * 100) / 100, ...m.figures };
    targets.push(...m.targets);
  } finally {
    big.bench.dispose();
  }
  if (finalStore) {
    const store = TournamentStore.open(finalStore, { readOnly: true });
    const games = store.counts().finished;
    store.close();
    const label = `CodeCup's final, ${games.toLocaleString('en')} games, 60 bots, full records`;
    const m = measureStore(ctx, label, finalStore, runs, TARGET_FINAL_MS);
    figures['final'] = { games, ...m.figures };
    targets.push(...m.targets);
  } else {
    ctx.log('  the final: no store (the memory part did not run)');
  }
  return { figures, targets };
}
