import type { EloOptions } from '../standings/ratings.ts';

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
 * (`priorSd`, default 1000 Elo) keeps a perfect score finite; Newton's method with step halving; the
 * field's mean is `anchor` (default 1500); the intervals come from the inverse of the observed Fisher
 * information, for each rating relative to the field's mean.
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
  const theta = new Array<number>(n).fill(0);
  const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
  const logSig = (x: number): number => (x < 0 ? x - Math.log1p(Math.exp(x)) : -Math.log1p(Math.exp(-x)));
  const objective = (t: readonly number[]): number => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      f -= (precision * (t[i] as number) ** 2) / 2;
      for (let j = i + 1; j < n; j++) {
        const d = (t[i] as number) - (t[j] as number);
        f += at(points, i, j) * logSig(d) + at(points, j, i) * logSig(-d);
      }
    }
    return f;
  };
  // The information matrix (negative Hessian) and the gradient at `t`.
  const derivatives = (t: readonly number[]): [number[][], number[]] => {
    const info = order.map(() => new Array<number>(n).fill(0));
    const grad = t.map((x) => -precision * x);
    for (let i = 0; i < n; i++) {
      (info[i] as number[])[i] = precision;
      for (let j = 0; j < n; j++) {
        const g = at(games, i, j);
        if (i === j || g === 0) continue;
        const p = sigmoid((t[i] as number) - (t[j] as number));
        grad[i] = (grad[i] as number) + at(points, i, j) - g * p;
        (info[i] as number[])[i] = at(info, i, i) + g * p * (1 - p);
        (info[i] as number[])[j] = -g * p * (1 - p);
      }
    }
    return [info, grad];
  };
  // Newton's method with step halving: the objective is strictly concave, so this converges.
  let f = objective(theta);
  for (let iter = 0; iter < 100; iter++) {
    const [info, grad] = derivatives(theta);
    const inv = invert(info);
    if (!inv) break;
    const step = multiply(inv, grad);
    let scale = 1;
    let next = theta.map((x, i) => x + (step[i] as number));
    let fNext = objective(next);
    while (fNext < f - 1e-12 && scale > 1e-6) {
      scale /= 2;
      next = theta.map((x, i) => x + scale * (step[i] as number));
      fNext = objective(next);
    }
    next.forEach((x, i) => (theta[i] = x));
    f = fNext;
    if (Math.max(0, ...step.map((s) => Math.abs(s * scale))) < 1e-10) break;
  }
  const cov = invert(derivatives(theta)[0]);
  const mean = theta.reduce((s, x) => s + x, 0) / Math.max(1, n);
  const rowSums = (cov ?? []).map((row) => row.reduce((s, x) => s + x, 0));
  const total = rowSums.reduce((s, x) => s + x, 0);
  const anchor = options.anchor ?? 1500;
  return order.map((id, i) => {
    // Var(θᵢ − mean θ) = Σᵢᵢ − 2/n Σⱼ Σᵢⱼ + 1/n² ΣΣ: the common shift is not identified by the games.
    const variance = cov ? at(cov, i, i) - (2 * (rowSums[i] ?? 0)) / n + total / (n * n) : Infinity;
    const se = Math.sqrt(Math.max(0, variance)) * ELO;
    const elo = anchor + ((theta[i] as number) - mean) * ELO;
    const g = (games[i] as number[]).reduce((s, x) => s + x, 0);
    const pts = (points[i] as number[]).reduce((s, x) => s + x, 0);
    return { id, elo, se, low: elo - Z95 * se, high: elo + Z95 * se, games: g, score: g > 0 ? pts / g : 0 };
  });
}

// Small dense linear algebra for the fit: n×n for n bots (a few hundred at most), so Gauss–Jordan
// elimination with partial pivoting is simple and fast enough.

/** The inverse of the square matrix `a` (not changed), or null when it is singular. */
function invert(a: readonly (readonly number[])[]): number[][] | null {
  const n = a.length;
  // Augment [a | I] and reduce it to [I | a⁻¹].
  const m = a.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(at(m, r, col)) > Math.abs(at(m, pivot, col))) pivot = r;
    }
    const p = at(m, pivot, col);
    if (Math.abs(p) < 1e-300) return null;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const rowC = m[col] as number[];
    for (let j = 0; j < 2 * n; j++) rowC[j] = (rowC[j] as number) / p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const f = row[col] as number;
      if (f === 0) continue;
      for (let j = 0; j < 2 * n; j++) row[j] = (row[j] as number) - f * (rowC[j] as number);
    }
  }
  return m.map((row) => row.slice(n));
}

/** The product of the square matrix `a` and the vector `v`. */
function multiply(a: readonly (readonly number[])[], v: readonly number[]): number[] {
  return a.map((row) => row.reduce((s, x, j) => s + x * (v[j] ?? 0), 0));
}

/** `m[r][c]`, for matrices known to be full (keeps `noUncheckedIndexedAccess` quiet in inner loops). */
function at(m: readonly (readonly number[])[], r: number, c: number): number {
  return (m[r] as readonly number[])[c] as number;
}
