import type { GameOutcome } from '../types.ts';
import type { GameShape } from './results.ts';
import { seatResults } from './results.ts';
import { eloFit } from '../ranking/elo.ts';

/** One bot's Elo with its 95% interval. */
export interface EloRow {
  readonly id: string;
  readonly elo: number;
  /** Standard error of `elo` (Elo points). */
  readonly se: number;
  /** The 95% interval: `elo ± 1.96·se`. */
  readonly low: number;
  readonly high: number;
  readonly games: number;
  /** Score fraction: (wins + draws/2) / games. */
  readonly score: number;
}

/** Options of {@link eloRatings}. */
export interface EloOptions {
  /** The mean rating of the field. Default 1500. */
  readonly anchor?: number;
  /**
   * Standard deviation (Elo) of a weak Gaussian prior on every rating. Without one, a bot that won every
   * game would have an infinite rating; 1000 moves a 100-game 75% result by well under one Elo point.
   */
  readonly priorSd?: number;
}

/**
 * Elo ratings for a 2-player, non-cooperative game (otherwise null): the Bradley–Terry maximum a posteriori
 * fit over all games at once (order does not matter), with W/D/L from `seatResults` and a draw as half a
 * point. When both seats failed each gets half. The intervals come from the inverse of the observed
 * Fisher information, for each rating relative to the field's mean, which the fit fixes at `anchor`.
 */
export function eloRatings(
  order: readonly string[],
  outcomes: readonly GameOutcome[],
  shape: GameShape,
  options: EloOptions = {},
): readonly EloRow[] | null {
  if (shape.seats !== 2 || shape.cooperative) return null;
  const n = order.length;
  const pos = new Map(order.map((id, i) => [id, i]));
  // games[i][j] and points[i][j]: i's games and points against j.
  const games = order.map(() => new Array<number>(n).fill(0));
  const points = order.map(() => new Array<number>(n).fill(0));
  for (const o of outcomes) {
    const a = pos.get(o.seats[0] ?? '');
    const b = pos.get(o.seats[1] ?? '');
    if (a === undefined || b === undefined || a === b) continue;
    const [ra, rb] = seatResults(o, shape).map((r) => (r === 'WIN' ? 1 : r === 'DRAW' ? 0.5 : 0));
    const sa = ((ra ?? 0) + 1 - (rb ?? 0)) / 2;
    (games[a] as number[])[b] = (games[a]?.[b] ?? 0) + 1;
    (games[b] as number[])[a] = (games[b]?.[a] ?? 0) + 1;
    (points[a] as number[])[b] = (points[a]?.[b] ?? 0) + sa;
    (points[b] as number[])[a] = (points[b]?.[a] ?? 0) + 1 - sa;
  }
  return eloFit(order, games, points, options);
}
