import { initialRating, ordinal, rate } from './plackett-luce.ts';
import type { GameShape } from '../results/results.ts';
import type { GameOutcome } from '../types.ts';
import type { Dict, SkillEntry, SkillFigure } from './types.ts';

/** The order of published results: a win before a draw before a loss. */
const RESULT_LEVEL = { WIN: 0, DRAW: 1, LOSE: 2 } as const;

/**
 * The openskill match of one game: the sides (lists of seats) and their ranks (1 best, ties equal). When
 * every seat ended OK, each team is one side ranked by its team score (the best member's score; Less:
 * two teams of two, otherwise one seat each); with published results (an imported CodeCup game) by its
 * result first, then its team score. A seat whose program failed ranks last (all failed seats
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
  // A published result (an imported CodeCup game) orders the seats before their scores: in Box a LOSE
  // with 93 against a TIMEOUT with 0 is no win, and two published LOSEs with different scores are not a tie.
  const published = outcome.results;
  const level = (seat: number): number => (published ? RESULT_LEVEL[published[seat] ?? 'LOSE'] : 0);
  const keyOf = (seat: number): readonly [number, number] => [
    level(seat),
    teamScore.get(teamOf[seat] ?? seat) ?? 0,
  ];
  const distinct = seats
    .filter((seat) => !failed(seat))
    .map(keyOf)
    .sort((a, b) => a[0] - b[0] || b[1] - a[1])
    .filter((k, i, all) => i === 0 || k[0] !== all[i - 1]?.[0] || k[1] !== all[i - 1]?.[1]);
  const rankOf = (seat: number): number => {
    if (failed(seat)) return distinct.length + 1;
    const [l, score] = keyOf(seat);
    return distinct.findIndex((k) => k[0] === l && k[1] === score) + 1;
  };
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
  const r = initialRating();
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
    match.ranks,
  );
  ids.forEach((side, t) =>
    side.forEach((id, k) => {
      const r = result[t]?.[k] ?? initialRating();
      skill[id] = { mu: r.mu, sigma: r.sigma, games: skillOf(skill, id).games + 1 };
    }),
  );
}

/** The figure shown for a bot: μ, σ and the conservative μ − 3σ. */
export function skillFigure(entry: SkillEntry): SkillFigure {
  return { mu: entry.mu, sigma: entry.sigma, conservative: ordinal(entry), games: entry.games };
}
