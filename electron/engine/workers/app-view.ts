import { onShortConnection, type RedisTarget } from './connection.ts';
import { WORKER_KEYS } from './names.ts';
import type { SpeedReading } from './speed-gauge.ts';
import { speedFactor } from './speed.ts';
import type { WorkerBeat } from './worker.ts';

/** One worker as the app shows it: its heartbeat and its speed factor against this machine. */
export interface WorkerView {
  readonly name: string;
  readonly host: string;
  readonly slots: number;
  readonly running: number;
  /** Its benchmark time over this machine's (1.25: 25% slower). */
  readonly speedFactor: number;
  /** Its benchmark time (ms): the fastest of its latest measurements. */
  readonly benchmarkMs: number;
  /** When it last measured its speed (ISO 8601; a worker of an older Jury: when it started). */
  readonly measuredAt: string;
  readonly lastSeen: string;
  /** Why it hands jobs back, or null. */
  readonly problem: string | null;
}

/** The queue's workers as the app's `workers.list` answers them. */
export interface WorkersView {
  readonly connected: boolean;
  /** Why the queue cannot be read (no URL, Redis away), or null. */
  readonly problem: string | null;
  /** This machine's benchmark the factors are against, and when it was last measured (null: not connected). */
  readonly reference: SpeedReading | null;
  readonly workers: WorkerView[];
}

/**
 * Reads the heartbeats of the workers beating on the Redis at `target` (the `jury:worker:*` keys every
 * worker refreshes every 2 s), by name, each with its speed factor against `reference` (this machine's
 * benchmark as its gauge reads it). One short connection per call, which never retries: an unreachable
 * Redis answers `connected: false` with the reason within `waitMs`.
 */
export async function readWorkers(
  target: RedisTarget,
  reference: SpeedReading,
  waitMs = 3000,
): Promise<WorkersView> {
  const answered = await onShortConnection(target, waitMs, async (client) => {
    const keys = await client.keys(WORKER_KEYS);
    return keys.length === 0 ? [] : await client.mget(...keys);
  });
  if (!answered.ok) return { connected: false, problem: answered.problem, reference: null, workers: [] };
  const workers = answered.value
    .flatMap((text) => beatOf(text))
    .map((b) => ({
      name: b.name,
      host: b.host,
      slots: b.slots,
      running: b.running,
      speedFactor: speedFactor(b.benchmarkMs, reference.benchmarkMs),
      benchmarkMs: b.benchmarkMs,
      measuredAt: b.measuredAt ?? b.startedAt,
      lastSeen: b.lastSeen,
      problem: b.problem,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    connected: true,
    problem: null,
    reference: {
      benchmarkMs: reference.benchmarkMs,
      measuredAt: reference.measuredAt,
      measurements: reference.measurements,
    },
    workers,
  };
}

/** A heartbeat's facts, or nothing for a value that is not one. */
function beatOf(text: string | null): WorkerBeat[] {
  if (text === null) return [];
  try {
    const beat = JSON.parse(text) as Partial<WorkerBeat>;
    return typeof beat.name === 'string' &&
      typeof beat.slots === 'number' &&
      typeof beat.benchmarkMs === 'number' &&
      beat.benchmarkMs > 0 &&
      typeof (beat.measuredAt ?? beat.startedAt) === 'string'
      ? [beat as WorkerBeat]
      : [];
  } catch {
    return [];
  }
}
