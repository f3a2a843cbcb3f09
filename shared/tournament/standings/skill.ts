import { ordinal, rate, rating } from 'openskill';
import type { Rating } from 'openskill';
import type { GameOutcome } from '../types.ts';
import type { GameShape } from './results.ts';
import { teamOfSeat } from './results.ts';
import { skillMatch } from '../ranking/skill.ts';

/** One bot's openskill (Weng–Lin, Plackett–Luce) rating. */
export interface SkillRow {
  readonly id: string;
  /** The skill estimate (openskill's scale: a new bot has 25). */
  readonly mu: number;
  /** Its uncertainty (a new bot has 25/3). */
  readonly sigma: number;
  /** `mu − 3·sigma`: the conservative value, which the table is sorted by. */
  readonly conservative: number;
  readonly games: number;
}

/** Running openskill ratings by bot id, for {@link rateGame}; absent bots have the starting rating. */
export type SkillState = Map<string, Rating & { games: number }>;

/**
 * Updates `state` with one game (one match between the game's teams, Less: two teams of two, otherwise
 * one seat each, ranked by team score, the best member's score, ties allowed; a seat whose program
 * failed ranks last on its own, see `skillMatch` in ranking/skill.ts). Lets a running
 * tournament keep ratings up to date game by game instead of re-rating every stored game on each query.
 */
export function rateGame(state: SkillState, o: GameOutcome, teamOf: readonly number[]): void {
  const match = skillMatch(o, teamOf);
  if (!match) return;
  const seatIds = match.sides.map((side) => side.map((seat) => o.seats[seat] as string));
  const result = rate(
    seatIds.map((ids) => ids.map((id) => state.get(id) ?? rating())),
    { rank: match.ranks },
  );
  seatIds.forEach((ids, t) =>
    ids.forEach((id, k) => {
      const r = result[t]?.[k] ?? rating();
      state.set(id, { mu: r.mu, sigma: r.sigma, games: (state.get(id)?.games ?? 0) + 1 });
    }),
  );
}

/**
 * Multi-player ratings with openskill's Plackett–Luce model for any non-cooperative game (null for 6561,
 * where both seats always share one score so a ranking carries no information). Games are rated one by
 * one in schedule order (the model is online, so the order matters and is fixed for reproducibility),
 * see {@link rateGame}. Returned best first by the conservative value, then id; bots without games keep
 * the starting rating (whose conservative value, 0, is above that of a bot that only lost).
 */
export function skillRatings(
  order: readonly string[],
  outcomes: readonly GameOutcome[],
  shape: GameShape,
): readonly SkillRow[] | null {
  if (shape.cooperative) return null;
  const state: SkillState = new Map();
  const teamOf = teamOfSeat(shape);
  for (const o of [...outcomes].sort((a, b) => a.index - b.index)) rateGame(state, o, teamOf);
  return skillTable(order, state);
}

/** The table of `state` for the bots of `order`, best first by `mu − 3σ`, then id. */
export function skillTable(order: readonly string[], state: SkillState): readonly SkillRow[] {
  const rows = order.map((id) => {
    const r = state.get(id) ?? { ...rating(), games: 0 };
    return { id, mu: r.mu, sigma: r.sigma, conservative: ordinal(r), games: r.games };
  });
  return rows.sort((a, b) => b.conservative - a.conservative || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
