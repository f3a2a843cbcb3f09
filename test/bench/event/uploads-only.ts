/**
 * The event section's uploads part alone (uploads.ts): `node test/bench/event/uploads-only.ts [rounds]`
 * (default 2: each round one test competition with contestants and one without). Not part of `npm run
 * bench`; take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { targetTable } from '../lib/format.ts';
import { measureUploads } from './uploads.ts';

asTheEngineRuns();

const rounds = Number(process.argv[2] ?? 2);
if (!Number.isSafeInteger(rounds) || rounds < 1) {
  console.error('usage: node test/bench/event/uploads-only.ts [rounds ≥ 1]');
  process.exit(2);
}
const result = await measureUploads({ quick: false, log: (line) => console.log(line) }, rounds);
for (const line of targetTable(result.targets)) console.log(line);
