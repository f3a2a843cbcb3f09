import { readWorkers, type WorkersView } from '../engine/workers/app-view.ts';
import { parseRedisUrl, redisProblem, type RedisTarget } from '../engine/workers/connection.ts';
import { keepMeasuring, SpeedGauge, type SpeedReading } from '../engine/workers/speed-gauge.ts';
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
  /** This machine's speed gauge: a run measures it before its first job and reads it for every job. */
  readonly gauge: SpeedGauge;
}

/** How the app's remote workers are made; every field has a default. */
export interface AppWorkersOptions {
  /** A fixed speed benchmark time for this machine instead of measuring (tests). */
  readonly benchmarkMs?: number;
  /** One speed measurement (ms) instead of the CPU benchmark (tests). */
  readonly benchmark?: () => number;
  /**
   * Whether this machine plays no game of its own now (no run of this process on local slots): only then
   * is its speed measured again. Always, by default.
   */
  readonly quiet?: () => boolean;
}

/**
 * The app's side of remote workers (docs/workers.md): the settings' queue, checked before a run starts,
 * and the workers beating on it. This machine's speed (the reference of every worker's factor) is
 * measured at its first use, and then again every few minutes while it plays no game of its own and
 * before each run on workers; the fastest of its latest measurements counts.
 */
export class AppWorkers {
  readonly #settings: SettingsStore;
  readonly #options: AppWorkersOptions;
  #gauge: SpeedGauge | null = null;
  #stopMeasuring: (() => void) | null = null;

  constructor(settings: SettingsStore, options: AppWorkersOptions = {}) {
    this.#settings = settings;
    this.#options = options;
  }

  /** This machine's speed gauge, measured (and then kept measured at quiet moments) from the first call. */
  gauge(): SpeedGauge {
    if (this.#gauge === null) {
      const { benchmarkMs: fixed, benchmark } = this.#options;
      const gauge = new SpeedGauge(
        fixed === undefined ? (benchmark ? { benchmark } : {}) : { benchmark: () => fixed },
      );
      gauge.measure();
      this.#stopMeasuring = keepMeasuring(gauge, this.quiet);
      this.#gauge = gauge;
    }
    return this.#gauge;
  }

  /** Whether this machine plays no game of its own now. */
  readonly quiet = (): boolean => this.#options.quiet?.() ?? true;

  /** This machine's speed benchmark as it stands: the fastest of its latest measurements, and when. */
  reference(): SpeedReading {
    return this.gauge().current();
  }

  /** Stops measuring at quiet moments. */
  close(): void {
    this.#stopMeasuring?.();
    this.#stopMeasuring = null;
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
    return { target, secret, gauge: this.gauge() };
  }

  /** The workers beating now, for `workers.list`. */
  async list(): Promise<WorkersView> {
    const target = this.target();
    if ('problem' in target)
      return { connected: false, problem: target.problem, reference: null, workers: [] };
    return readWorkers(target, this.reference());
  }
}
