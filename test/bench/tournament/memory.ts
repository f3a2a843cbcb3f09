import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { num, round3 } from '../lib/format.ts';
import type { BenchContext, Figure, Figures, PartResult, Target } from '../lib/section.ts';
import { CODECUP_FINAL_GAMES } from './codecup-final.ts';
import { refereeGame } from './fixture.ts';

/** The issue's ceiling for `jury run`'s resident memory over CodeCup's final (MB). */
const MAX_MB = 200;
/** Flat: resident memory may grow by at most this per 1000 games (MB) after the first 1000. */
const FLAT_MB_PER_1000 = 1;
/** Real 6561 games whose full records the runs store, in turn. */
const POOL = 8;
/** The `jury` command users run, whose first line says how Node starts (the engine's V8 flags). */
const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));

/**
 * The Node flags `jury` starts with, read from its first line (`#!/usr/bin/env -S node <flags>`), so that
 * the run is measured as launched.
 */
function launchFlags(): string[] {
  const line = readFileSync(JURY, 'utf8').split('\n')[0] ?? '';
  const match = /^#!\/usr\/bin\/env(?: -S)? node((?: \S+)*)$/.exec(line);
  if (!match) throw new Error(`unexpected first line of ${JURY}: ${line}`);
  return (match[1] ?? '').split(' ').filter((w) => w !== '');
}

const RUNNER = fileURLToPath(new URL('./memory-run.ts', import.meta.url));

type Sample = { games: number; rssMB: number; liveHeapMB?: number } & Record<string, number>;
type Run = { samples: Sample[]; end: Record<string, number> };

/**
 * Runs memory-run.ts in a fresh Node process (with `node` flags first) and collects its samples; `log`
 * sees those with the live heap.
 */
function child(
  dir: string,
  args: readonly string[],
  log: (s: Sample) => void,
  node: readonly string[] = [],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...node, '--expose-gc', RUNNER, '--dir', dir, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const samples: Sample[] = [];
    let end: Record<string, number> | null = null;
    let out = '';
    let err = '';
    p.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
        const row = JSON.parse(out.slice(0, i)) as Record<string, number | boolean>;
        out = out.slice(i + 1);
        if (row['done'] === true) end = row as Record<string, number>;
        else {
          samples.push(row as Sample);
          if (typeof row['liveHeapMB'] === 'number') log(row as Sample);
        }
      }
    });
    p.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 && end
        ? resolve({ samples, end })
        : reject(new Error(`memory run failed (${code}): ${err.slice(-2000)}`)),
    );
  });
}

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let a = 0;
  let b = 0;
  for (const [x, y] of points) {
    a += (x - mx) * (y - my);
    b += (x - mx) ** 2;
  }
  return b === 0 ? 0 : a / b;
}

/**
 * Slopes per 1000 games: rss over the second half of the run (before it, V8 grows its young generation to
 * its working size in a few steps, whenever its heuristics decide: a one-off, not growth with the games),
 * the live heap after a full collection over every sample from the 1000th game on.
 */
function slopes(run: Run) {
  const last = run.samples.at(-1)?.games ?? 0;
  const half = run.samples.filter((s) => s.games >= Math.max(1000, last / 2));
  const rss = slope(half.map((s) => [s.games / 1000, s.rssMB] as const));
  const live = slope(
    run.samples
      .filter((s) => s.games >= 1000 && s.liveHeapMB !== undefined)
      .map((s) => [s.games / 1000, s.liveHeapMB ?? 0] as const),
  );
  return { rss, live };
}

/**
 * Records of real 6561 games played through the referee with in-memory players, as JSON: only games that
 * went the whole 1000 moves (some end earlier, with no valid move), so every record is full size.
 */
export async function fullRecords(): Promise<string[]> {
  const pool: string[] = [];
  for (let seed = 1; pool.length < POOL && seed < 20 * POOL; seed++) {
    const record = await refereeGame(7919 * seed);
    if (record.moves.length === 1000) pool.push(JSON.stringify(record));
  }
  if (pool.length < POOL) throw new Error('too few referee games went the full 1000 moves');
  return pool;
}

/** The memory part's result and the store it leaves (CodeCup's final, full-size records) for standings. */
export interface MemoryResult {
  readonly result: PartResult;
  /** The Jury run's store file, or null when it failed. */
  readonly store: string | null;
  dispose(): void;
}

/**
 * The memory part: resident memory of `jury run` over CodeCup's final at full size (17,190 games, full
 * records of real 6561 games that went all 1000 moves; `games` fewer with --quick), run in a fresh Node process
 * (memory-run.ts) beside its floor, bare Node writing the same records with node:sqlite in another
 * process. The two run at once (memory does not depend on speed; it halves the time). Reported: the
 * highest rss (getrusage), rss before the first game, the growth per 1000 games (rss, and the live heap
 * after a full collection), and V8's heap spaces at the end, which say where the rest is.
 */
export async function measureMemory(
  ctx: BenchContext,
  pool: readonly string[],
  games: number | null,
  every: number,
  cappedGames: number,
): Promise<MemoryResult> {
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-memory-'));
  const dispose = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    writeFileSync(join(dir, 'pool.jsonl'), `${pool.join('\n')}\n`, 'latin1');
    // The run without the launch flags stores its own copy of the event: a folder of its own.
    const bare = join(dir, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'pool.jsonl'), `${pool.join('\n')}\n`, 'latin1');
    const total = games ?? CODECUP_FINAL_GAMES;
    const args = ['--every', String(every), ...(games === null ? [] : ['--games', String(games)])];
    const kib = pool.reduce((n, r) => n + r.length, 0) / POOL / 1024;
    ctx.log(
      `memory: CodeCup's final, ${total.toLocaleString('en')} games with full records (1000 moves, ${num(kib, 0)} KiB of JSON each): ` +
        "`jury run` (prepareRun, TournamentRunner, the store) launched as jury is, the same without jury's Node flags, and " +
        'the floor, in three fresh processes at once',
    );
    const show = (who: string) => (s: Sample) =>
      ctx.log(
        `  ${who.padEnd(5)} ${String(s.games).padStart(6)} games  rss ${num(s.rssMB)} MB  live heap ${num(s.liveHeapMB ?? NaN)} MB`,
      );
    // `jury run` as users launch it (the flags of its first line), and the same without those flags for
    // the first games, which shows what they save.
    const flags = launchFlags();
    const [jury, floor, cap] = await Promise.all([
      child(dir, args, show('jury'), flags),
      child(dir, [...args, '--floor'], show('floor')),
      child(bare, ['--every', String(every), '--games', String(Math.min(total, cappedGames))], show('bare')),
    ]);
    const j = slopes(jury);
    const f = slopes(floor);
    const maxJ = jury.end['maxRssMB'] ?? NaN;
    const maxF = floor.end['maxRssMB'] ?? NaN;
    const last = jury.samples.at(-1);
    const startJ = jury.samples[0]?.rssMB ?? NaN;
    ctx.log(
      `  jury run: max rss ${num(maxJ)} MB (${num(startJ)} MB before the first game); rss ${num(j.rss, 2)} MB, ` +
        `live heap ${num(j.live, 2)} MB per 1000 games; at the end V8's young generation ${num(last?.['newSpaceMB'] ?? NaN)} MB, ` +
        `old space ${num(last?.['oldSpaceMB'] ?? NaN)} MB`,
    );
    const c = slopes(cap);
    const maxC = cap.end['maxRssMB'] ?? NaN;
    ctx.log(
      `  the same without ${flags.join(' ') || 'flags'}, ${cap.end['games']} games: ` +
        `max rss ${num(maxC)} MB, ${num(cap.end['cpuS'] ?? NaN, 1)} s CPU (launched: ${num(jury.end['cpuS'] ?? NaN, 1)} s for ${jury.end['games']})`,
    );
    ctx.log(
      `  floor:    max rss ${num(maxF)} MB (${num(floor.samples[0]?.rssMB ?? NaN)} MB before); rss ${num(f.rss, 2)} MB per 1000 games`,
    );
    const series = (run: Run, key: string): Figure[] => run.samples.map((s) => s[key] ?? null);
    const figures = (run: Run, s: { rss: number; live: number }): Figures => ({
      ...run.end,
      rssBeforeMB: run.samples[0]?.rssMB ?? null,
      rssSlopeMBPer1000: round3(s.rss),
      liveHeapSlopeMBPer1000: Number.isFinite(s.live) ? round3(s.live) : null,
      samples: {
        games: series(run, 'games'),
        rssMB: series(run, 'rssMB'),
        heapTotalMB: series(run, 'heapTotalMB'),
        newSpaceMB: series(run, 'newSpaceMB'),
        oldSpaceMB: series(run, 'oldSpaceMB'),
        liveHeapMB: series(run, 'liveHeapMB'),
      },
    });
    const targets: Target[] = [
      {
        name: `memory, jury run of CodeCup's final (${total.toLocaleString('en')} games, full records), max rss`,
        measured: maxJ,
        floor: maxF,
        unit: 'MB',
        ratio: Math.round((maxJ / maxF) * 100) / 100,
        goal: `≤ ${MAX_MB} MB`,
        pass: maxJ <= MAX_MB,
        note:
          `${num(startJ)} MB before the first game, V8's young generation ${num(last?.['newSpaceMB'] ?? NaN, 0)} MB at the end; ` +
          `launched as jury is (node ${flags.join(' ')}); floor: bare node:sqlite writing the same records`,
      },
      {
        name: 'memory growth, jury run, rss per 1000 games (second half of the run)',
        measured: round3(j.rss),
        floor: round3(f.rss),
        unit: 'MB',
        ratio: null,
        goal: `≤ ${FLAT_MB_PER_1000} MB per 1000 games`,
        pass: j.rss <= FLAT_MB_PER_1000,
        note: `live heap after a full collection ${num(j.live, 2)} MB per 1000 games (from the 1000th game)`,
      },
      {
        name: `memory, the same jury run in Node without jury's flags (${flags.join(' ')}), first ${Math.min(total, cappedGames).toLocaleString('en')} games, max rss`,
        measured: maxC,
        floor: maxF,
        unit: 'MB',
        ratio: Math.round((maxC / maxF) * 100) / 100,
        goal: 'none',
        pass: null,
        note: `what V8's uncapped young generation adds (rss is flat after the first 2,000 games); ${num((1000 * (cap.end['cpuS'] ?? NaN)) / (cap.end['games'] ?? NaN), 1)} ms CPU per game against ${num((1000 * (jury.end['cpuS'] ?? NaN)) / (jury.end['games'] ?? NaN), 1)} as launched`,
      },
    ];
    return {
      result: {
        figures: {
          games: total,
          every,
          jury: figures(jury, j),
          launchFlags: flags.join(' '),
          juryWithoutLaunchFlags: figures(cap, c),
          floor: figures(floor, f),
        },
        targets,
      },
      store: join(dir, 'codecup-final.db'),
      dispose,
    };
  } catch (e) {
    dispose();
    throw e;
  }
}
