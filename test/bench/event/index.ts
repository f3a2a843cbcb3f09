import { guarded, type PartResult, type Section } from '../lib/section.ts';
import { measureUploads } from './uploads.ts';

/**
 * Rounds of the uploads part: each one test competition with contestants and one without (ABBA), full
 * and with --quick. `node test/bench/event/uploads-only.ts <rounds>` runs longer.
 */
const ROUNDS = { full: 2, quick: 1 };

/**
 * The event section: what an event's contestants cost the judge (issue 26). The late-turn rate of a
 * test competition of an official-timing Flit event worked by `jury serve --event` while 30
 * contestants upload and browse, against the same competition alone, in the same run (uploads.ts).
 */
export const eventSection: Section = {
  name: 'event',
  description: "jury serve --event's contestants against the judge: late turns while 30 upload and browse",
  async run(ctx) {
    const results: Record<string, PartResult> = {};
    await guarded(results, 'uploads', ctx, () => measureUploads(ctx, ctx.quick ? ROUNDS.quick : ROUNDS.full));
    return results;
  },
};
