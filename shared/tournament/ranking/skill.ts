import { ordinal, rate, rating } from 'openskill';
import type { GameShape } from '../standings/results.ts';
import type { GameOutcome } from '../types.ts';
import type { Dict, SkillEntry, SkillFigure } from './types.ts';

/**
 * The openskill match of one game: the sides (lists of seats) and their ranks (1 best, ties equal). When
 * every seat ended OK, each team is one side ranked by its team score (the best member's score; Less:
 * two teams of two, otherwise one seat each). A seat whose program failed ranks last (all failed seats
 * tie for last): an irregular loss is a loss, whatever its score. In a team game with a failure every
 * seat is then a side of its own, its partners ranked by their team's score, so a Less partner keeps its
 * team's result and is not rated as a team of one against a team of two. Null when fewer than two sides
 * remain. Cooperative games are never rated (callers skip them): both seats always share one score, so a
 * game ranks nobody.
 */
export function skillMatch(
  outcome: GameOutcome,
  teamOf: readonly number[],
): { readonly sides: number[][]; readonly ranks: number[] } | null {
  const seats = outcome.seats.map((_, seat) => seat);
  const failed = (seat: number): boolean => (outcome.statuses[seat] ?? 'OK') !== 'OK';
  const anyFailed = seats.some(failed);
  // Team scores over the seats that ended OK.
  const teamScore = new Map<number, number>();
  for (const seat of seats) {
    if (failed(seat)) continue;
    const t = teamOf[seat] ?? seat;
    teamScore.set(t, Math.max(teamScore.get(t) ?? -Infinity, outcome.scores[seat] ?? 0));
  }
  const distinct = [...new Set(teamScore.values())].sort((a, b) => b - a);
  const rankOf = (seat: number): number =>
    failed(seat) ? distinct.length + 1 : distinct.indexOf(teamScore.get(teamOf[seat] ?? seat) ?? 0) + 1;
  let sides: number[][];
  if (anyFailed) sides = seats.map((seat) => [seat]);
  else {
    const byTeam = new Map<number, number[]>();
    for (const seat of seats) {
      const t = teamOf[seat] ?? seat;
      byTeam.set(t, [...(byTeam.get(t) ?? []), seat]);
    }
    sides = [...byTeam.values()];
  }
  if (sides.length < 2) return null;
  return { sides, ranks: sides.map((side) => rankOf(side[0] as number)) };
}

/** A bot's entry, or the starting rating (μ 25, σ 25/3) before its first game. */
export function skillOf(skill: Dict<SkillEntry>, id: string): SkillEntry {
  if (Object.hasOwn(skill, id)) return skill[id] as SkillEntry;
  const r = rating();
  return { mu: r.mu, sigma: r.sigma, games: 0 };
}

/** Updates `skill` (in place) with one game, see {@link skillMatch}; nothing for cooperative games. */
export function rateOutcome(
  skill: Dict<SkillEntry>,
  outcome: GameOutcome,
  shape: GameShape,
  teamOf: readonly number[],
): void {
  if (shape.cooperative) return;
  const match = skillMatch(outcome, teamOf);
  if (!match) return;
  const ids = match.sides.map((side) => side.map((seat) => outcome.seats[seat] as string));
  const result = rate(
    ids.map((side) => side.map((id) => skillOf(skill, id))),
    { rank: match.ranks },
  );
  ids.forEach((side, t) =>
    side.forEach((id, k) => {
      const r = result[t]?.[k] ?? rating();
      skill[id] = { mu: r.mu, sigma: r.sigma, games: skillOf(skill, id).games + 1 };
    }),
  );
}

/** The figure shown for a bot: μ, σ and the conservative μ − 3σ. */
export function skillFigure(entry: SkillEntry): SkillFigure {
  return { mu: entry.mu, sigma: entry.sigma, conservative: ordinal(entry), games: entry.games };
}
