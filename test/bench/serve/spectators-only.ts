/**
 * The serve section's spectators part alone (spectators.ts): `node test/bench/serve/spectators-only.ts
 * [turns]` (default 5000 each way). Not part of `npm run bench`; take the bench lock exclusively, as for
 * any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { buildBots } from '../judge/bots.ts';
import { targetTable } from '../lib/format.ts';
import { measureSpectators } from './spectators.ts';

asTheEngineRuns();

const turns = Number(process.argv[2] ?? 5000);
const bots = buildBots();
try {
  const result = await measureSpectators({ quick: false, log: (line) => console.log(line) }, bots, turns);
  for (const line of targetTable(result.targets)) console.log(line);
} finally {
  bots.dispose();
}
