/**
 * The tournament section's CodeCup import part alone: `node test/bench/tournament/codecup-import-only.ts
 * [runs]` imports the full-size synthetic final (17,190 games, with the real file's quirks) three times
 * beside its floor and times the standings of the import, printing the targets as `npm run bench` does.
 * Not part of `npm run bench`; take the bench lock exclusively, as for any measurement.
 */
import { asTheEngineRuns } from '../lib/engine-flags.ts';
import { targetLine } from '../lib/format.ts';
import { measureCodecupImport } from './codecup-import.ts';

asTheEngineRuns();

const runs = Number(process.argv[2] ?? 9);
const result = await measureCodecupImport({ quick: false, log: (line) => console.log(line) }, runs);
for (const target of result.targets) console.log(targetLine(target));
console.log(JSON.stringify(result.figures));
