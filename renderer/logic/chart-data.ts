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

/** Length of one dash of lines that lie on top of each other. */
const SHARED_DASH = 6;

/**
 * How the lines of bots with exactly the same points (two copies of one bot, a drawn pair) stay apart:
 * for each series, its place among the identical ones and how many there are (1: a line of its own).
 * Identical lines share the path in turns: each draws one dash of every `count` (its dash offset set by
 * its place), and their points are drawn larger the later the line (chart.js draws the first line on top),
 * so every one shows.
 */
export function sharedLines(series: readonly PointsSeries[]): { place: number; count: number }[] {
  const groups = new Map<string, number[]>();
  series.forEach((s, i) => {
    const key = s.points.join(',');
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return series.map((s, i) => {
    const group = groups.get(s.points.join(',')) ?? [i];
    return { place: group.indexOf(i), count: group.length };
  });
}

/**
 * The chart's labels (`roundLabel(0)`, `roundLabel(1)` … for the longest series) and one dataset per
 * series, in the order given. Lines with the same points take turns along the path (see
 * {@link sharedLines}) instead of hiding each other.
 */
export function pointsChartData(
  series: readonly PointsSeries[],
  roundLabel: (round: number) => string,
): ChartData<'line', number[], string> {
  const rounds = Math.max(0, ...series.map((s) => s.points.length));
  const shared = sharedLines(series);
  return {
    labels: Array.from({ length: rounds }, (_, i) => roundLabel(i)),
    datasets: series.map((s, i) => {
      const style = lineStyle(i);
      const { place, count } = shared[i] ?? { place: 0, count: 1 };
      const together = count > 1 && s.points.length > 0;
      return {
        label: s.name,
        data: [...s.points],
        borderColor: style.colour,
        backgroundColor: style.colour,
        borderDash: together ? [SHARED_DASH, SHARED_DASH * (count - 1)] : style.dash,
        borderDashOffset: together ? -SHARED_DASH * place : 0,
        pointStyle: together ? (POINTS[place % POINTS.length] ?? 'circle') : style.point,
        // chart.js draws the first dataset on top: later lines get larger points, which show around it.
        pointRadius: together ? 3 + 2 * place : 3,
        borderWidth: 2,
        tension: 0,
        fill: false,
      };
    }),
  };
}

/**
 * What to call the chart's point `i`: its round (or game, on a chart by game), and its stage when the
 * chart spans more than one stage (a Swiss stage then the final); without round facts, the position
 * from 1.
 */
export function roundName(
  rounds: readonly { readonly stage: string; readonly round: number }[],
  i: number,
): { readonly stage: string | null; readonly round: number } {
  const r = rounds[i];
  if (!r) return { stage: null, round: i + 1 };
  return { stage: new Set(rounds.map((x) => x.stage)).size > 1 ? r.stage : null, round: r.round };
}
