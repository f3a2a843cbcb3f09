/**
 * The tournament section's Flit record part alone: `node test/bench/tournament/flit-record-only.ts
 * [games]` plays that many real Flit games of the sample bots (default 3) through the real judge and
 * store and prints the stored bytes per game beside their floor, as `npm run bench` does. Not part of
 * `npm run bench`; take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { targetLine } from '../lib/format.ts';
import { measureFlitRecord } from './flit-record.ts';

asTheEngineRuns();

const games = Number(process.argv[2] ?? 3);
const result = await measureFlitRecord({ quick: false, log: (line) => console.log(line) }, games);
for (const target of result.targets) console.log(targetLine(target));
console.log(JSON.stringify(result.figures));
