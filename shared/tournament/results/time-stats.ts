import type { GameOutcome } from '../types.ts';
import type { GameShape } from './results.ts';

/** One bot's thinking-time figures over its games (all times in µs). */
export interface TimeStatsRow {
  readonly id: string;
  readonly games: number;
  /** Timed replies over all games. */
  readonly moves: number;
  /** Total charged time / total replies (0 without replies). */
  readonly meanPerMoveUs: number;
  /** The slowest single reply of any game. */
  readonly maxMoveUs: number;
  /** Total charged time / games (0 without games). */
  readonly meanPerGameUs: number;
  /** The most time charged in one game. */
  readonly maxPerGameUs: number;
  /**
   * The closest call to the limit, as a fraction of it (1 or more: over it): for a per-game budget the
   * game's charged time over the budget, for a per-move deadline (Flit) the slowest reply over the
   * deadline (a record's slowest reply leaves out the first, which had the start-up allowance as well,
   * so a bot that never timed out stays at or under 1). Null without games.
   */
  readonly closestCall: { readonly fraction: number; readonly gameIndex: number } | null;
}

/** Per-bot time statistics, in the order of `order`. */
export function timeStats(
  order: readonly string[],
  outcomes: readonly GameOutcome[],
  shape: Pick<GameShape, 'timeControl'>,
): readonly TimeStatsRow[] {
  const perMove = shape.timeControl.kind === 'per-move';
  interface Acc {
    games: number;
    moves: number;
    totalUs: number;
    maxMoveUs: number;
    maxPerGameUs: number;
    closest: { fraction: number; gameIndex: number } | null;
  }
  const acc = new Map<string, Acc>(
    order.map((id) => [id, { games: 0, moves: 0, totalUs: 0, maxMoveUs: 0, maxPerGameUs: 0, closest: null }]),
  );
  for (const o of outcomes) {
    o.seats.forEach((id, seat) => {
      const a = acc.get(id);
      const t = o.times[seat];
      if (!a || !t) return;
      a.games += 1;
      a.moves += t.moves;
      a.totalUs += t.chargedUs;
      a.maxMoveUs = Math.max(a.maxMoveUs, t.maxMoveUs);
      a.maxPerGameUs = Math.max(a.maxPerGameUs, t.chargedUs);
      if (o.budgetUs > 0) {
        const fraction = (perMove ? t.maxMoveUs : t.chargedUs) / o.budgetUs;
        // Strictly greater: the first game reaching the closest call is the one named.
        if (!a.closest || fraction > a.closest.fraction) a.closest = { fraction, gameIndex: o.index };
      }
    });
  }
  return order.map((id) => {
    const a = acc.get(id) as Acc;
    return {
      id,
      games: a.games,
      moves: a.moves,
      meanPerMoveUs: a.moves > 0 ? a.totalUs / a.moves : 0,
      maxMoveUs: a.maxMoveUs,
      meanPerGameUs: a.games > 0 ? a.totalUs / a.games : 0,
      maxPerGameUs: a.maxPerGameUs,
      closestCall: a.closest,
    };
  });
}
