/**
 * Parts 2 and 2b of the judge section alone (throughput, and one game's phases), for a quick comparison
 * while working on a game's start and end: `node test/bench/judge/throughput-only.ts [rounds]`. Not part
 * of `npm run bench`; take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { buildBots } from './bots.ts';
import { measureGamePhases } from './game-phases.ts';
import { measureThroughput } from './throughput.ts';

asTheEngineRuns();

const rounds = Number(process.argv[2] ?? 2);
const bots = buildBots();
const ctx = { quick: false, log: (line: string) => console.log(line) };
try {
  await measureThroughput(ctx, bots, 2, rounds);
  await measureGamePhases(ctx, bots, 4);
} finally {
  bots.dispose();
}
