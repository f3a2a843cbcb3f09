import { availableParallelism } from 'node:os';
import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { measureAccuracy } from './accuracy.ts';
import { buildBots } from './bots.ts';
import { measureDeadline } from './deadline.ts';
import { measureGamePhases } from './game-phases.ts';
import { measureGameStart } from './game-start.ts';
import { measurePerMove } from './per-move.ts';
import { measureThroughput } from './throughput.ts';

/** How much each part measures, full and with --quick. */
const SIZES = {
  full: {
    // Games per lane: a game's median span depends on where the scheduler put the judge and the bots
    // (per game 29–76 µs for the floor alone on the 2-vCPU VM), so few games make a noisy median.
    rounds: 12,
    perLane: 2,
    throughputRounds: 3,
    phaseGames: 6,
    starts: 30,
    burnsUs: [1000, 5000],
    flitTurns: 10_000,
  },
  quick: {
    rounds: 2,
    perLane: 1,
    throughputRounds: 1,
    phaseGames: 2,
    starts: 8,
    burnsUs: [1000],
    flitTurns: 1000,
  },
};

/**
 * The judge section: what the bots feel of the judge, each figure beside its floor (bare Node relaying
 * the same recorded lines between the same C bots over pipes, test/bench/judge/floor.ts) measured in the
 * same run: per move (stamped inside the bots), throughput, game start, deadlines, the judge's CPU per
 * game, and how exactly it charges CPU time. Every Jury game is played through the real engine with real
 * processes, confined as on this machine.
 */
export const judgeSection: Section = {
  name: 'judge',
  description:
    'the judge against a bare relay: per move, throughput, game start, deadlines, CPU per game, accuracy',
  async run(ctx) {
    const size = ctx.quick ? SIZES.quick : SIZES.full;
    const cores = availableParallelism();
    const bots = buildBots();
    const results: Record<string, PartResult> = {};
    try {
      let judgeCpu: PartResult | null = null;
      await guarded(results, 'perMove', ctx, async () => {
        const r = await measurePerMove(ctx, bots, size.rounds);
        judgeCpu = r.judgeCpu;
        return r.perMove;
      });
      if (judgeCpu) results['judgeCpu'] = judgeCpu; // after the per-move figures, which it comes from
      await guarded(results, 'throughput', ctx, () =>
        measureThroughput(ctx, bots, size.perLane, size.throughputRounds),
      );
      await guarded(results, 'gamePhases', ctx, () => measureGamePhases(ctx, bots, size.phaseGames));
      await guarded(results, 'gameStart', ctx, () => measureGameStart(ctx, bots, size.starts));
      await guarded(results, 'deadline', ctx, () => measureDeadline(ctx, bots, size.flitTurns, cores));
      await guarded(results, 'accuracy', ctx, () => measureAccuracy(ctx, bots, size.burnsUs));
    } finally {
      bots.dispose();
    }
    return results;
  },
};
