/**
 * Part 4 of the judge section alone (false timeouts at one game), for a quick comparison while working on
 * the judge's wake-up: `node test/bench/judge/deadline-only.ts [turns]`. Not part of `npm run bench`;
 * take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { buildBots } from './bots.ts';
import { measureDeadline } from './deadline.ts';

asTheEngineRuns();

const turns = Number(process.argv[2] ?? 5000);
const bots = buildBots();
try {
  await measureDeadline({ quick: false, log: (line) => console.log(line) }, bots, turns, 1);
} finally {
  bots.dispose();
}
