import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { measureCodecupImport } from './codecup-import.ts';
import { measureEvent } from './event.ts';
import { measureFlitRecord } from './flit-record.ts';
import { fullRecords, measureMemory, type MemoryResult } from './memory.ts';
import { fillBigStore, measureStandings, type BigStore } from './standings.ts';

/** How much each part measures, full and with --quick (null games: CodeCup's whole final). */
const SIZES = {
  full: {
    event: { players: 120, swissRounds: 24, finalists: 36 },
    standingsGames: 100_000,
    standingsRuns: 9,
    memoryGames: null,
    memoryEvery: 500,
    cappedGames: 4000,
    flitGames: 3,
  },
  quick: {
    event: { players: 40, swissRounds: 8, finalists: 12 },
    standingsGames: 20_000,
    standingsRuns: 5,
    memoryGames: 3000,
    memoryEvery: 250,
    cappedGames: 2000,
    flitGames: 1,
  },
};

/**
 * The tournament section: the manager's own cost. Memory of `jury run` over CodeCup's final at full
 * size (17,190 games, full records) in a fresh process beside its floor; the standings through the app's
 * and the CLI's own paths on 100,000 stored games and on that final's store; the manager's CPU per game
 * over a CodeCup-sized event (records prebuilt: the referee is in the judge section); `jury import codecup`
 * of a result file of that final's size and the standings of what it imported; the store's bytes per
 * Flit game, from real Flit games of the sample bots.
 */
export const tournamentSection: Section = {
  name: 'tournament',
  description:
    "the manager: jury run's memory over CodeCup's final, standings, CPU per game, bytes per Flit game",
  async run(ctx) {
    const size = ctx.quick ? SIZES.quick : SIZES.full;
    const results: Record<string, PartResult> = {};
    let memory: MemoryResult | null = null;
    let big: Promise<BigStore> | null = null;
    try {
      await guarded(results, 'memory', ctx, async () => {
        // The records first: nothing else may run in this process while the referee plays them.
        const pool = await fullRecords();
        // The 100,000-game store is then filled in this process while the memory part's processes run:
        // both need the CPU for minutes, and rss does not depend on how fast a run goes.
        big = fillBigStore(size.standingsGames);
        big.catch(() => {}); // awaited below; a failure is reported there
        memory = await measureMemory(ctx, pool, size.memoryGames, size.memoryEvery, size.cappedGames);
        return memory.result;
      });
      const finalStore = (memory as MemoryResult | null)?.store ?? null;
      await guarded(results, 'standings', ctx, async () =>
        measureStandings(
          ctx,
          await (big ?? fillBigStore(size.standingsGames)),
          size.standingsRuns,
          finalStore,
        ),
      );
      await guarded(results, 'codecup-import', ctx, () => measureCodecupImport(ctx, size.standingsRuns));
      await guarded(results, 'event', ctx, () => measureEvent(ctx, size.event));
      await guarded(results, 'flit-record', ctx, () => measureFlitRecord(ctx, size.flitGames));
    } finally {
      (memory as MemoryResult | null)?.dispose();
    }
    return results;
  },
};
