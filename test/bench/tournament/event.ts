import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { defaultConcurrency } from '../../../electron/engine/tournament/game-player.ts';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { buildReport } from '../../../shared/tournament/standings/index.ts';
import { num } from '../lib/format.ts';
import type { BenchContext, PartResult } from '../lib/section.ts';
import { benchStore, GAME, recordPool } from './fixture.ts';
import { cpuMs, spentFigures, timedScheduler, timedStore, type Spent } from './timing.ts';

/** The simulated event: CodeCup's format with this many players, Swiss rounds and finalists. */
export interface EventSize {
  readonly players: number;
  readonly swissRounds: number;
  readonly finalists: number;
}

/** The target for the manager's own CPU per game (ms). */
const TARGET_MS = 5;

/**
 * Part 1: a whole "Swiss then final" event through the real TournamentRunner, swiss scheduler and
 * TournamentStore file. `play` returns a prebuilt record (real referee games of 6561, played once
 * before the clock starts, re-seeded per game), so all CPU the process spends during the run is the
 * manager's own: runner, scheduler, store (validation, JSON, SQLite) and the standings reads.
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
    const report = buildReport({
      participants: bench.participants,
      outcomes: bench.store.outcomes(),
      shape: GAME.info,
      scheduled: bench.store.scheduled(),
      stages: ['final'],
    });
    const rankedFinal = report.standings.filter((r) => r.games > 0).length;
    ctx.log(
      `  ${finished} games in ${num(wall / 1000, 1)} s wall, ${num(cpu / 1000, 1)} s CPU: ` +
        `${num(perGame, 2)} ms CPU per game (${rankedFinal} finalists ranked)`,
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
      },
      targets: [
        {
          name: 'manager CPU per game',
          goal: `≤ ${TARGET_MS} ms`,
          value: `${num(perGame, 2)} ms (${finished} games, ${size.players} players)`,
          pass: perGame <= TARGET_MS,
        },
      ],
    };
  } finally {
    bench.dispose();
  }
}
