import type { Summary } from './stats.ts';
import type { Target } from './section.ts';

/** `v` with `digits` decimals, or "–" when it is not a number. */
export function num(v: number, digits = 1): string {
  return Number.isFinite(v) ? v.toFixed(digits) : '–';
}

/** A summary as one line: "n=4990  p50 81.2  p99 402.0  max 1533.0 µs". */
export function line(s: Summary, unit: string, digits = 1): string {
  return `n=${s.n}  p50 ${num(s.p50, digits)}  p99 ${num(s.p99, digits)}  max ${num(s.max, digits)}  (mean ${num(s.mean, digits)}) ${unit}`;
}

/** A target as one line with its verdict. */
export function targetLine(t: Target): string {
  return `${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.value}  (target ${t.goal})`;
}

/** A heading for a part of a section. */
export function heading(title: string): string {
  return `\n── ${title} ${'─'.repeat(Math.max(3, 76 - title.length))}`;
}
