/** Options of an Elo fit ({@link eloFit}). */
export interface EloOptions {
  /** The mean rating of the field. Default 1500. */
  readonly anchor?: number;
  /**
   * Standard deviation (Elo) of a weak Gaussian prior on every rating. Without one, a bot that won every
   * game would have an infinite rating; 1000 moves a 100-game 75% result by well under one Elo point.
   */
  readonly priorSd?: number;
}

/** One bot's fitted Elo with its 95% interval, from {@link eloFit}. */
export interface EloFit {
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

const ELO = 400 / Math.LN10;
const Z95 = 1.959963984540054;

/**
 * The Bradley–Terry maximum a posteriori fit behind every Elo figure: `games[i][j]` games between bots
 * `order[i]` and `order[j]` (symmetric), `points[i][j]` i's score in them (a win 1, a draw or a double
 * failure ½, a loss 0; `points[i][j] + points[j][i] = games[i][j]`). The order of games does not matter,
 * so a fit from running pair totals equals a fit from the games themselves. A weak Gaussian prior
 * (`priorSd`, default 1000 Elo) keeps a perfect score finite; Newton's method with step halving, each
 * step a Cholesky solve (the information matrix is positive definite thanks to the prior); the field's
 * mean is `anchor` (default 1500); the intervals come from the inverse of the observed Fisher
 * information, for each rating relative to the field's mean. Cost: about n³/3 per Newton step for n bots.
 */
export function eloFit(
  order: readonly string[],
  games: readonly (readonly number[])[],
  points: readonly (readonly number[])[],
  options: EloOptions = {},
): readonly EloFit[] {
  const n = order.length;
  const tau = (options.priorSd ?? 1000) / ELO;
  const precision = 1 / (tau * tau);
  // Flat copies: g[i·n + j] games and p[i·n + j] points of i against j.
  const g = new Float64Array(n * n);
  const p = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      g[i * n + j] = games[i]?.[j] ?? 0;
      p[i * n + j] = points[i]?.[j] ?? 0;
    }
  }
  // The objective (log posterior) at `t` and, with `derive`, its gradient into `grad` and the information
  // matrix (negative Hessian) into `info`: one exp and one log1p per pair that met, in stable forms.
  const info = new Float64Array(n * n);
  const grad = new Float64Array(n);
  const evaluate = (t: Float64Array, derive: boolean): number => {
    let f = 0;
    if (derive) info.fill(0);
    for (let i = 0; i < n; i++) {
      const ti = t[i] as number;
      f -= (precision * ti * ti) / 2;
      if (derive) {
        grad[i] = -precision * ti;
        info[i * n + i] = precision;
      }
    }
    for (let i = 0; i < n; i++) {
      const ti = t[i] as number;
      for (let j = i + 1; j < n; j++) {
        const gij = g[i * n + j] as number;
        if (gij === 0) continue;
        const pij = p[i * n + j] as number;
        const pji = p[j * n + i] as number;
        const d = ti - (t[j] as number);
        // log σ(d) and log σ(−d), and pr = σ(d): i's expected score against j.
        let pr: number;
        if (d >= 0) {
          const e = Math.exp(-d);
          const l = Math.log1p(e);
          f += -pij * l + pji * (-d - l);
          pr = 1 / (1 + e);
        } else {
          const e = Math.exp(d);
          const l = Math.log1p(e);
          f += pij * (d - l) - pji * l;
          pr = e / (1 + e);
        }
        if (!derive) continue;
        const w = gij * pr * (1 - pr);
        grad[i] = (grad[i] as number) + pij - gij * pr;
        grad[j] = (grad[j] as number) + pji - gij * (1 - pr);
        info[i * n + i] = (info[i * n + i] as number) + w;
        info[j * n + j] = (info[j * n + j] as number) + w;
        info[i * n + j] = -w;
        info[j * n + i] = -w;
      }
    }
    return f;
  };
  const theta = new Float64Array(n);
  const next = new Float64Array(n);
  const chol = new Float64Array(n * n);
  // Newton's method with step halving; `grad` and `info` always belong to `theta`.
  let f = evaluate(theta, true);
  for (let iter = 0; iter < 100; iter++) {
    if (!cholesky(info, chol, n)) break;
    const step = solve(chol, grad, n);
    let scale = 1;
    for (let i = 0; i < n; i++) next[i] = (theta[i] as number) + (step[i] as number);
    let fNext = evaluate(next, true);
    // A relative tolerance: the objective sums many terms, so its rounding grows with the field.
    const tolerance = 1e-12 * Math.max(1, Math.abs(f));
    if (fNext < f - tolerance) {
      while (fNext < f - tolerance && scale > 1e-6) {
        scale /= 2;
        for (let i = 0; i < n; i++) next[i] = (theta[i] as number) + scale * (step[i] as number);
        fNext = evaluate(next, false);
      }
      fNext = evaluate(next, true);
    }
    theta.set(next);
    f = fNext;
    let largest = 0;
    for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs((step[i] as number) * scale));
    if (largest < 1e-10) break;
  }
  // The covariance Σ = info⁻¹ at the fit: only its diagonal and its row sums are needed.
  const ok = cholesky(info, chol, n);
  const rowSums = ok ? solve(chol, new Float64Array(n).fill(1), n) : null;
  const diag = ok ? inverseDiagonal(chol, n) : null;
  let total = 0;
  for (let i = 0; i < n; i++) total += rowSums?.[i] ?? 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += theta[i] as number;
  mean /= Math.max(1, n);
  const anchor = options.anchor ?? 1500;
  return order.map((id, i) => {
    // Var(θᵢ − mean θ) = Σᵢᵢ − 2/n Σⱼ Σᵢⱼ + 1/n² ΣΣ: the common shift is not identified by the games.
    const variance =
      diag && rowSums ? (diag[i] as number) - (2 * (rowSums[i] as number)) / n + total / (n * n) : Infinity;
    const se = Math.sqrt(Math.max(0, variance)) * ELO;
    const elo = anchor + ((theta[i] as number) - mean) * ELO;
    let played = 0;
    let pts = 0;
    for (let j = 0; j < n; j++) {
      played += g[i * n + j] as number;
      pts += p[i * n + j] as number;
    }
    return {
      id,
      elo,
      se,
      low: elo - Z95 * se,
      high: elo + Z95 * se,
      games: played,
      score: played > 0 ? pts / played : 0,
    };
  });
}

// Dense linear algebra for the fit on flat row-major n×n arrays: n is the number of bots (a few hundred
// at most), so a Cholesky factorisation is simple and fast enough.

/** L with `a = L·Lᵀ` into the lower triangle of `l`; false when `a` is not positive definite. */
function cholesky(a: Float64Array, l: Float64Array, n: number): boolean {
  l.fill(0);
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j] as number;
    for (let k = 0; k < j; k++) d -= (l[j * n + k] as number) ** 2;
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j] as number;
      for (let k = 0; k < j; k++) s -= (l[i * n + k] as number) * (l[j * n + k] as number);
      l[i * n + j] = s / ljj;
    }
  }
  return true;
}

/** x with `L·Lᵀ·x = b`. */
function solve(l: Float64Array, b: Float64Array, n: number): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i] as number;
    for (let k = 0; k < i; k++) s -= (l[i * n + k] as number) * (y[k] as number);
    y[i] = s / (l[i * n + i] as number);
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i] as number;
    for (let k = i + 1; k < n; k++) s -= (l[k * n + i] as number) * (x[k] as number);
    x[i] = s / (l[i * n + i] as number);
  }
  return x;
}

/** The diagonal of `(L·Lᵀ)⁻¹ = L⁻ᵀ·L⁻¹`: the column norms of L⁻¹, computed column by column. */
function inverseDiagonal(l: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n);
  const col = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    // Column c of L⁻¹: forward substitution of the unit vector e_c (zero above row c).
    col.fill(0);
    let norm = 0;
    for (let i = c; i < n; i++) {
      let s = i === c ? 1 : 0;
      for (let k = c; k < i; k++) s -= (l[i * n + k] as number) * (col[k] as number);
      const v = s / (l[i * n + i] as number);
      col[i] = v;
      norm += v * v;
    }
    out[c] = norm;
  }
  return out;
}
