import { ordinal, rate, rating } from 'openskill';
import type { GameShape } from '../standings/results.ts';
import type { GameOutcome } from '../types.ts';
import type { Dict, SkillEntry, SkillFigure } from './types.ts';

/**
 * The openskill match of one game: the sides (lists of seats) and their ranks (1 best, ties equal). A
 * team of seats that all ended OK is one side ranked by its team score (the best member's score). A seat
 * whose program failed is taken out of its team and ranked last, as a side of its own (all failed seats
 * tie for last): an irregular loss is a loss, whatever its score, while a Less partner keeps its team's
 * result. Null when fewer than two sides remain. Cooperative games are never rated (callers skip them):
 * both seats always share one score, so a game ranks nobody.
 */
export function skillMatch(
  outcome: GameOutcome,
  teamOf: readonly number[],
): { readonly sides: number[][]; readonly ranks: number[] } | null {
  const bySide = new Map<number, number[]>();
  const failed: number[][] = [];
  outcome.seats.forEach((_, seat) => {
    if ((outcome.statuses[seat] ?? 'OK') !== 'OK') failed.push([seat]);
    else {
      const t = teamOf[seat] ?? seat;
      const side = bySide.get(t);
      if (side) side.push(seat);
      else bySide.set(t, [seat]);
    }
  });
  const clean = [...bySide.values()];
  const score = clean.map((side) => Math.max(...side.map((seat) => outcome.scores[seat] ?? 0)));
  const distinct = [...new Set(score)].sort((a, b) => b - a);
  const ranks = score.map((s) => distinct.indexOf(s) + 1);
  const last = distinct.length + 1;
  const sides = [...clean, ...failed];
  if (sides.length < 2) return null;
  return { sides, ranks: [...ranks, ...failed.map(() => last)] };
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
