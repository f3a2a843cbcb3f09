import { describe, expect, it } from 'vitest';
import { buildDraft, defaultForm, formFromDraft, type DraftForm } from './draft.ts';
import { factorRangeIssues } from './factor-range.ts';
import { unplacedIssues } from './draft-issues.ts';
import { ISSUE_FIELDS, ISSUE_LISTS } from '../components/tournament/form-context.ts';

const defaults = { timingMode: 'cpu', graceMs: 500, memoryMiB: 512, concurrency: null } as const;
const t = (key: string) => key;

function onWorkers(factorMin: number | null, factorMax: number | null): DraftForm {
  return { ...defaultForm('6561', 2, defaults, 1), playOn: 'workers', localSlots: 1, factorMin, factorMax };
}

describe('factorRangeIssues', () => {
  it('finds nothing wrong with no range, a range, or a point', () => {
    expect(factorRangeIssues(onWorkers(null, null), t)).toEqual([]);
    expect(factorRangeIssues(onWorkers(0.8, 1.25), t)).toEqual([]);
    expect(factorRangeIssues(onWorkers(1, 1), t)).toEqual([]);
  });

  it('names the end or the pair that is wrong, by the engine’s paths', () => {
    expect(factorRangeIssues(onWorkers(0.8, null), t)).toEqual([
      { path: 'workers.factorRange', message: 'workers.range.bothEnds' },
    ]);
    expect(factorRangeIssues(onWorkers(null, 2), t)).toEqual([
      { path: 'workers.factorRange', message: 'workers.range.bothEnds' },
    ]);
    expect(factorRangeIssues(onWorkers(1.5, 1.2), t)).toEqual([
      { path: 'workers.factorRange', message: 'workers.range.order' },
    ]);
    expect(factorRangeIssues(onWorkers(0, -1), t)).toEqual([
      { path: 'workers.factorRange.0', message: 'workers.range.positive' },
      { path: 'workers.factorRange.1', message: 'workers.range.positive' },
    ]);
    expect(factorRangeIssues(onWorkers(Number.NaN, 1), t)).toEqual([
      { path: 'workers.factorRange.0', message: 'workers.range.positive' },
    ]);
  });

  it('checks nothing on this machine’s slots', () => {
    expect(factorRangeIssues({ ...onWorkers(2, 1), playOn: 'local' }, t)).toEqual([]);
  });

  it('places every issue of the range next to its fields, none in the list by Create', () => {
    const paths = ['workers.factorRange', 'workers.factorRange.0', 'workers.factorRange.1'];
    expect(
      unplacedIssues(
        paths.map((path) => ({ path, message: 'x' })),
        ISSUE_FIELDS,
        ISSUE_LISTS,
      ),
    ).toEqual([]);
  });
});

describe('the draft’s speed factor range', () => {
  it('is sent with both ends only, and comes back from a preset', () => {
    expect(buildDraft(onWorkers(0.8, 1.25), []).workers).toEqual({ localSlots: 1, factorRange: [0.8, 1.25] });
    expect(buildDraft(onWorkers(0.8, null), []).workers).toEqual({ localSlots: 1 });
    const base = defaultForm('6561', 2, defaults, 1);
    const back = formFromDraft(buildDraft(onWorkers(0.9, 1.1), []), base, []);
    expect([back.playOn, back.localSlots, back.factorMin, back.factorMax]).toEqual(['workers', 1, 0.9, 1.1]);
    const local = formFromDraft(buildDraft(base, []), base, []);
    expect([local.playOn, local.factorMin, local.factorMax]).toEqual(['local', null, null]);
  });
});
