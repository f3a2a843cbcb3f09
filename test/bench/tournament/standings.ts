import { standingsOf } from '../../../electron/app/tournaments/standings.ts';
import type { FinishedGame } from '../../../electron/engine/store/games.ts';
import type { TournamentConfig } from '../../../electron/engine/tournament/config.ts';
import { outcomeOf } from '../../../electron/engine/tournament/outcome.ts';
import { games as registry } from '../../../shared/games/registry.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import { fromOutcomes, rankEvent, type RankContext } from '../../../shared/tournament/ranking/index.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { num } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult, Target } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import { benchStore, recordPool, type BenchStore, type RecordPool } from './fixture.ts';

/** The targets for the leaderboard (ms): 100,000 stored games, and a CodeCup-size final. */
const TARGET_BIG_MS = 50;
const TARGET_FINAL_MS = 20;
const PLAYERS = 120;
const BATCH = 5000;
/** The games are rated as More's: 2 players, not cooperative, so W/D/L, Elo and openskill all count. */
const SHAPE = registry.more.info;

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
 * Stores `schedule` as finished games, in batches: pool records (real 6561 games, trimmed) relabelled
 * as More records, with two different scores per game so there are wins, draws and losses.
 */
async function fill(
  bench: BenchStore,
  pool: RecordPool,
  schedule: readonly ScheduledGame[],
): Promise<number> {
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

function game(index: number, stage: string, round: number, seats: string[], match: string): ScheduledGame {
  return { index, stage, round, seats, seed: deriveSeed(7, 'game', index), board: null, match };
}

/** `count` games among 120 players, every pair meeting over the run (one stage, as the old figure). */
function bigSchedule(ids: readonly string[], count: number): ScheduledGame[] {
  return Array.from({ length: count }, (_, index) => {
    const a = index % PLAYERS;
    const b = (a + 1 + (Math.floor(index / PLAYERS) % (PLAYERS - 1))) % PLAYERS;
    return game(index, 'main', 1 + Math.floor(index / 60), [ids[a] as string, ids[b] as string], `m${index}`);
  });
}

/**
 * CodeCup's final at full size: 60 bots, 11 Swiss rounds of 30 pairings × 2 games (660 games, no
 * rematches: round r pairs i with i + r), then the top 58 in a round robin of 10 games per pair (5 in
 * each seat order): 16,530 games; 17,190 in all.
 */
function finalSchedule(ids: readonly string[]): ScheduledGame[] {
  const out: ScheduledGame[] = [];
  for (let round = 1; round <= 11; round++) {
    const used = new Set<number>();
    for (let i = 0; i < 60; i++) {
      if (used.has(i)) continue;
      let j = (i + round) % 60;
      while (used.has(j) || j === i) j = (j + 1) % 60;
      used.add(i).add(j);
      const [a, b] = [ids[i] as string, ids[j] as string];
      const match = `swiss/r${round}/${a}-${b}`;
      out.push(
        game(out.length, 'swiss', round, [a, b], match),
        game(out.length + 1, 'swiss', round, [b, a], match),
      );
    }
  }
  const finalists = ids.slice(0, 58);
  for (let rep = 0; rep < 5; rep++) {
    for (let i = 0; i < 58; i++) {
      for (let j = i + 1; j < 58; j++) {
        const [a, b] = [finalists[i] as string, finalists[j] as string];
        const match = `final/${rep}/${a}-${b}`;
        out.push(
          game(out.length, 'final', rep + 1, [a, b], match),
          game(out.length + 1, 'final', rep + 1, [b, a], match),
        );
      }
    }
  }
  return out;
}

/** The leaderboard as the product computes it, its floor, and the reload-everything path, with a target. */
function measureLeaderboard(
  ctx: BenchContext,
  label: string,
  bench: BenchStore,
  runs: number,
  targetMs: number,
): { figures: Figures; target: Target } {
  const context: RankContext = { participants: bench.participants, shape: SHAPE };
  // The path the product uses: the app's tournament.standings (and jury serve's), which ranks through
  // leaderboard() with the crosstable from the pair totals; jury standings calls the same leaderboard().
  const config = { game: 'more', schedule: { kind: 'round-robin', repeats: 1 } } as TournamentConfig;
  const leaderboard = timeRuns(runs, () => standingsOf(bench.store, config));
  const read = timeRuns(runs, () => bench.store.totals());
  const totals = bench.store.totals();
  const rank = timeRuns(runs, () => rankEvent(totals, context));
  // The floor: one SQLite query over the same rows with nothing parsed, the least any reader of the
  // running totals pays (the store's ranking_totals table, read through a plain connection).
  const floor = timeRuns(runs, () => bench.countTotalsRows());
  const load = timeRuns(1, () => bench.store.outcomes());
  const outcomes = bench.store.outcomes();
  const scheduled = bench.store.scheduled();
  const recompute = timeRuns(1, () => rankEvent(fromOutcomes(outcomes, scheduled, SHAPE), context));
  const ratio = leaderboard.p50 / Math.max(floor.p50, 1e-6);
  const r = rankEvent(totals, context);
  ctx.log(
    `  ${label}: ${r.rows.length} rows, basis ${r.basis}, stages ${r.stages.map((s) => s.stage).join(', ')}`,
  );
  for (const [name, t] of Object.entries({
    'tournament.standings (standingsOf)': leaderboard,
    '  store.totals()': read,
    '  rankEvent(totals)': rank,
    'floor: SELECT the rows': floor,
    'store.outcomes()': load,
    'rankEvent(fromOutcomes)': recompute,
  }))
    ctx.log(`    ${name.padEnd(26)} p50 ${num(t.p50, 2)} ms  max ${num(t.max, 2)} ms`);
  ctx.log(
    `    ratio to the floor: ${num(ratio, 1)}× (${num(leaderboard.p50, 2)} ms vs ${num(floor.p50, 2)} ms); ` +
      `reloading every outcome instead: ${num(load.p50 + recompute.p50, 0)} ms (informative)`,
  );
  return {
    figures: {
      leaderboard,
      totals: read,
      rankEvent: rank,
      floor,
      ratio: Math.round(ratio * 100) / 100,
      loadOutcomes: load,
      fromOutcomes: recompute,
      rows: r.rows.length,
    },
    target: {
      name: `leaderboard, tournament.standings p50, ${label}`,
      goal: `≤ ${targetMs} ms`,
      value: `${num(leaderboard.p50, 2)} ms = ${num(ratio, 1)}× the floor (${num(floor.p50, 2)} ms, one SELECT of the totals rows)`,
      pass: leaderboard.p50 <= targetMs,
    },
  };
}

/**
 * Part 3: the leaderboard every view shows, as the product computes it: the app's `tournament.standings`
 * (`standingsOf`: `leaderboard()` over `store.totals()`, the running totals the store keeps as games
 * finish, and the crosstable from the pair totals). Two real store files: `count` 2-player games among
 * 120 players (100,000 in the full run), and CodeCup's final at full size (17,190 games). Beside each,
 * the floor (one plain SELECT of the same totals rows) and, for scale, reloading every outcome and
 * ranking from them.
 */
export async function measureStandings(ctx: BenchContext, count: number, runs: number): Promise<PartResult> {
  const pool = await recordPool(1, 5);
  const figures: Record<string, Figures | number> = {};
  const targets: Target[] = [];
  for (const part of ['big', 'final'] as const) {
    const bench = benchStore(part === 'big' ? PLAYERS : 60, 7);
    try {
      const ids = bench.participants.map((p) => p.id);
      const schedule = part === 'big' ? bigSchedule(ids, count) : finalSchedule(ids);
      const fillS = await fill(bench, pool, schedule);
      const label =
        part === 'big'
          ? `${schedule.length} games, ${PLAYERS} bots`
          : `final, ${schedule.length} games, 60 bots`;
      ctx.log(
        `standings: ${label} stored in ${num(fillS, 1)} s (${num((fillS * 1000) / schedule.length, 2)} ms per game, totals included)`,
      );
      const m = measureLeaderboard(ctx, label, bench, runs, part === 'big' ? TARGET_BIG_MS : TARGET_FINAL_MS);
      figures[part] = { games: schedule.length, fillS: Math.round(fillS * 100) / 100, ...m.figures };
      targets.push(m.target);
    } finally {
      bench.dispose();
    }
  }
  return { figures: { runs, ...figures }, targets };
}
