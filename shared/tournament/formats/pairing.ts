/**
 * Swiss pairing for 2-player games, written here rather than taken from `tournament-pairings` (the
 * package the brief suggested): that package shuffles with Math.random(), so the same history would not
 * give the same pairings and a resumed tournament would diverge; it is also GPL-3.0 (Jury is MIT) and
 * pulls in a CommonJS blossom port. Score-group pairing with backtracking is enough here: it is the
 * classic Swiss method, deterministic, and fast for hundreds of players because late-round dead ends
 * are rare and bounded by a step budget.
 */

/** One round's pairing: pairs in ranking order (the higher-ranked player first) and the bye, if any. */
export interface SwissPairing {
  readonly pairs: readonly (readonly [string, string])[];
  readonly bye: string | null;
}

/** How many backtracking steps one pairing attempt may take before giving up on "no rematches". */
const STEP_BUDGET = 50_000;

/**
 * Pairs `ranked` (best first) so nobody meets an opponent again: the top unpaired player takes the
 * highest-ranked opponent he has not met, backtracking when the rest cannot be paired. With an odd
 * field, the bye goes to the lowest-ranked player among those with the fewest byes, or the next such
 * candidate when that choice leaves no rematch-free pairing. The bye never goes to a player with more
 * byes than someone else (a rematch is preferred to that), so byes stay within one of each other and
 * rotate through the field. When no rematch-free pairing is found within the budget, rematches are
 * allowed, each player taking the opponent he met least often.
 */
export function pairSwiss(
  ranked: readonly string[],
  meetings: (a: string, b: string) => number,
  byes: (id: string) => number,
): SwissPairing {
  const fewest = Math.min(...ranked.map(byes));
  const candidates =
    ranked.length % 2 === 0
      ? [null]
      : ranked
          .map((id, place) => ({ id, place }))
          .filter((c) => byes(c.id) === fewest)
          .sort((a, b) => b.place - a.place)
          .map((c) => c.id);
  for (const bye of candidates) {
    const field = ranked.filter((id) => id !== bye);
    const pairs = backtrack(field, meetings, { steps: 0 });
    if (pairs) return { pairs, bye };
  }
  const bye = candidates[0] ?? null;
  return {
    pairs: leastMet(
      ranked.filter((id) => id !== bye),
      meetings,
    ),
    bye,
  };
}

function backtrack(
  field: readonly string[],
  meetings: (a: string, b: string) => number,
  budget: { steps: number },
): [string, string][] | null {
  const [top, ...rest] = field;
  if (top === undefined) return [];
  for (const opponent of rest) {
    if (++budget.steps > STEP_BUDGET) return null;
    if (meetings(top, opponent) > 0) continue;
    const tail = backtrack(
      rest.filter((id) => id !== opponent),
      meetings,
      budget,
    );
    if (tail) return [[top, opponent], ...tail];
  }
  return null;
}

function leastMet(field: readonly string[], meetings: (a: string, b: string) => number): [string, string][] {
  const pairs: [string, string][] = [];
  let rest = [...field];
  while (rest.length >= 2) {
    const [top, ...others] = rest as [string, ...string[]];
    const opponent = others.reduce((best, id) => (meetings(top, id) < meetings(top, best) ? id : best));
    pairs.push([top, opponent]);
    rest = others.filter((id) => id !== opponent);
  }
  return pairs;
}
