import { readFileSync } from 'node:fs';

/** One renderer main thread's tasks, from a Chromium trace. */
export interface RendererTasks {
  /** Tasks whose wall time exceeded the bar. */
  readonly longByWall: number;
  /** The longest task by wall time (ms). */
  readonly longestWallMs: number;
  /** The most CPU time one task used on the renderer's main thread (ms). */
  readonly longestCpuMs: number;
  /** Tasks that used more CPU than the bar. */
  readonly longByCpu: number;
}

interface TraceEvent {
  readonly ph?: string;
  readonly name?: string;
  readonly pid?: number;
  readonly tid?: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/**
 * Every renderer main thread's tasks in a trace written by `browser.startTracing` (category
 * devtools.timeline), by wall time and by the thread's own CPU time. The two differ when the machine's
 * cores are busy (8 games of bots on 2 cores): a task then waits for a core without doing work, and the
 * CPU time is what the renderer itself costs.
 */
export function rendererTasks(tracePath: string, barMs: number): RendererTasks[] {
  const parsed = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { wall: number[]; cpu: number[] }>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    const entry = byThread.get(key) ?? { wall: [], cpu: [] };
    entry.wall.push((e.dur ?? 0) / 1000);
    entry.cpu.push((e.tdur ?? 0) / 1000);
    byThread.set(key, entry);
  }
  return [...byThread.values()].map(({ wall, cpu }) => ({
    longByWall: wall.filter((ms) => ms > barMs).length,
    longestWallMs: Math.round(Math.max(0, ...wall)),
    longestCpuMs: Math.round(Math.max(0, ...cpu)),
    longByCpu: cpu.filter((ms) => ms > barMs).length,
  }));
}
