import { readWorkers, type WorkersView } from '../engine/workers/app-view.ts';
import { parseRedisUrl, redisProblem, type RedisTarget } from '../engine/workers/connection.ts';
import { cpuBenchmarkMs } from '../engine/workers/speed.ts';
import type { SettingsStore } from './settings-store.ts';

/**
 * A Redis URL as it may be shown to someone who must not learn its password (a `jury serve` spectator):
 * the password replaced by `***`, the rest kept. A URL that does not read (never stored) is hidden whole.
 */
export function redisUrlWithoutPassword(url: string): string {
  const target = parseRedisUrl(url);
  return 'problem' in target ? '***' : target.shown;
}

/** The queue a run of the app uses: the settings' Redis URL, checked, and the organiser's secret. */
export interface WorkerConnection {
  readonly target: RedisTarget;
  readonly secret: string;
  /** This machine's speed benchmark time (ms), measured once per app start. */
  readonly benchmarkMs: number;
}

/**
 * The app's side of remote workers (docs/workers.md): the settings' queue, checked before a run starts,
 * and the workers beating on it. This machine's speed benchmark is measured once, at its first use.
 */
export class AppWorkers {
  readonly #settings: SettingsStore;
  #benchmarkMs: number | null;

  /** `benchmarkMs`: this machine's benchmark time when already known (tests). */
  constructor(settings: SettingsStore, benchmarkMs?: number) {
    this.#settings = settings;
    this.#benchmarkMs = benchmarkMs ?? null;
  }

  /** This machine's speed benchmark time, measured at the first call. */
  benchmarkMs(): number {
    this.#benchmarkMs ??= cpuBenchmarkMs();
    return this.#benchmarkMs;
  }

  /** The settings' Redis target, or why there is none. */
  target(): RedisTarget | { readonly problem: string } {
    const url = this.#settings.get().workers.redisUrl;
    if (url === null) return { problem: 'no Redis URL is set in Settings → Remote workers' };
    const target = parseRedisUrl(url);
    return 'problem' in target ? { problem: `the Redis URL in Settings: ${target.problem}` } : target;
  }

  /**
   * The queue a run starts on: the URL and secret of the settings, and a Redis that answers. Throws a
   * message that says what to set or why Redis does not answer; nothing is created.
   */
  async connection(): Promise<WorkerConnection> {
    const target = this.target();
    if ('problem' in target)
      throw new Error(`this tournament plays on remote workers, but ${target.problem}`);
    const secret = await this.#settings.workerSecret();
    if (secret === null) {
      throw new Error(
        "this tournament plays on remote workers, but the organiser's secret is not set in Settings → Remote workers",
      );
    }
    const problem = await redisProblem(target);
    if (problem !== null) throw new Error(`this tournament plays on remote workers, but ${problem}`);
    return { target, secret, benchmarkMs: this.benchmarkMs() };
  }

  /** The workers beating now, for `workers.list`. */
  async list(): Promise<WorkersView> {
    const target = this.target();
    if ('problem' in target) return { connected: false, problem: target.problem, workers: [] };
    return readWorkers(target, this.benchmarkMs());
  }
}
