import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { measureEvent } from './event.ts';
import { measureMemory } from './memory.ts';
import { measureStandings } from './standings.ts';

/** How much each part measures, full and with --quick. */
const SIZES = {
  full: {
    event: { players: 120, swissRounds: 24, finalists: 36 },
    standingsGames: 100_000,
    standingsRuns: 9,
    // 240 × 37 Swiss games + a 36-player double round robin: 10,140 games.
    memory: { players: 240, swissRounds: 37, finalists: 36 },
    memoryEvery: 500,
  },
  quick: {
    event: { players: 40, swissRounds: 8, finalists: 12 },
    standingsGames: 20_000,
    standingsRuns: 5,
    memory: { players: 120, swissRounds: 6, finalists: 24 },
    memoryEvery: 250,
  },
};

/**
 * The tournament section: the manager's own cost, with in-process instant 6561 players whose records
 * come from real referee games. A CodeCup-sized event (Swiss then final) through the real runner,
 * scheduler and store file; the leaderboard over 100,000 stored games and over a CodeCup-size final;
 * memory over 10,000 games.
 */
export const tournamentSection: Section = {
  name: 'tournament',
  description: 'the manager: CPU per game of a 120-player event, the leaderboard on 100,000 games, memory',
  async run(ctx) {
    const size = ctx.quick ? SIZES.quick : SIZES.full;
    const results: Record<string, PartResult> = {};
    // Memory first: the later parts leave large heaps (100,000 outcomes) that would blur its curve.
    await guarded(results, 'memory', ctx, () => measureMemory(ctx, size.memory, size.memoryEvery));
    await guarded(results, 'event', ctx, () => measureEvent(ctx, size.event));
    await guarded(results, 'standings', ctx, () =>
      measureStandings(ctx, size.standingsGames, size.standingsRuns),
    );
    return results;
  },
};
