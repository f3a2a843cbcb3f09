import type { FinishedGame } from '../../../electron/engine/store/games.ts';
import { outcomeOf } from '../../../electron/engine/tournament/outcome.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import { buildReport, computeStandings } from '../../../shared/tournament/standings/index.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { num } from '../lib/format.ts';
import type { BenchContext, Figures, PartResult } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';
import { benchStore, GAME, recordPool } from './fixture.ts';

/** The target for the standings query (ms). */
const TARGET_MS = 50;
const PLAYERS = 120;
const BATCH = 5000;

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
 * Part 2: a store holding `count` finished games (120 players, real but trimmed 6561 records, scores
 * varied per game), filled with `finishGames` in batches. Times the standings query as the store answers
 * it (`seatTotals`, from the running totals table: the target), the same totals recomputed from every
 * seat row, and the full in-memory path: loading every outcome, `computeStandings`, `buildReport`.
 */
export async function measureStandings(ctx: BenchContext, count: number, runs: number): Promise<PartResult> {
  const pool = await recordPool(1, 5);
  const bench = benchStore(PLAYERS, 7);
  try {
    const ids = bench.participants.map((p) => p.id);
    const t0 = performance.now();
    for (let from = 0; from < count; from += BATCH) {
      const games: ScheduledGame[] = [];
      for (let index = from; index < Math.min(count, from + BATCH); index++) {
        const a = index % PLAYERS;
        const b = (a + 1 + (Math.floor(index / PLAYERS) % (PLAYERS - 1))) % PLAYERS;
        const seats = [ids[a] as string, ids[b] as string];
        const seed = deriveSeed(7, 'game', index);
        games.push({
          index,
          stage: 'swiss',
          round: 1 + Math.floor(index / 60),
          seats,
          seed,
          board: null,
          match: `m${index}`,
        });
      }
      bench.store.addScheduled(games);
      const finished = await Promise.all(
        games.map(async (g): Promise<FinishedGame> => {
          const base = await pool.play(g);
          const score = g.seed % 60;
          const record = { ...base, scores: [score, score] };
          return { index: g.index, outcome: outcomeOf(g, record), record };
        }),
      );
      bench.store.finishGames(finished);
    }
    const fillS = (performance.now() - t0) / 1000;
    ctx.log(`standings: ${count} games stored in ${num(fillS, 1)} s; timing ${runs} runs of each query`);
    const totals = timeRuns(runs, () => bench.store.seatTotals());
    const fromRows = timeRuns(Math.min(runs, 5), () => bench.store.seatTotals(undefined, true));
    const load = timeRuns(Math.min(runs, 3), () => bench.store.outcomes());
    const outcomes = bench.store.outcomes();
    const standings = timeRuns(Math.min(runs, 5), () =>
      computeStandings(bench.participants, outcomes, GAME.info),
    );
    const report = timeRuns(1, () =>
      buildReport({ participants: bench.participants, outcomes, shape: GAME.info }),
    );
    const rows: Figures = {
      seatTotals: totals,
      seatTotalsFromRows: fromRows,
      loadOutcomes: load,
      computeStandings: standings,
      buildReport: report,
    };
    for (const [name, r] of Object.entries({
      seatTotals: totals,
      'seatTotals(fromRows)': fromRows,
      'store.outcomes()': load,
      computeStandings: standings,
      buildReport: report,
    }))
      ctx.log(`  ${name.padEnd(22)} p50 ${num(r.p50, 1)} ms  max ${num(r.max, 1)} ms`);
    const fullPath = load.p50 + standings.p50;
    ctx.log(
      `  from outcomes (load + computeStandings): ${num(fullPath, 1)} ms (informative; the target is judged on seatTotals)`,
    );
    return {
      figures: {
        games: count,
        players: PLAYERS,
        fillS: Math.round(fillS * 100) / 100,
        runs,
        ...rows,
        fromOutcomesMs: Math.round(fullPath * 1000) / 1000,
      },
      targets: [
        {
          name: 'standings query (seatTotals p50)',
          goal: `≤ ${TARGET_MS} ms`,
          value: `${num(totals.p50, 2)} ms over ${count} games`,
          pass: totals.p50 <= TARGET_MS,
        },
      ],
    };
  } finally {
    bench.dispose();
  }
}
