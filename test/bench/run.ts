/**
 * `npm run bench [-- --section NAME ...] [--quick]`: Jury's benchmark. Runs the selected sections (all by
 * default), prints their figures and targets, and writes them to test/bench/results/<section>-<time>.json
 * and results/latest.json. A measuring tool, not a test: not run by `npm test`, and a missed target never
 * makes it fail (the exit code is 0 unless the command line is wrong).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cliSection } from './cli/index.ts';
import { eventSection } from './event/index.ts';
import { judgeSection } from './judge/index.ts';
import { rendererSection } from './renderer/index.ts';
import { serveSection } from './serve/index.ts';
import { tournamentSection } from './tournament/index.ts';
import { workersSection } from './workers/index.ts';
import { asTheEngineRuns } from './lib/engine-flags.ts';
import { heading, targetTable } from './lib/format.ts';
import type { BenchContext, Figures, PartResult, Section } from './lib/section.ts';

/** Every section; a later one (a tournament simulation) is one more entry. */
const SECTIONS: readonly Section[] = [
  judgeSection,
  tournamentSection,
  rendererSection,
  workersSection,
  serveSection,
  eventSection,
  cliSection,
];

const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

function usage(): string {
  return [
    'usage: npm run bench [-- --section NAME ...] [--quick]',
    '  --section NAME  run only this section (repeatable); all by default',
    '  --quick         smaller counts, for a quick look (less stable figures)',
    'sections:',
    ...SECTIONS.map((s) => `  ${s.name.padEnd(10)} ${s.description}`),
  ].join('\n');
}

/** The 1, 5 and 15 minute load averages, rounded. */
function loadAverage(): number[] {
  return loadavg().map((l) => Math.round(l * 100) / 100);
}

/** The machine the figures belong to. */
function machine(): Figures {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cpus: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: loadAverage(),
    platform: process.platform,
    kernel: release(),
    node: process.version,
    nodeFlags: process.execArgv.join(' '),
  };
}

async function main(): Promise<number> {
  // Measured as the engine runs: `jury` and the app's engine host start Node with the engine's V8 flags.
  asTheEngineRuns();
  let args;
  try {
    args = parseArgs({
      options: {
        section: { type: 'string', multiple: true },
        quick: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${usage()}`);
    return 2;
  }
  if (args.help) {
    console.log(usage());
    return 0;
  }
  const names = args.section ?? SECTIONS.map((s) => s.name);
  const unknown = names.filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length > 0) {
    console.error(`unknown section ${unknown.join(', ')}\n${usage()}`);
    return 2;
  }
  const ctx: BenchContext = { quick: args.quick, log: (l) => console.log(l) };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const env = machine();
  console.log(
    `Jury benchmark ${args.quick ? '(quick) ' : ''}on ${env.cpus} × ${env.cpu}, ${env.platform} ${env.kernel}, Node ${env.node}, load average ${loadAverage().join(' ')}`,
  );
  const all: Record<string, Figures> = {};
  const summary: string[] = [];
  for (const section of SECTIONS.filter((s) => names.includes(s.name))) {
    // The machine as this section starts: its load average is the section's own "before".
    const sectionEnv = machine();
    const started = performance.now();
    let parts: Readonly<Record<string, PartResult>> = {};
    let error: string | null = null;
    try {
      parts = await section.run(ctx);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      console.log(`\nsection ${section.name} could not run: ${error}`);
    }
    const seconds = Math.round(performance.now() - started) / 1000;
    const result: Figures = {
      section: section.name,
      quick: args.quick,
      startedAt: stamp,
      machine: sectionEnv,
      loadAverageAfter: loadAverage(),
      seconds,
      error,
      parts,
    };
    all[section.name] = result;
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, `${section.name}-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
    summary.push(`${section.name} (${seconds} s)`);
    const targets = Object.values(parts).flatMap((part) => part.targets);
    for (const l of targetTable(targets)) summary.push(`  ${l}`);
    for (const [name, part] of Object.entries(parts)) {
      if (part.error) summary.push(`  ERROR ${name}: ${part.error}`);
    }
  }
  writeFileSync(
    join(RESULTS, 'latest.json'),
    `${JSON.stringify({ startedAt: stamp, sections: all }, null, 2)}\n`,
  );
  console.log(heading('targets'));
  for (const l of summary) console.log(l);
  console.log(
    `\nfigures written to ${join('test/bench/results', `<section>-${stamp}.json`)} and latest.json; ` +
      'node test/bench/write-docs.ts publishes them in docs/judge.md',
  );
  return 0;
}

process.exitCode = await main();
