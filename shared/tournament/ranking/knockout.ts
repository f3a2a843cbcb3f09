import { entry } from './totals.ts';
import type { Dict, KnockoutFigure, MatchTotals } from './types.ts';

/** Who won a match, when it is decided. */
function winnerOf(
  match: MatchTotals,
  gamesPerMatch: number | undefined,
  later: ReadonlySet<string>,
): string | null {
  const first = match.games[0];
  if (!first) return null;
  const [hi = '', lo = ''] = first.seats;
  if (gamesPerMatch === undefined) {
    // Without k, only a later match shows who went on.
    if (later.has(hi)) return hi;
    if (later.has(lo)) return lo;
    return null;
  }
  const k = gamesPerMatch;
  if (match.games.length < k) return null;
  const total = (id: string, from: number, to: number): number => {
    let sum = 0;
    for (const g of match.games.slice(from, to)) sum += g.scores[g.seats.indexOf(id)] ?? 0;
    return sum;
  };
  // The knockout scheduler's rule: the higher total over the k games; on a tie one decider, whose winner
  // goes on; a tied decider sends the higher seed (the first game's first seat) on.
  const diff = total(hi, 0, k) - total(lo, 0, k);
  if (diff !== 0) return diff > 0 ? hi : lo;
  if (match.games.length === k) return null;
  return total(lo, k, match.games.length) > total(hi, k, match.games.length) ? lo : hi;
}

/**
 * Every bot's knockout progress from the matches of the knockout stage: the last round it played, whether
 * it lost there, whether it won the final (round log2 of the bracket size for `fieldSize` players).
 */
export function knockoutProgress(
  matches: Dict<MatchTotals>,
  fieldSize: number,
  gamesPerMatch: number | undefined,
): Map<string, KnockoutFigure> {
  let rounds = 0;
  while (2 ** rounds < fieldSize) rounds++;
  const byRound = new Map<number, MatchTotals[]>();
  for (const key of Object.keys(matches)) {
    const m = entry(matches, key) as MatchTotals;
    byRound.set(m.round, [...(byRound.get(m.round) ?? []), m]);
  }
  const out = new Map<string, { reached: number; out: boolean; champion: boolean }>();
  const playersAfter = (round: number): Set<string> => {
    const ids = new Set<string>();
    for (const [r, ms] of byRound)
      if (r > round) for (const m of ms) for (const id of m.games[0]?.seats ?? []) ids.add(id);
    return ids;
  };
  for (const [round, ms] of [...byRound].sort((a, b) => a[0] - b[0])) {
    const later = playersAfter(round);
    for (const m of ms) {
      const players = m.games[0]?.seats ?? [];
      const winner = winnerOf(m, gamesPerMatch, later);
      for (const id of players) {
        const prev = out.get(id);
        if (prev && prev.reached > round) continue;
        out.set(id, {
          reached: round,
          out: winner !== null && winner !== id,
          champion: winner === id && round === rounds,
        });
      }
    }
  }
  return out;
}

/**
 * The knockout sort key of a bot: the champion first, then every bot still in (not out), then the
 * eliminated by the round they lost in, latest first. Bots with the same key share a place.
 */
export function knockoutKey(k: KnockoutFigure | undefined): number {
  if (!k) return 0;
  if (k.champion) return Number.MAX_SAFE_INTEGER;
  return k.out ? k.reached : Number.MAX_SAFE_INTEGER - 1;
}
