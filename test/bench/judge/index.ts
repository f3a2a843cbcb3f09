import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { measureAccuracy } from './accuracy.ts';
import { measureConfinement } from './confinement.ts';
import { buildBots } from './bots.ts';
import { measureDeadline } from './deadline.ts';
import { measureRoundTrips, type RoundTripResults } from './overhead.ts';
import { measureStartup } from './startup.ts';
import { measureThroughput } from './throughput.ts';

/** How much each part measures, full and with --quick. */
const SIZES = {
  full: {
    rounds: 5,
    perLane: 2,
    burnsUs: [1000, 5000],
    flitTurns: 10_000,
    floorBurnGames: 5,
    shortGames: 30,
  },
  quick: { rounds: 2, perLane: 1, burnsUs: [1000], flitTurns: 1000, floorBurnGames: 1, shortGames: 10 },
};

/**
 * The judge section: how much Jury's referee adds to the time of a move, and how exactly it charges,
 * measured with tiny C bots it compiles itself (test/bench/judge/bots/), every Jury game played through
 * playMatch and the real process launcher.
 */
export const judgeSection: Section = {
  name: 'judge',
  description:
    'the judge: per-move overhead against a bare pipe floor, throughput, timing accuracy, deadlines, start-up, confinement',
  async run(ctx) {
    const size = ctx.quick ? SIZES.quick : SIZES.full;
    const bots = buildBots();
    const results: Record<string, PartResult> = {};
    try {
      let roundTrips: RoundTripResults | null = null;
      await guarded(results, 'overhead', ctx, async () => {
        roundTrips = await measureRoundTrips(ctx, bots, size.rounds);
        results['floor'] = roundTrips.floor;
        return roundTrips.overhead;
      });
      await guarded(results, 'throughput', ctx, () => measureThroughput(ctx, bots, size.perLane));
      await guarded(results, 'accuracy', ctx, () => measureAccuracy(ctx, bots, size.burnsUs));
      await guarded(results, 'deadline', ctx, () =>
        measureDeadline(ctx, bots, size.flitTurns, size.floorBurnGames),
      );
      await guarded(results, 'startup', ctx, () =>
        measureStartup(ctx, bots, size.shortGames, (roundTrips as RoundTripResults | null)?.games ?? []),
      );
      await guarded(results, 'confinement', ctx, () => measureConfinement(ctx, bots, size.shortGames));
    } finally {
      bots.dispose();
    }
    return results;
  },
};
