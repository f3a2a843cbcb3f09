import { gameModule } from '../../../shared/games/registry.ts';
import type { TournamentConfig } from '../tournament/config.ts';

/** Repeats of the benchmark; the fastest counts (the others met a busy machine). */
const RUNS = 5;

/**
 * A fixed CPU benchmark, like Caia's `cpu_speed`: the same integer work on every machine (a
 * xorshift stream folded into a small table, about 40 ms on the machines Jury is built on), timed
 * five times on one core; answers the fastest run in ms. A worker's speed factor is its time over the
 * coordinator's: 1.25 means it is 25% slower, and its bots get 25% more time.
 */
export function cpuBenchmarkMs(): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    const table = new Uint32Array(4096);
    let x = 0x9e3779b9;
    for (let i = 0; i < 6_000_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const at = x & 4095;
      table[at] = ((table[at] ?? 0) + (x >>> 3)) >>> 0;
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // Keep the work observable so it cannot be optimised away.
    if (table[0] === 0xffffffff && table[1] === 0xffffffff) best = -1;
    best = Math.min(best, ms);
  }
  return best;
}

/** The speed factor of this machine against the coordinator's benchmark time, to two decimals. */
export function speedFactor(ownMs: number, referenceMs: number): number {
  return Math.round((ownMs / referenceMs) * 100) / 100;
}

/**
 * The config a worker plays with: every time budget (the tournament's, or the game's own) scaled by the
 * worker's speed factor, as Caia scales a player's time by its cpu-speed factor. A factor of 1 changes
 * nothing.
 */
export function scaledConfig(config: TournamentConfig, factor: number): TournamentConfig {
  if (factor === 1) return config;
  const control = gameModule(config.game).info.timeControl;
  const own = control.kind === 'game-total' ? control.budgetMs : control.deadlineMs;
  const budgetMs = Math.max(1, Math.round((config.timing.budgetMs ?? own) * factor));
  return { ...config, timing: { ...config.timing, budgetMs } };
}
