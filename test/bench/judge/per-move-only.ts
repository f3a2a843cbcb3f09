/**
 * Part 1 of the judge section alone (per move, and the judge's CPU per game), for a quick comparison
 * while working on the hot path: `node test/bench/judge/per-move-only.ts [rounds]`. Not part of
 * `npm run bench`; take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { buildBots } from './bots.ts';
import { measurePerMove } from './per-move.ts';

asTheEngineRuns();

const rounds = Number(process.argv[2] ?? 3);
const bots = buildBots();
try {
  await measurePerMove({ quick: false, log: (line) => console.log(line) }, bots, rounds);
} finally {
  bots.dispose();
}
