import { describe, expect, it } from 'vitest';
import { SEAT_PALETTE } from '../boards/palette.ts';
import { lineStyle, pointsChartData, roundName, sharedLines } from './chart-data.ts';

describe('pointsChartData', () => {
  it('makes one line per bot with a label per round', () => {
    const data = pointsChartData(
      [
        { name: 'ann', points: [3, 5, 9] },
        { name: 'bob', points: [1, 4, 4] },
      ],
      (i) => `R${i + 1}`,
    );
    expect(data.labels).toEqual(['R1', 'R2', 'R3']);
    expect(data.datasets.map((d) => [d.label, d.data])).toEqual([
      ['ann', [3, 5, 9]],
      ['bob', [1, 4, 4]],
    ]);
    expect(data.datasets[0]!.borderColor).toBe(SEAT_PALETTE[0]);
    expect(data.datasets[1]!.borderColor).toBe(SEAT_PALETTE[1]);
    expect(data.datasets[0]!.borderDash).toEqual([]);
  });

  it('has no labels without rounds', () => {
    expect(pointsChartData([], (i) => String(i))).toEqual({ labels: [], datasets: [] });
    expect(pointsChartData([{ name: 'ann', points: [] }], (i) => String(i)).labels).toEqual([]);
  });

  it('keeps lines apart past the palette: same colour, another dash and point', () => {
    const n = SEAT_PALETTE.length;
    expect(lineStyle(n).colour).toBe(lineStyle(0).colour);
    expect(lineStyle(n).dash).not.toEqual(lineStyle(0).dash);
    expect(lineStyle(n).point).not.toBe(lineStyle(0).point);
    const styles = Array.from({ length: 4 * n }, (_, i) => JSON.stringify(lineStyle(i)));
    expect(new Set(styles).size).toBe(4 * n);
  });
});

describe('roundName', () => {
  it('names the stage only when the chart spans more than one', () => {
    const swissThenFinal = [
      { stage: 'swiss', round: 1 },
      { stage: 'swiss', round: 2 },
      { stage: 'final', round: 1 },
    ];
    expect(roundName(swissThenFinal, 2)).toEqual({ stage: 'final', round: 1 });
    expect(roundName(swissThenFinal.slice(0, 2), 1)).toEqual({ stage: null, round: 2 });
    expect(roundName([], 3)).toEqual({ stage: null, round: 4 });
  });
});

describe('identical lines', () => {
  it('take turns along the shared path and keep their points visible', () => {
    const data = pointsChartData(
      [
        { name: 'Less random', points: [3, 6] },
        { name: 'Less random 2', points: [3, 6] },
        { name: 'Less greedy', points: [5, 9] },
      ],
      (i) => `R${i + 1}`,
    );
    const [first, copy, other] = data.datasets;
    expect(first?.borderDash).toEqual([6, 6]);
    expect(copy?.borderDash).toEqual([6, 6]);
    expect(first?.borderDashOffset).toBe(-0);
    expect(copy?.borderDashOffset).toBe(-6);
    expect(first?.pointRadius).toBe(3);
    expect(copy?.pointRadius).toBe(5);
    expect(first?.pointStyle).not.toBe(copy?.pointStyle);
    expect(other?.borderDash).toEqual([]);
    expect(other?.pointRadius).toBe(3);
  });

  it('groups series by their points', () => {
    expect(
      sharedLines([
        { name: 'a', points: [1] },
        { name: 'b', points: [2] },
        { name: 'c', points: [1] },
        { name: 'd', points: [1] },
      ]),
    ).toEqual([
      { place: 0, count: 3 },
      { place: 0, count: 1 },
      { place: 1, count: 3 },
      { place: 2, count: 3 },
    ]);
  });
});
