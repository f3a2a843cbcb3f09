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

/** A number for a table: integers without decimals, smaller values with three significant digits. */
export function figure(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a >= 100 || Number.isInteger(v)) return Math.round(v).toLocaleString('en');
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  return v === 0 ? '0' : v.toPrecision(3);
}

/** The verdict of a target: PASS, MISS, or INFO for a figure without one. */
export function verdict(t: Target): string {
  return t.pass === null ? 'INFO' : t.pass ? 'PASS' : 'MISS';
}

/** A target as one line: "PASS  name: measured µs / floor µs = ratio× (target …)". */
export function targetLine(t: Target): string {
  const floor = t.floor === null ? '' : ` / floor ${figure(t.floor)} ${t.unit} = ${figure(t.ratio)}×`;
  const note = t.note ? `; ${t.note}` : '';
  return `${verdict(t)}  ${t.name}: ${figure(t.measured)} ${t.unit}${floor}  (target ${t.goal}${note})`;
}

/**
 * A target of `measured` against `floor` with at most `maxRatio` times the floor (null: no target); for
 * figures where more is better (throughput), `atLeast` turns it into at least that share of the floor.
 */
export function vsFloor(
  name: string,
  measured: number,
  floor: number,
  unit: string,
  maxRatio: number | null,
  options: { readonly atLeast?: boolean; readonly note?: string } = {},
): Target {
  const ratio = Math.round((measured / floor) * 100) / 100;
  const goal =
    maxRatio === null
      ? 'none'
      : options.atLeast
        ? `≥ ${Math.round(maxRatio * 100)}% of floor`
        : `≤ ${maxRatio}× floor`;
  const pass =
    maxRatio === null || !Number.isFinite(ratio)
      ? maxRatio === null
        ? null
        : false
      : options.atLeast
        ? measured >= maxRatio * floor
        : measured <= maxRatio * floor;
  return {
    name,
    measured: round3(measured),
    floor: round3(floor),
    unit,
    ratio,
    goal,
    pass,
    ...(options.note ? { note: options.note } : {}),
  };
}

/** `v` rounded to 3 decimals (for the results file). */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** A heading for a part of a section. */
export function heading(title: string): string {
  return `\n── ${title} ${'─'.repeat(Math.max(3, 76 - title.length))}`;
}

/** The cells of a target's row: figure, measured, floor, ratio, target, verdict. */
export function targetCells(t: Target): string[] {
  return [
    t.name,
    `${figure(t.measured)} ${t.unit}`,
    t.floor === null ? '–' : `${figure(t.floor)} ${t.unit}`,
    t.ratio === null ? '–' : `${figure(t.ratio)}×`,
    t.goal,
    verdict(t),
  ];
}

/** Targets as an aligned text table with a header row (measured / floor / ratio / target / verdict). */
export function targetTable(targets: readonly Target[]): string[] {
  const rows = [['figure', 'measured', 'floor', 'ratio', 'target', ''], ...targets.map(targetCells)];
  const width = rows[0]?.map((_, c) => Math.max(...rows.map((r) => r[c]?.length ?? 0))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, c) => (c === 0 || c === 4 ? cell.padEnd(width[c] ?? 0) : cell.padStart(width[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}
