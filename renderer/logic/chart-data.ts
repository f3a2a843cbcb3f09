import type { ChartData } from 'chart.js';
import { SEAT_PALETTE } from '../boards/palette.ts';

/**
 * The points-per-round chart's data for chart.js: one line per bot (cumulative points after each round,
 * in standings order). The palette has four colours, which stay apart for colour-blind eyes; past four
 * bots the colours repeat with another dash pattern and point shape, so every line stays distinct.
 */

/** One bot's cumulative points per round, as `tournament.statistics` answers them. */
export interface PointsSeries {
  readonly name: string;
  readonly points: readonly number[];
}

/** Dash patterns per cycle through the palette: solid, dashed, dotted, dash-dot. */
const DASHES: readonly (readonly number[])[] = [[], [7, 4], [2, 3], [10, 4, 2, 4]];
/** Point shapes per cycle through the palette. */
const POINTS = ['circle', 'rect', 'triangle', 'rectRot'] as const;

/** How the `i`-th line is drawn: its colour, dash pattern and point shape. */
export function lineStyle(i: number): {
  colour: string;
  dash: number[];
  point: (typeof POINTS)[number];
} {
  const n = SEAT_PALETTE.length;
  const cycle = Math.floor(i / n);
  return {
    colour: SEAT_PALETTE[i % n] ?? '#888888',
    dash: [...(DASHES[cycle % DASHES.length] ?? [])],
    point: POINTS[cycle % POINTS.length] ?? 'circle',
  };
}

/**
 * The chart's labels (`roundLabel(0)`, `roundLabel(1)` … for the longest series) and one dataset per
 * series, in the order given.
 */
export function pointsChartData(
  series: readonly PointsSeries[],
  roundLabel: (round: number) => string,
): ChartData<'line', number[], string> {
  const rounds = Math.max(0, ...series.map((s) => s.points.length));
  return {
    labels: Array.from({ length: rounds }, (_, i) => roundLabel(i)),
    datasets: series.map((s, i) => {
      const style = lineStyle(i);
      return {
        label: s.name,
        data: [...s.points],
        borderColor: style.colour,
        backgroundColor: style.colour,
        borderDash: style.dash,
        pointStyle: style.point,
        pointRadius: 3,
        borderWidth: 2,
        tension: 0,
        fill: false,
      };
    }),
  };
}

/**
 * What to call the chart's point `i`: its round, and its stage when the chart spans more than one stage
 * (a Swiss stage then the final); without round facts, the position from 1.
 */
export function roundName(
  rounds: readonly { readonly stage: string; readonly round: number }[],
  i: number,
): { readonly stage: string | null; readonly round: number } {
  const r = rounds[i];
  if (!r) return { stage: null, round: i + 1 };
  return { stage: new Set(rounds.map((x) => x.stage)).size > 1 ? r.stage : null, round: r.round };
}
