import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  /** Every task's CPU time added up (ms), and how many tasks there were. */
  readonly cpuMs: number;
  readonly tasks: number;
  /** Tasks over the bar by wall time that used less than 3 ms of CPU: they only waited for a core. */
  readonly longByWallUnder3msCpu: number;
  /** Where the CPU time went, by the top-level step of each task (ms): script, style and layout, paint. */
  readonly cpuByStep: Readonly<Record<string, number>>;
}

interface TraceEvent {
  readonly ph?: string;
  readonly name?: string;
  readonly pid?: number;
  readonly tid?: number;
  readonly ts?: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** The steps of a frame as the trace names them, grouped as the breakdown reports them. */
const STEPS: Readonly<Record<string, string>> = {
  FireAnimationFrame: 'script (animation frames)',
  FunctionCall: 'script (events, messages)',
  TimerFire: 'script (timers)',
  EventDispatch: 'script (events, messages)',
  UpdateLayoutTree: 'style and layout',
  Layout: 'style and layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'commit',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
};

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
  const byThread = new Map<string, { tasks: TraceEvent[]; steps: TraceEvent[] }>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key)) continue;
    const entry = byThread.get(key) ?? { tasks: [], steps: [] };
    if (e.name === 'RunTask') entry.tasks.push(e);
    else if (e.name !== undefined && e.name in STEPS) entry.steps.push(e);
    byThread.set(key, entry);
  }
  return [...byThread.values()].map(({ tasks, steps }) => {
    const wall = tasks.map((e) => (e.dur ?? 0) / 1000);
    const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
    return {
      longByWall: wall.filter((ms) => ms > barMs).length,
      longestWallMs: Math.round(Math.max(0, ...wall)),
      longestCpuMs: Math.round(Math.max(0, ...cpu)),
      longByCpu: cpu.filter((ms) => ms > barMs).length,
      cpuMs: Math.round(cpu.reduce((a, b) => a + b, 0)),
      tasks: tasks.length,
      longByWallUnder3msCpu: wall.filter((ms, i) => ms > barMs && (cpu[i] ?? 0) < 3).length,
      cpuByStep: stepBreakdown(tasks, steps),
    };
  });
}

/** The CPU time of the steps that run directly in a task (not nested in another step), by group. */
function stepBreakdown(tasks: readonly TraceEvent[], steps: readonly TraceEvent[]): Record<string, number> {
  const sorted = [...steps].sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  const out: Record<string, number> = {};
  let openEnd = -Infinity;
  const inTask = taskSpans(tasks);
  for (const s of sorted) {
    const start = s.ts ?? 0;
    if (start < openEnd || !inTask(start)) continue; // nested in the previous step, or outside tasks
    openEnd = start + (s.dur ?? 0);
    const group = STEPS[s.name ?? ''] ?? 'other';
    out[group] = (out[group] ?? 0) + (s.tdur ?? 0) / 1000;
  }
  for (const k of Object.keys(out)) out[k] = Math.round(out[k] ?? 0);
  return out;
}

/** Whether a time falls inside one of the tasks (sorted spans, answered by binary search). */
function taskSpans(tasks: readonly TraceEvent[]): (ts: number) => boolean {
  const spans = tasks
    .map((t) => [t.ts ?? 0, (t.ts ?? 0) + (t.dur ?? 0)] as const)
    .sort((a, b) => a[0] - b[0]);
  return (ts) => {
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [from, to] = spans[mid] ?? [0, 0];
      if (ts < from) hi = mid - 1;
      else if (ts > to) lo = mid + 1;
      else return true;
    }
    return false;
  };
}

// `node test/bench/renderer/trace.ts <trace.json> [bar ms]`: the figures of a kept trace
// (BENCH_RENDERER_TRACE=<file> keeps the bench's).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, bar] = process.argv.slice(2);
  if (!file) throw new Error('usage: node test/bench/renderer/trace.ts <trace.json> [bar ms]');
  console.log(JSON.stringify(rendererTasks(file, Number(bar ?? 50)), null, 2));
}
