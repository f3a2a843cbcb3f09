// openskill's rating update (Weng–Lin with the Plackett–Luce model, openskill 5 with its defaults),
// written out here because the library cannot be loaded lightly from source: each of its modules, and
// both entries its package exports ('openskill', 'openskill/models'), imports the whole of ramda (some
// 370 modules under Node) and its statistics @stdlib, over 500 modules in all, which made `jury
// standings` start in 5.6× a bare Node start (issue 28). The arithmetic below is openskill's, step for
// step and in the same order, so that it gives the same numbers to the last bit;
// plackett-luce.test.ts checks that against openskill (a dev dependency) on many random games.

/** A player's rating: the mean μ of its skill and the uncertainty σ. */
export interface Rating {
  readonly mu: number;
  readonly sigma: number;
}

/** openskill's defaults: μ 25, σ 25/3, β = σ/2, the dynamics τ = 25/300, κ 1e-4, z 3. */
const MU = 25;
const SIGMA = 25 / 3;
const BETA_SQ = (25 / 6) ** 2;
const TAU_SQ = (25 / 300) * (25 / 300);
const KAPPA = 1e-4;
const Z = 3;

/** The rating of a player before its first game: μ 25, σ 25/3 (openskill's `rating()`). */
export function initialRating(): Rating {
  return { mu: MU, sigma: SIGMA };
}

/** The conservative figure μ − 3σ (openskill's `ordinal`). */
export function ordinal(rating: Rating): number {
  return rating.mu - Z * rating.sigma;
}

/** One side of a game while it is rated: the sum of its μ and of its σ², its players, its rank. */
interface Side {
  readonly mu: number;
  readonly sigmaSq: number;
  readonly players: readonly Rating[];
  /** The index of the first side of its tie group, in rank order. */
  readonly rank: number;
}

/**
 * The ratings after one game of the sides `teams` (each a list of players' ratings), ranked by `ranks`
 * (one per side, 1 best, equal ranks a tie), in the order given: what openskill's `rate(teams, { rank })`
 * returns. Each σ first grows by τ, so that a rating never freezes. The caller must give one rank per side
 * and at least one player on every side.
 */
export function rate(teams: readonly (readonly Rating[])[], ranks: readonly number[]): Rating[][] {
  const grown = teams.map((team) =>
    team.map((p) => ({ mu: p.mu, sigma: Math.sqrt(p.sigma * p.sigma + TAU_SQ) })),
  );
  // The sides in rank order (a stable sort, ties in the order given), rated, then put back in order.
  const order = grown.map((_, i) => i).sort((a, b) => (ranks[a] as number) - (ranks[b] as number));
  const sorted = order.map((i) => ranks[i] as number);
  const rated = plackettLuce(
    order.map((i) => grown[i] as Rating[]),
    sorted,
  );
  const out: Rating[][] = new Array<Rating[]>(teams.length);
  order.forEach((i, k) => (out[i] = rated[k] as Rating[]));
  return out;
}

/** openskill's Plackett–Luce model over sides already in rank order (`sortedRanks` ascending). */
function plackettLuce(teams: readonly (readonly Rating[])[], sortedRanks: readonly number[]): Rating[][] {
  let first = 0;
  const sides: Side[] = teams.map((players, j) => {
    if (j > 0 && (sortedRanks[j - 1] as number) < (sortedRanks[j] as number)) first = j;
    let mu = 0;
    let sigmaSq = 0;
    for (const p of players) {
      mu += p.mu;
      sigmaSq += p.sigma * p.sigma;
    }
    return { mu, sigmaSq, players, rank: first };
  });
  let cSq = 0;
  for (const side of sides) cSq += side.sigmaSq + BETA_SQ;
  const c = Math.sqrt(cSq);
  // Per side q: the sum of exp(μ/c) over the sides ranked q's or worse, and the size of q's tie group.
  const sumQ = sides.map((q) => {
    let sum = 0;
    for (const i of sides) if (i.rank >= q.rank) sum += Math.exp(i.mu / c);
    return sum;
  });
  const tied = sides.map((i) => sides.filter((q) => q.rank === i.rank).length);
  return sides.map((side, i) => {
    const muOverCe = Math.exp(side.mu / c);
    let omega = 0;
    let delta = 0;
    sides.forEach((q, k) => {
      if (q.rank > side.rank) return;
      const quotient = muOverCe / (sumQ[k] as number);
      omega += (i === k ? 1 - quotient : -quotient) / (tied[k] as number);
      delta += (quotient * (1 - quotient)) / (tied[k] as number);
    });
    const gamma = Math.sqrt(side.sigmaSq) / c;
    const sideOmega = omega * (side.sigmaSq / c);
    const sideDelta = delta * (side.sigmaSq / c ** 2) * gamma;
    return side.players.map(({ mu, sigma }) => ({
      mu: mu + (sigma ** 2 / side.sigmaSq) * sideOmega,
      sigma: sigma * Math.sqrt(Math.max(1 - (sigma ** 2 / side.sigmaSq) * sideDelta, KAPPA)),
    }));
  });
}
