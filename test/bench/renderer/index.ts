import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createJuryService } from '../../../electron/app/service.ts';
import { startServer } from '../../../electron/serve/server.ts';
import { ipcContract } from '../../../shared/ipc/contract.ts';
import { CHROMIUM_FLAGS, systemChromium } from '../../e2e/chromium.ts';
import { rendererTasks, type RendererTasks } from './trace.ts';
import { guarded, type BenchContext, type PartResult, type Section } from '../lib/section.ts';

/** The bar: no task in the renderer's main thread longer than this (ms). */
const LONG_TASK_MS = 50;
/** The built renderer (`npm run build`); BENCH_RENDERER_DIR measures another build (before and after). */
const RENDERER =
  process.env['BENCH_RENDERER_DIR'] ?? fileURLToPath(new URL('../../../out/renderer/', import.meta.url));

/** Counts board repaints in the page (each board's aria-label names its ply). */
const OBSERVE = `
  window.__boardUpdates = 0;
  new MutationObserver((records) => {
    for (const r of records) if (r.attributeName === 'aria-label') window.__boardUpdates++;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
`;

/**
 * The live wall under load: a More round robin of 8 sample bots (28 games) with 8 games at once, played by
 * real bot processes at their own speed through the real engine and `jury serve`, watched in Chromium by
 * one page on the live wall and one on the standings (which refetch as games finish). Traces both renderers'
 * main threads: every task's wall time and the renderer's own CPU time in it.
 */
async function measureLiveWall(ctx: BenchContext, seconds: number): Promise<PartResult> {
  if (!existsSync(join(RENDERER, 'index.html')))
    throw new Error('the renderer is not built: run npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'jury-bench-renderer-'));
  const service = await createJuryService({
    workspace: join(dir, 'workspace'),
    storeFolder: join(dir, 'tournaments'),
    mode: 'browser',
  });
  const server = await startServer({ service, staticRoot: RENDERER, port: 0, host: '127.0.0.1' });
  const executablePath = systemChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_FLAGS,
  });
  try {
    const bots = await service.handlers['bots.addSamples']({ game: 'more' });
    const ids = bots.map((b) => b.id);
    const draft = ipcContract.requests['tournaments.create'].request.parse({
      draft: {
        name: 'Renderer bench',
        game: 'more',
        schedule: { kind: 'round-robin' },
        bots: [...ids, ...ids, ...ids, ...ids],
        timing: { mode: 'cpu' },
        concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 8),
      },
    });
    const summary = await service.handlers['tournaments.create'](draft);
    const live = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    const standings = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const page of [live, standings]) await page.addInitScript(OBSERVE);
    // The frames the live page receives, counted outside it (what the engine sends, not what is drawn).
    let received = 0;
    let counting = false;
    live.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (counting && typeof payload === 'string' && payload.startsWith('{"event":"game.frame"'))
          received++;
      }),
    );
    await live.goto(`${server.url}#/t/${encodeURIComponent(summary.id)}/live`);
    await standings.goto(`${server.url}#/t/${encodeURIComponent(summary.id)}/standings`);
    // Page loads (parsing the bundles, the first render) are not what the bar is about: trace from the
    // start of the tournament, once both pages are idle.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const trace = join(dir, 'trace.json');
    await browser.startTracing(live, {
      path: trace,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    counting = true;
    await service.handlers['tournament.start']({ id: summary.id });
    ctx.log(`renderer: watching 8 live More games for ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await browser.stopTracing();
    // Kept for a closer look when asked (node test/bench/renderer/trace.ts <file>).
    const keep = process.env['BENCH_RENDERER_TRACE'];
    if (keep) copyFileSync(trace, keep);
    const updates = await live.evaluate(
      () => (window as unknown as { __boardUpdates: number }).__boardUpdates,
    );
    const threads = rendererTasks(trace, LONG_TASK_MS);
    const finished = (await service.handlers['tournaments.list'](undefined)).find(
      (t) => t.id === summary.id,
    )?.finished;
    const worst = (pick: (t: RendererTasks) => number): number => Math.max(0, ...threads.map(pick));
    const figures = {
      seconds,
      gamesFinished: finished ?? 0,
      framesReceivedPerSecond: Math.round(received / seconds),
      boardUpdatesPerSecond: Math.round(updates / seconds),
      rendererThreads: threads.length,
      perThread: threads.map((t) => ({ ...t })),
      longTasksByWall: threads.reduce((n, t) => n + t.longByWall, 0),
      longestTaskWallMs: worst((t) => t.longestWallMs),
      longTasksByCpu: threads.reduce((n, t) => n + t.longByCpu, 0),
      longestTaskCpuMs: worst((t) => t.longestCpuMs),
      rendererCpuMsPerSecond: Math.round(threads.reduce((n, t) => n + t.cpuMs, 0) / seconds),
      longTasksByWallUnder3msCpu: threads.reduce((n, t) => n + t.longByWallUnder3msCpu, 0),
    };
    ctx.log(
      `renderer: ${figures.framesReceivedPerSecond} frames received/s, ${figures.boardUpdatesPerSecond} board updates drawn/s, ${figures.gamesFinished} games finished; tasks over ${LONG_TASK_MS} ms: ${figures.longTasksByWall} by wall time (longest ${figures.longestTaskWallMs} ms; ${figures.longTasksByWallUnder3msCpu} of them used under 3 ms of CPU), ${figures.longTasksByCpu} by the renderer's CPU time (longest ${figures.longestTaskCpuMs} ms); the renderers' main threads used ${figures.rendererCpuMsPerSecond} ms of CPU per second`,
    );
    return {
      figures,
      targets: [
        {
          name: "renderer's longest task by its own CPU time (8 live games, standings updates)",
          measured: figures.longestTaskCpuMs,
          floor: null,
          unit: 'ms',
          ratio: null,
          goal: `≤ ${LONG_TASK_MS} ms`,
          pass: figures.longestTaskCpuMs <= LONG_TASK_MS,
          note: `${figures.longTasksByCpu} tasks over`,
        },
        {
          name: 'renderer tasks over 50 ms by wall time (includes waiting for a core the bots hold)',
          measured: figures.longTasksByWall,
          floor: null,
          unit: 'tasks',
          ratio: null,
          goal: '0 tasks',
          pass: figures.longTasksByWall === 0,
          note: `longest ${figures.longestTaskWallMs} ms; ${figures.longTasksByWallUnder3msCpu} used < 3 ms CPU`,
        },
        {
          name: "renderers' main threads: CPU per second (both pages; where it goes: figures.perThread)",
          measured: figures.rendererCpuMsPerSecond,
          floor: null,
          unit: 'ms/s',
          ratio: null,
          goal: 'none',
          pass: null,
          note: `${figures.framesReceivedPerSecond} frames received/s, ${figures.boardUpdatesPerSecond} board updates drawn/s`,
        },
      ],
    };
  } finally {
    await browser.close();
    await server.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The renderer section: the live wall and the standings in Chromium while 8 games stream. */
export const rendererSection: Section = {
  name: 'renderer',
  description: 'the UI in Chromium: long tasks while 8 live games stream and standings update',
  async run(ctx) {
    const results: Record<string, PartResult> = {};
    await guarded(results, 'live-wall', ctx, () => measureLiveWall(ctx, ctx.quick ? 10 : 30));
    return results;
  },
};
