import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_NODE_FLAGS } from '../../../electron/app/node-flags.ts';
import { TestRedis } from '../../helpers/redis-server.ts';
import { num } from '../lib/format.ts';
import { guarded, type PartResult, type Section, type Target } from '../lib/section.ts';
import { vsFloor } from '../lib/format.ts';
import { fullRecords } from '../tournament/memory.ts';

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const SECRET = 'npm-run-bench-workers-secret';
/** The ceiling for the coordinator's CPU per game (ms). */
const MAX_CPU_MS = 5;
/** Flat: resident memory may grow by at most this per 1000 games (MB). */
const FLAT_MB_PER_1000 = 1;

type Line = Record<string, number | boolean>;

/** Runs a bench process to its end, collecting its JSON lines. */
function collect(child: ChildProcess): Promise<{ lines: Line[]; end: Line }> {
  return new Promise((resolve, reject) => {
    const lines: Line[] = [];
    let end: Line | null = null;
    let out = '';
    let err = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
        const row = JSON.parse(out.slice(0, i)) as Line;
        out = out.slice(i + 1);
        if (row['done'] === true) end = row;
        else lines.push(row);
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('close', (code) =>
      end
        ? resolve({ lines, end })
        : reject(new Error(`bench process failed (${code}): ${err.slice(-1500)}`)),
    );
  });
}

function node(file: string, args: readonly string[]): ChildProcess {
  return spawn(process.execPath, [...ENGINE_NODE_FLAGS, here(file), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, JURY_SECRET: SECRET },
  });
}

/** Least-squares slope of rss (MB) per 1000 of `x` over the second half of the samples. */
function rssSlope(points: readonly (readonly [number, number])[]): number {
  const half = points.slice(Math.floor(points.length / 2));
  const n = half.length;
  if (n < 2) return NaN;
  const mx = half.reduce((s, [x]) => s + x, 0) / n;
  const my = half.reduce((s, [, y]) => s + y, 0) / n;
  let a = 0;
  let b = 0;
  for (const [x, y] of half) {
    a += (x - mx) * (y - my);
    b += (x - mx) ** 2;
  }
  return b === 0 ? 0 : (a / b) * 1000;
}

/**
 * CodeCup's final (17,190 games; 3,000 with --quick) through the queue: `jury run --workers` as one
 * process (coordinator-run.ts) and two bench workers (worker-run.ts, one slot each) on a real
 * redis-server on this machine, every game answered by the workers with a full-size record of a real
 * 6561 game; against the same event played by local slots (tournament/memory-run.ts, the same records).
 */
async function measureWorkers(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const games = quick ? 3000 : 17_190;
  const pool = await fullRecords();
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-workers-'));
  const redis = new TestRedis();
  try {
    writeFileSync(join(dir, 'pool.jsonl'), `${pool.join('\n')}\n`, 'latin1');
    await redis.start();
    log(
      `workers: CodeCup's final, ${games.toLocaleString('en')} games, full records: local slots, then 2 workers through Redis`,
    );
    const local = await collect(
      spawn(
        process.execPath,
        [
          ...ENGINE_NODE_FLAGS,
          '--expose-gc',
          here('../tournament/memory-run.ts'),
          '--dir',
          dir,
          '--games',
          String(games),
          '--every',
          '1000',
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
    const workers = ['bench-1', 'bench-2'].map((name) => {
      const child = node('worker-run.ts', [
        '--redis',
        redis.url,
        '--name',
        name,
        '--pool',
        join(dir, 'pool.jsonl'),
      ]);
      return { child, done: collect(child) };
    });
    const remoteDir = mkdtempSync(join(dir, 'remote-'));
    const coordinator = await collect(
      node('coordinator-run.ts', [
        '--dir',
        remoteDir,
        '--redis',
        redis.url,
        '--games',
        String(games),
        '--every',
        '1000',
      ]),
    );
    for (const w of workers) w.child.kill('SIGTERM');
    const ends = await Promise.all(workers.map((w) => w.done));
    const localRate = Number(local.end['games']) / Number(local.end['wallS']);
    const remoteRate = Number(coordinator.end['games']) / Number(coordinator.end['wallS']);
    const cpuMs = (Number(coordinator.end['cpuS']) * 1000) / Number(coordinator.end['games']);
    const localCpuMs = (Number(local.end['cpuS']) * 1000) / Number(local.end['games']);
    const coordSlope = rssSlope(
      coordinator.lines.map((l) => [Number(l['games']), Number(l['rssMB'])] as const),
    );
    const workerSlopes = ends.map((w) =>
      rssSlope(w.lines.map((l) => [Number(l['jobs']), Number(l['rssMB'])] as const)),
    );
    log(
      `  local slots ${num(localRate)} games/s; 2 workers ${num(remoteRate)} games/s; coordinator ${num(cpuMs, 2)} ms CPU per game ` +
        `(local run ${num(localCpuMs, 2)}), max rss ${num(Number(coordinator.end['maxRssMB']))} MB; workers max rss ${ends.map((w) => num(Number(w.end['maxRssMB']))).join(', ')} MB`,
    );
    const targets: Target[] = [
      vsFloor(
        'workers: games per second, 2 workers vs local slots (instant games, full records)',
        remoteRate,
        localRate,
        'games/s',
        null,
        {
          note: `${games} games; both on this machine: the queue's cost, not more cores`,
        },
      ),
      vsFloor('workers: coordinator CPU per game (runner, store, queue)', cpuMs, localCpuMs, 'ms', null, {
        note: 'floor: the same event on local slots',
      }),
      {
        name: 'workers: coordinator CPU per game, against the ceiling',
        measured: Math.round(cpuMs * 100) / 100,
        floor: null,
        unit: 'ms',
        ratio: null,
        goal: `≤ ${MAX_CPU_MS} ms`,
        pass: cpuMs <= MAX_CPU_MS,
      },
      ...[
        ['coordinator', coordSlope] as const,
        ...workerSlopes.map((s, i) => [`worker ${i + 1}`, s] as const),
      ].map(([who, s]): Target => ({
        name: `workers: ${who} rss growth per 1000 games (second half)`,
        measured: Math.round(s * 1000) / 1000,
        floor: null,
        unit: 'MB',
        ratio: null,
        goal: `≤ ${FLAT_MB_PER_1000} MB per 1000 games`,
        pass: s <= FLAT_MB_PER_1000,
      })),
    ];
    return {
      figures: {
        games,
        localGamesPerS: Math.round(localRate * 10) / 10,
        remoteGamesPerS: Math.round(remoteRate * 10) / 10,
        coordinatorCpuMsPerGame: Math.round(cpuMs * 100) / 100,
        localCpuMsPerGame: Math.round(localCpuMs * 100) / 100,
        coordinatorMaxRssMB: Number(coordinator.end['maxRssMB']),
        workerMaxRssMB: ends.map((w) => Number(w.end['maxRssMB'])),
        workerJobs: ends.map((w) => Number(w.end['jobs'])),
      },
      targets,
    };
  } finally {
    await redis.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The workers section: CodeCup's final through BullMQ on Redis, two workers on this machine. */
export const workersSection: Section = {
  name: 'workers',
  description:
    "CodeCup's final through the queue: games per second vs local slots, coordinator CPU and memory",
  async run(ctx) {
    const results: Record<string, PartResult> = {};
    await guarded(results, 'final', ctx, () => measureWorkers(ctx.quick, (l) => ctx.log(l)));
    return results;
  },
};
