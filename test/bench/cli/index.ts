import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledSampleScript } from '../../../electron/engine/bots/samples/compiled.ts';
import { samplesFolder, SAMPLE_SCRIPT } from '../../../electron/engine/bots/samples/index.ts';
import { num, vsFloor } from '../lib/format.ts';
import { guarded, type BenchContext, type PartResult, type Section } from '../lib/section.ts';
import { summarize } from '../lib/stats.ts';

/**
 * What a user waits for before Jury does anything (issue 28): a `jury` command's start, measured as the
 * shell runs it (a fresh `node electron/cli/jury.mjs …` process, wall time to its exit), beside bare
 * Node's start (`node -e 0`) in turns with it; and a sample bot's start, from its compiled script and
 * from the TypeScript sources, beside the same floor. The first run of each fills Node's compile cache
 * and is not counted, as a user's second command would find it filled. Beside each command's time, the
 * modules it loads (Jury's sources and packages, not Node's built-ins): a count that the machine's load
 * does not move, and what a change to the command's imports shows first.
 */

const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));
/** The target: a command within 4× a bare Node start. */
const TARGET_RATIO = 4;

/** The wall time (ms) of one run of `node args…` with `input` on its standard input. */
function wallMs(args: readonly string[], input = '', env: NodeJS.ProcessEnv = process.env): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { input, env, stdio: ['pipe', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 2) throw new Error(`node ${args.join(' ')}: ${r.stderr.toString()}`);
  return ms;
}

/**
 * A module hook given to Node with `--import`: counts every module loaded after it (sources, packages,
 * not `node:` built-ins; both import and require) and prints the count on standard error at exit.
 */
const COUNT_MODULES = `data:text/javascript,${encodeURIComponent(
  "import{registerHooks}from'node:module';let n=0;" +
    "registerHooks({load(u,c,next){if(!u.startsWith('node:'))n++;return next(u,c)}});" +
    "process.on('exit',()=>process.stderr.write('\\njury-bench-modules '+n+'\\n'))",
)}`;

/** How many modules `node args…` loads (see {@link COUNT_MODULES}). */
function modulesLoaded(args: readonly string[]): number {
  const r = spawnSync(process.execPath, ['--import', COUNT_MODULES, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const count = /jury-bench-modules (\d+)/.exec(r.stderr.toString())?.[1];
  if (count === undefined) throw new Error(`node ${args.join(' ')} printed no module count`);
  return Number(count);
}

/** p50 (ms) of `runs` runs of each command, in turns (one warm-up run each first). */
function inTurns(commands: Record<string, () => number>, runs: number): Record<string, number> {
  for (const run of Object.values(commands)) run();
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [name, run] of Object.entries(commands)) times[name]!.push(run());
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summarize(v).p50]));
}

/** A store of a 30-game 6561 round robin of six sample bots, made with `jury run`. */
function smallStore(dir: string): string {
  const config = join(dir, 'event.json');
  writeFileSync(
    config,
    JSON.stringify({
      format: 'jury-tournament',
      version: 1,
      name: 'Start-up',
      game: '6561',
      seed: 1,
      schedule: { kind: 'round-robin' },
      bots: ['A', 'B', 'C', 'D', 'E', 'F'].map((name, i) => ({ name, sample: i % 2 ? 'random' : 'greedy' })),
      timing: { mode: 'cpu' },
    }),
  );
  const db = join(dir, 'event.sqlite');
  const r = spawnSync(process.execPath, [JURY, 'run', config, '--db', db, '--json'], { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`jury run of the start-up store ended with ${r.status}`);
  return db;
}

async function startUp(ctx: BenchContext): Promise<PartResult> {
  const runs = ctx.quick ? 5 : 15;
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-cli-'));
  chmodSync(dir, 0o755);
  try {
    const db = smallStore(dir);
    const script = join(samplesFolder(), SAMPLE_SCRIPT);
    const compiled = compiledSampleScript(script);
    if (compiled === null) throw new Error('the sample script could not be compiled here');
    // A sample bot answers 6561's first prompt and sees the end of its input.
    const p50 = inTurns(
      {
        floor: () => wallMs(['-e', '0']),
        version: () => wallMs([JURY, '--version']),
        standings: () => wallMs([JURY, 'standings', db]),
        sampleCompiled: () => wallMs([compiled.file, '6561-random'], 'A\n'),
        sampleSource: () => wallMs([script, '6561-random'], 'A\n'),
      },
      runs,
    );
    const floor = p50['floor']!;
    const modules = {
      version: modulesLoaded([JURY, '--version']),
      standings: modulesLoaded([JURY, 'standings', db]),
    };
    ctx.log(
      `start-up p50 over ${runs} runs: node -e 0 ${num(floor)} ms; jury --version ${num(p50['version']!)} ms; ` +
        `jury standings (30 games) ${num(p50['standings']!)} ms; sample bot ${num(p50['sampleCompiled']!)} ms ` +
        `compiled, ${num(p50['sampleSource']!)} ms from TypeScript; modules loaded: jury --version ` +
        `${modules.version}, jury standings ${modules.standings}`,
    );
    return {
      figures: { runs, p50Ms: p50, modules },
      targets: [
        vsFloor('jury --version, wall to exit', p50['version']!, floor, 'ms', TARGET_RATIO, {
          note: `${modules.version} modules loaded`,
        }),
        vsFloor('jury standings of a 30-game store', p50['standings']!, floor, 'ms', TARGET_RATIO, {
          note: `${modules.standings} modules loaded`,
        }),
        vsFloor('sample bot start, compiled', p50['sampleCompiled']!, floor, 'ms', null),
        vsFloor('sample bot start, from TypeScript', p50['sampleSource']!, floor, 'ms', null),
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The cli section: what starting Jury's commands and sample bots costs. */
export const cliSection: Section = {
  name: 'cli',
  description: 'start-up: jury --version and jury standings, and a sample bot, beside a bare Node start',
  async run(ctx) {
    const results: Record<string, PartResult> = {};
    await guarded(results, 'start-up', ctx, () => startUp(ctx));
    return results;
  },
};
