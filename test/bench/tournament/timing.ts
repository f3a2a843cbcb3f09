import type { RunnerStore } from '../../../electron/engine/tournament/runner.ts';
import type { Scheduler } from '../../../shared/tournament/types.ts';

/** Milliseconds and calls spent in each timed method. */
export type Spent = Record<string, { ms: number; calls: number }>;

/** Wraps `fn` so every call adds its wall time to `spent[name]`. */
function timed<A extends unknown[], R>(spent: Spent, name: string, fn: (...args: A) => R): (...args: A) => R {
  const slot = (spent[name] ??= { ms: 0, calls: 0 });
  return (...args) => {
    const t = performance.now();
    try {
      return fn(...args);
    } finally {
      slot.ms += performance.now() - t;
      slot.calls += 1;
    }
  };
}

/**
 * The store as the runner sees it, each method timed (they are synchronous, so wall time is their cost,
 * plus the fsync of each commit in finishGame and addScheduled).
 */
export function timedStore(store: RunnerStore, spent: Spent): RunnerStore {
  return {
    history: timed(spent, 'store.history', () => store.history()),
    unfinished: timed(spent, 'store.unfinished', () => store.unfinished()),
    addScheduled: timed(spent, 'store.addScheduled', (g) => store.addScheduled(g)),
    finishGame: timed(spent, 'store.finishGame', (i, o, r) => store.finishGame(i, o, r)),
  };
}

/** The scheduler with `next` and `total` timed. */
export function timedScheduler(scheduler: Scheduler, spent: Spent): Scheduler {
  return {
    next: timed(spent, 'scheduler.next', (c, h) => scheduler.next(c, h)),
    total: timed(spent, 'scheduler.total', (c, h) => scheduler.total(c, h)),
  };
}

/** CPU time (user + system) of this process since `from`, in ms. */
export function cpuMs(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** `spent` as JSON-ready figures: ms per call and per game, rounded. */
export function spentFigures(spent: Spent, gamesPlayed: number): Record<string, Record<string, number>> {
  const r = (v: number): number => Math.round(v * 1000) / 1000;
  return Object.fromEntries(
    Object.entries(spent).map(([name, s]) => [
      name,
      {
        calls: s.calls,
        totalMs: r(s.ms),
        msPerCall: r(s.ms / Math.max(1, s.calls)),
        msPerGame: r(s.ms / gamesPlayed),
      },
    ]),
  );
}
