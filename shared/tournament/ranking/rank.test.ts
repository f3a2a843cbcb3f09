import { describe, expect, it } from 'vitest';
import { games as registry } from '../../games/registry.ts';
import { fromOutcomes } from './totals.ts';
import { rankEvent } from './rank.ts';
import { games, type Played } from './test-helpers.ts';

const more = registry.more.info;
const people = (ids: string[]) => ids.map((id) => ({ id, name: id }));
const totalsOf = (all: readonly Played[], shape = more) =>
  fromOutcomes(
    all.map((p) => p.outcome),
    all.map((p) => p.game),
    shape,
  );

describe('rankEvent: Swiss then final', () => {
  it('puts the finalists first by the final, then the rest by the Swiss', () => {
    const g = games();
    // Swiss: D beats everyone, then C, B, A, E.
    g.play('swiss', ['D', 'C'], [15, 5]);
    g.play('swiss', ['B', 'A'], [12, 8]);
    g.play('swiss', ['E', 'D'], [0, 20]);
    g.play('swiss', ['C', 'E'], [14, 6]);
    // Final between C and D only: C wins.
    g.play('final', ['C', 'D'], [11, 9]);
    g.play('final', ['D', 'C'], [10, 10]);
    const r = rankEvent(totalsOf(g.all), { participants: people(['A', 'B', 'C', 'D', 'E']), shape: more });
    expect(r.rows.map((x) => [x.place, x.id, x.stage, x.decidedBy])).toEqual([
      [1, 'C', 'final', null],
      [2, 'D', 'final', 'points'],
      [3, 'B', 'swiss', 'stage'],
      // B and A played 1 Swiss game, E 2: ranked by average (12, 8, 3).
      [4, 'A', 'swiss', 'average'],
      [5, 'E', 'swiss', 'average'],
    ]);
    expect(r.stages.map((s) => s.stage)).toEqual(['swiss', 'final']);
    expect(r.rows[0]!.stages.map((s) => [s.stage, s.games, s.points])).toEqual([
      ['swiss', 2, 19],
      ['final', 2, 21],
    ]);
  });
});
