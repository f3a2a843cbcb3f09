import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TournamentRunner } from '../../../electron/engine/tournament/runner.ts';
import { defaultConcurrency } from '../../../electron/engine/tournament/game-player.ts';
import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import { num } from '../lib/format.ts';
import type { BenchContext, PartResult } from '../lib/section.ts';
import type { EventSize } from './event.ts';
import { benchStore, recordPool } from './fixture.ts';

/** The memory ceiling (MB) and what "flat" allows: heap growth per 1000 games (MB). */
const MAX_MB = 150;
const FLAT_MB_PER_1000 = 1;
const MB = 1024 * 1024;

/** A full garbage collection, so heapUsed is live memory (V8's gc hook, exposed at run time). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * ((ys[i] ?? my) - my);
    den += (x - mx) ** 2;
  });
  return den === 0 ? 0 : num / den;
}

/**
 * Part 3: a long event (about `size` games) through the real runner and store with instant players,
 * sampling rss and heapUsed (after a full GC) every `every` finished games. "Flat" is judged on the heapUsed slope (MB per
 * 1000 games, least squares over the samples after the first); the ceiling on the highest rss.
 */
export async function measureMemory(ctx: BenchContext, size: EventSize, every: number): Promise<PartResult> {
  const pool = await recordPool(8, 40);
  const bench = benchStore(size.players, 99);
  try {
    const scheduler = schedulerFor({ kind: 'swiss', ...size, permutations: 'all' });
    const total = scheduler.total(bench.context, { scheduled: [], outcomes: new Map() });
    ctx.log(
      `memory: ${total} games (${size.players} players, ${size.swissRounds} Swiss rounds, final of ${size.finalists})`,
    );
    const at: number[] = [];
    const rss: number[] = [];
    const heap: number[] = [];
    const heapTotal: number[] = [];
    const external: number[] = [];
    const gc = collector();
    const sample = (games: number): void => {
      gc();
      const m = process.memoryUsage();
      at.push(games);
      rss.push(Math.round((m.rss / MB) * 10) / 10);
      heap.push(Math.round((m.heapUsed / MB) * 10) / 10);
      heapTotal.push(Math.round((m.heapTotal / MB) * 10) / 10);
      external.push(Math.round((m.external / MB) * 10) / 10);
    };
    let finished = 0;
    const t0 = performance.now();
    sample(0);
    const runner = new TournamentRunner({
      store: bench.store,
      scheduler,
      context: bench.context,
      play: pool.play,
      concurrency: defaultConcurrency(),
      onEvent: (e) => {
        if (e.kind !== 'game-finished' || ++finished % every !== 0) return;
        sample(finished);
        ctx.log(
          `  ${finished} games  rss ${num(rss.at(-1) ?? NaN)} MB  heap ${num(heap.at(-1) ?? NaN)} MB (total ${num(heapTotal.at(-1) ?? NaN)}, external ${num(external.at(-1) ?? NaN)})`,
        );
      },
    });
    const state = await runner.run();
    if (state !== 'done') throw new Error(`the run ended ${state}`);
    sample(finished);
    const wallS = (performance.now() - t0) / 1000;
    const heapSlope = slope(at.slice(1), heap.slice(1)) * 1000;
    const rssSlope = slope(at.slice(1), rss.slice(1)) * 1000;
    const maxRss = Math.max(...rss);
    ctx.log(
      `  ${finished} games in ${num(wallS, 1)} s; rss ${num(rss[0] ?? NaN)} → ${num(rss.at(-1) ?? NaN)} MB (max ${num(maxRss)}), ` +
        `heap ${num(heap[0] ?? NaN)} → ${num(heap.at(-1) ?? NaN)} MB (max ${num(Math.max(...heap))}); ` +
        `slope heap ${num(heapSlope, 2)}, rss ${num(rssSlope, 2)} MB per 1000 games`,
    );
    return {
      figures: {
        ...size,
        games: finished,
        wallS: Math.round(wallS * 100) / 100,
        every,
        samples: { games: at, rssMB: rss, heapUsedMB: heap, heapTotalMB: heapTotal, externalMB: external },
        rss: { start: rss[0] ?? NaN, end: rss.at(-1) ?? NaN, max: maxRss },
        heapUsed: { start: heap[0] ?? NaN, end: heap.at(-1) ?? NaN, max: Math.max(...heap) },
        heapSlopeMBPer1000: Math.round(heapSlope * 1000) / 1000,
        rssSlopeMBPer1000: Math.round(rssSlope * 1000) / 1000,
      },
      targets: [
        {
          name: 'memory ceiling (max rss)',
          goal: `≤ ${MAX_MB} MB`,
          value: `${num(maxRss)} MB over ${finished} games`,
          pass: maxRss <= MAX_MB,
        },
        {
          name: 'memory flat (heapUsed slope)',
          goal: `≤ ${FLAT_MB_PER_1000} MB per 1000 games`,
          value: `${num(heapSlope, 2)} MB per 1000 games (rss ${num(rssSlope, 2)})`,
          pass: heapSlope <= FLAT_MB_PER_1000,
        },
      ],
    };
  } finally {
    bench.dispose();
  }
}
