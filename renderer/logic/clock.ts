import type { TimeControl } from '../../shared/games/types.ts';

/**
 * The seat clocks of the live boards: the time charged so far, formatted to the precision that matters
 * at that size, and how much of the game's budget it used (for the bar under it).
 */

/**
 * Charged time as a clock: `0.84 s` and `9.05 s` (hundredths matter with little used), `12.3 s`, then
 * `1:02.3` from a minute on. Truncated, never rounded up: a clock must not show more than was charged.
 */
export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `${(Math.floor(t / 10) / 100).toFixed(2)} s`;
  if (t < 60_000) return `${(Math.floor(t / 100) / 10).toFixed(1)} s`;
  const minutes = Math.floor(t / 60_000);
  const seconds = Math.floor((t % 60_000) / 100) / 10;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/**
 * The budget of one seat for the whole game in ms: the override when the tournament sets one, else the
 * game's own; null for per-move time controls (Flit), where the charged total has no limit.
 */
export function gameBudgetMs(timeControl: TimeControl | undefined, overrideMs?: number): number | null {
  if (timeControl?.kind !== 'game-total') return null;
  return overrideMs ?? timeControl.budgetMs;
}

/** The share of the budget used, 0 … 1, or null without a budget. */
export function clockShare(ms: number, budgetMs: number | null): number | null {
  if (budgetMs === null || budgetMs <= 0) return null;
  return Math.max(0, Math.min(1, ms / budgetMs));
}

/** How worrying a clock is: `ok`, `warn` from three quarters of the budget on, `danger` when it is spent. */
export function clockTone(ms: number, budgetMs: number | null): 'ok' | 'warn' | 'danger' {
  const share = clockShare(ms, budgetMs);
  if (share === null || share < 0.75) return 'ok';
  return share >= 1 ? 'danger' : 'warn';
}
