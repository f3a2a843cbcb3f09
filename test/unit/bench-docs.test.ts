import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scriptOf } from '../bench/judge/floor.ts';
import { replySpans, spanLengths, splitSpans } from '../bench/judge/stamps.ts';
import { targetCells, vsFloor } from '../bench/lib/format.ts';
import { renderBlock, withBlock } from '../bench/write-docs.ts';

const doc = readFileSync(new URL('../../docs/judge.md', import.meta.url), 'utf8');
const published = JSON.parse(
  readFileSync(new URL('../bench/published.json', import.meta.url), 'utf8'),
) as Parameters<typeof renderBlock>[0];

describe('the benchmark table of docs/judge.md', () => {
  it('is what test/bench/published.json gives (node test/bench/write-docs.ts writes both)', () => {
    expect(withBlock(doc, renderBlock(published))).toBe(doc);
  });

  it('shows a figure as measured / floor / ratio / target / verdict', () => {
    const t = vsFloor('per move, p50', 60, 40, 'µs', 1.5, { note: 'n=10' });
    expect(t).toMatchObject({ measured: 60, floor: 40, ratio: 1.5, goal: '≤ 1.5× floor', pass: true });
    expect(targetCells(t)).toEqual(['per move, p50', '60 µs', '40 µs', '1.50×', '≤ 1.5× floor', 'PASS']);
    const share = vsFloor('throughput', 500, 1000, 'moves/s', 0.6, { atLeast: true });
    expect([share.goal, share.pass]).toEqual(['≥ 60% of floor', false]);
    expect(targetCells(vsFloor('cpu', 2, 1, 'ms', null)).slice(4)).toEqual(['none', 'INFO']);
  });
});

describe("the benchmark's measuring", () => {
  it("pairs each reply written with the next prompt read, leaving out each bot's first prompt", () => {
    // Seat 0 reads at 0 and 30, writes at 10 and 40; seat 1 reads at 12 and 45, writes at 20 and 50.
    const spans = replySpans([
      { readUs: [0, 30], writeUs: [10, 40], cpuUs: [] },
      { readUs: [12, 45], writeUs: [20, 50], cpuUs: [] },
    ]);
    // 10 → 12 is seat 1's first prompt (left out); 20 → 30, 40 → 45; nothing follows 50.
    expect(spans.map((s) => [s.writer, s.reader])).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(spanLengths(spans)).toEqual([10, 5]);
    const split = splitSpans(spans, [
      { sends: [0, 27], arrivals: [11, 41] },
      { sends: [11.5, 42], arrivals: [22, 51] },
    ]);
    expect([split.outbound.p50, split.judge.p50, split.inbound.p50]).toEqual([1, 1, 3]);
    expect([split.outbound.max, split.judge.max, split.inbound.max]).toEqual([2, 5, 3]);
  });

  it("replays a record's lines on Jury's schedule: the opening to all, then one write per reply to the next to answer", () => {
    const lines = [
      { t: 0, dir: 'in', seat: 1, text: 'x' },
      { t: 0, dir: 'in', seat: 0, text: 'y' },
      { t: 0, dir: 'in', seat: 0, text: 'M' },
      { t: 1, dir: 'out', seat: 0, text: 'r1' },
      { t: 2, dir: 'in', seat: 0, text: 'u' },
      { t: 2, dir: 'in', seat: 1, text: 'u' },
      { t: 2, dir: 'in', seat: 1, text: 'M' },
      { t: 3, dir: 'out', seat: 1, text: 'r2' },
      { t: 4, dir: 'in', seat: 0, text: 'Quit' },
    ] as const;
    const script = scriptOf({ lines: [...lines], seats: [{}, {}] } as unknown as Parameters<
      typeof scriptOf
    >[0]);
    const steps = script.steps.map((step) => step.map((w) => [w.seat, w.data.toString()]));
    // Seat 0's update is held for its next write (with its Quit, at the end), as Jury holds it.
    expect(steps).toEqual([
      [
        [0, 'y\nM\n'],
        [1, 'x\n'],
      ],
      [[1, 'u\nM\n']],
      [[0, 'u\nQuit\n']],
    ]);
    expect([...script.replySeats]).toEqual([0, 1]);
    expect(script.expected).toEqual(['r1\n', 'r2\n']);
  });
});
