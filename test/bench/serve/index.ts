import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { buildBots } from '../judge/bots.ts';
import { measureSpectators } from './spectators.ts';

/** Turns of each way (no spectator, with one, with one on the judge's loop), full and with --quick. */
const TURNS = { full: 5000, quick: 1000 };

/**
 * The serve section: what `jury serve`'s spectators cost the judge. The late-turn rate of an
 * official-timing Flit game while a spectator hammers the heaviest reads of a 17,190-game event, against
 * the same game without spectators, in the same run (spectators.ts).
 */
export const serveSection: Section = {
  name: 'serve',
  description: "jury serve's spectators against the judge: late turns while one hammers the heaviest reads",
  async run(ctx) {
    const bots = buildBots();
    const results: Record<string, PartResult> = {};
    try {
      await guarded(results, 'spectators', ctx, () =>
        measureSpectators(ctx, bots, ctx.quick ? TURNS.quick : TURNS.full),
      );
    } finally {
      bots.dispose();
    }
    return results;
  },
};
