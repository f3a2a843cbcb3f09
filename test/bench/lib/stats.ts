/** Distribution figures of a sample, in the unit of the sample. */
export type Summary = {
  readonly n: number;
  readonly mean: number;
  readonly min: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
};

/**
 * Summarises `values` with nearest-rank percentiles (p99 of 1000 values is the 990th smallest), so
 * every percentile is a value that was really measured. An empty sample gives NaN everywhere.
 */
export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    n,
    mean: n === 0 ? NaN : sum / n,
    min: rank(sorted, 0),
    p50: rank(sorted, 50),
    p90: rank(sorted, 90),
    p99: rank(sorted, 99),
    max: rank(sorted, 100),
  };
}

function rank(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

/** `s` with every figure divided by `by` (µs to ms: 1000), rounded to 3 decimals for the results file. */
export function scaled(s: Summary, by: number): Summary {
  const r = (v: number): number => Math.round((v / by) * 1000) / 1000;
  return {
    n: s.n,
    mean: r(s.mean),
    min: r(s.min),
    p50: r(s.p50),
    p90: r(s.p90),
    p99: r(s.p99),
    max: r(s.max),
  };
}

/** A ratio rounded to 2 decimals. */
export function ratio(a: number, b: number): number {
  return Math.round((a / b) * 100) / 100;
}
