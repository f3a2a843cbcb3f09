import { cpuBenchmarkMs } from './speed.ts';

// Why a gauge and not one measurement: a busy moment (a build, another program, the app starting) only
// ever makes the benchmark slower, never faster. One measurement taken then decided a whole event (a
// worker on the coordinator's own machine got 0.53, so its bots 53% of their time; 1.00 after a restart).
// So each side keeps measuring at quiet moments and goes by the fastest of its latest measurements: the
// minimum approaches the machine's real speed, and a machine that really became slower (a laptop off its
// charger) is seen once its faster measurements have dropped out of the window.

/** How many of the latest measurements the fastest is taken from. */
export const KEPT_MEASUREMENTS = 12;

/** How old the last measurement may be before a quiet moment measures again (ms): 5 minutes. */
export const MEASURE_EVERY_MS = 5 * 60_000;

/** What a gauge knows: the benchmark time that counts and when it was last measured. */
export interface SpeedReading {
  /** The fastest of the kept measurements (ms): the figure a speed factor is made of. */
  readonly benchmarkMs: number;
  /** When the latest measurement was made (ISO 8601). */
  readonly measuredAt: string;
  /** How many measurements `benchmarkMs` is the fastest of. */
  readonly measurements: number;
}

/** What a gauge is made with; every field has a default. */
export interface SpeedGaugeOptions {
  /** One measurement (ms): {@link cpuBenchmarkMs} by default; tests inject their own figures. */
  readonly benchmark?: () => number;
  /** The clock (ms since the epoch). */
  readonly now?: () => number;
  /** How many latest measurements are kept ({@link KEPT_MEASUREMENTS}). */
  readonly keep?: number;
}

/**
 * One machine's speed benchmark over time: {@link measure} runs the benchmark (about 0.2 s of one core,
 * blocking the caller: call it only when this machine plays no game of its own, which it would disturb),
 * and {@link reading} answers the fastest of the latest {@link KEPT_MEASUREMENTS}.
 */
export class SpeedGauge {
  readonly #benchmark: () => number;
  readonly #now: () => number;
  readonly #keep: number;
  readonly #times: number[] = [];
  #lastAt: number | null = null;

  constructor(options: SpeedGaugeOptions = {}) {
    this.#benchmark = options.benchmark ?? cpuBenchmarkMs;
    this.#now = options.now ?? Date.now;
    this.#keep = Math.max(1, options.keep ?? KEPT_MEASUREMENTS);
  }

  /** A gauge whose every measurement is `ms` (tests and benches that must not time real work). */
  static fixed(ms: number): SpeedGauge {
    return new SpeedGauge({ benchmark: () => ms });
  }

  /** Measures now and answers the new reading. A measurement that is not a positive number is ignored. */
  measure(): SpeedReading {
    const ms = this.#benchmark();
    if (Number.isFinite(ms) && ms > 0) {
      this.#times.push(ms);
      if (this.#times.length > this.#keep) this.#times.shift();
      this.#lastAt = this.#now();
    }
    const reading = this.reading();
    if (reading === null) throw new Error(`the speed benchmark answered ${ms} ms`);
    return reading;
  }

  /** The reading so far, or null before the first measurement. */
  reading(): SpeedReading | null {
    if (this.#lastAt === null) return null;
    return {
      benchmarkMs: Math.min(...this.#times),
      measuredAt: new Date(this.#lastAt).toISOString(),
      measurements: this.#times.length,
    };
  }

  /** The reading, measuring first when there is none yet. */
  current(): SpeedReading {
    return this.reading() ?? this.measure();
  }

  /** Milliseconds since the latest measurement (Infinity before the first). */
  ageMs(): number {
    return this.#lastAt === null ? Infinity : this.#now() - this.#lastAt;
  }
}

/**
 * Measures `gauge` again whenever its latest measurement is at least `everyMs` old and `quiet()` says
 * this machine plays no game of its own, checked every `checkMs`. The timer does not keep the process
 * alive. Answers the function that stops it.
 */
export function keepMeasuring(
  gauge: SpeedGauge,
  quiet: () => boolean,
  everyMs = MEASURE_EVERY_MS,
  checkMs = 30_000,
): () => void {
  const timer = setInterval(
    () => {
      if (gauge.ageMs() >= everyMs && quiet()) gauge.measure();
    },
    Math.min(checkMs, everyMs),
  );
  timer.unref();
  return () => clearInterval(timer);
}
