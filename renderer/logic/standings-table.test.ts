import { describe, expect, it } from 'vitest';
import type { RankRow } from '../../shared/tournament/ranking/index.ts';
import {
  cooperative,
  fourPlayers,
  knockout,
  swissThenFinal,
  unequalCounts,
} from '../../test/helpers/renderer-rankings.ts';
import {
  DEFAULT_SORT,
  ariaSort,
  averageStages,
  columnGroups,
  figure,
  formatElo,
  formatPoints,
  formatSkill,
  formatWdl,
  fitColumns,
  tableWidth,
  leaderboardColumns,
  nextSort,
  placeLabel,
  sortRows,
  tieBreak,
  type LeaderboardColumn,
} from './standings-table.ts';

const ids = (columns: readonly LeaderboardColumn[]) => columns.map((c) => c.id);
const names = (rows: readonly RankRow[]) => rows.map((r) => r.name);
const column = (columns: readonly LeaderboardColumn[], id: string) =>
  columns.find((c) => c.id === id) as LeaderboardColumn;

describe('leaderboardColumns', () => {
  it('gives a multi-stage event the ranking stage and each stage’s figures, the final first', () => {
    const columns = leaderboardColumns(swissThenFinal());
    expect(ids(columns)).toEqual([
      'place',
      'name',
      'stage',
      'games@final',
      'points@final',
      'average@final',
      'games@swiss',
      'points@swiss',
      'average@swiss',
      'wdl',
      'irregular',
      'elo',
      'skill',
    ]);
    // On a narrow screen the earlier stage's average and the second rating go first.
    expect(columns.filter((c) => c.drop === 1).map((c) => c.id)).toEqual(['average@swiss', 'skill']);
    expect(columns.filter((c) => c.drop === 2).map((c) => c.id)).toEqual(['stage', 'games@swiss']);
    expect(columnGroups(columns)).toEqual([
      { stage: null, span: 3 },
      { stage: 'final', span: 3 },
      { stage: 'swiss', span: 3 },
      { stage: null, span: 4 },
    ]);
  });

  it('keeps an earlier stage’s average rather than its points when that stage ranked by average', () => {
    const ranking = swissThenFinal();
    const byAverage = {
      ...ranking,
      stages: ranking.stages.map((s) => (s.stage === 'swiss' ? { ...s, basis: 'average' as const } : s)),
    };
    const columns = leaderboardColumns(byAverage);
    expect(columns.filter((c) => c.drop === 1).map((c) => c.id)).toEqual(['points@swiss', 'skill']);
    expect(column(columns, 'average@swiss').drop).toBe(0);
  });

  it('gives one stage plain figures, and each game the ratings it has', () => {
    expect(ids(leaderboardColumns(swissThenFinal({ stage: 'swiss' })))).toEqual([
      'place',
      'name',
      'games',
      'points',
      'average',
      'wdl',
      'irregular',
      'elo',
      'skill',
    ]);
    // 4 players: openskill only, never dropped; cooperative 6561: no W/D/L, no rating.
    const four = leaderboardColumns(fourPlayers());
    expect(ids(four).slice(-3)).toEqual(['wdl', 'irregular', 'skill']);
    expect(column(four, 'skill').drop).toBe(0);
    expect(ids(leaderboardColumns(cooperative()))).toEqual([
      'place',
      'name',
      'games',
      'points',
      'average',
      'irregular',
    ]);
  });
});

describe('fitColumns', () => {
  const columns = leaderboardColumns(swissThenFinal());

  it('shows every column when they fit, then drops the optional ones in their order', () => {
    expect(fitColumns(columns, tableWidth(columns))).toEqual(columns);
    const less = fitColumns(columns, tableWidth(columns) - 1);
    expect(ids(columns).filter((id) => !ids(less).includes(id))).toEqual(['average@swiss', 'skill']);
    const least = fitColumns(columns, tableWidth(less) - 1);
    expect(ids(columns).filter((id) => !ids(least).includes(id))).toEqual([
      'stage',
      'games@swiss',
      'average@swiss',
      'skill',
    ]);
    // Narrower still: nothing more goes, the table scrolls.
    expect(fitColumns(columns, 100)).toEqual(least);
    expect(columnGroups(least).map((g) => g.span)).toEqual([2, 3, 1, 3]);
  });
});

describe('rows and places', () => {
  it('reads a stage’s own figures, or the ranking stage’s', () => {
    const [bob, , cy] = swissThenFinal().rows as RankRow[];
    expect([figure(bob!, 'games', null), figure(bob!, 'points', null)]).toEqual([2, 21]);
    expect([figure(bob!, 'points', 'swiss'), figure(bob!, 'average', 'swiss')]).toEqual([22, 11]);
    expect([figure(cy!, 'games', 'final'), figure(cy!, 'points', 'swiss')]).toEqual([0, 19]);
  });

  it('labels shared knockout places as a range', () => {
    expect(knockout().rows.map((r) => [r.name, placeLabel(r)])).toEqual([
      ['Cy', '1'],
      ['Ann', '2'],
      ['Dee', '3–4'],
      ['Bob', '3–4'],
    ]);
  });

  it('hints only at tie-breaks of ranked rows', () => {
    // Flit: Ann and Cy level on points, Cy placed by name; Bob below on points.
    expect(fourPlayers().rows.map(tieBreak)).toEqual([null, 'name', null, 'name']);
    // The final's view: Ann, Cy and Eve have no final game; their order by name is no tie-break.
    expect(swissThenFinal({ stage: 'final' }).rows.map(tieBreak)).toEqual([null, null, null, null, null]);
    expect(swissThenFinal().rows.map((r) => r.decidedBy)).toContain('stage');
    expect(swissThenFinal().rows.map(tieBreak)).toEqual([null, null, null, null, null]);
    // Bots sharing a knockout place are not told apart by a hint.
    const shared = knockout().rows.map((r) =>
      r.placeTo > r.place ? { ...r, decidedBy: 'opponents' as const } : r,
    );
    expect(shared.map(tieBreak)).toEqual([null, null, null, null]);
    expect(tieBreak({ ...knockout().rows[1]!, decidedBy: 'opponents' })).toBe('opponents');
  });
});

describe('the basis note', () => {
  it('names the stages ranked by average, never a knockout', () => {
    expect(averageStages(unequalCounts())).toEqual(['main']);
    expect(averageStages(swissThenFinal())).toEqual([]);
    // A knockout's counts always differ; it ranks by the round lost.
    expect(knockout().basis).toBe('average');
    expect(averageStages(knockout())).toEqual([]);
  });
});

describe('sorting', () => {
  const ranking = swissThenFinal();
  const columns = leaderboardColumns(ranking);

  it('keeps the ranking order by default and for a column that is gone', () => {
    expect(names(sortRows(ranking.rows, columns, DEFAULT_SORT))).toEqual(['Bob', 'Dee', 'Cy', 'Ann', 'Eve']);
    expect(
      names(sortRows(ranking.rows, columns, { column: 'points@semi', direction: 'descending' })),
    ).toEqual(['Bob', 'Dee', 'Cy', 'Ann', 'Eve']);
  });

  it('sorts by a stage’s points, down first, and flips on a second click', () => {
    const first = nextSort(DEFAULT_SORT, column(columns, 'points@swiss'));
    expect(first).toEqual({ column: 'points@swiss', direction: 'descending' });
    expect(names(sortRows(ranking.rows, columns, first))).toEqual(['Dee', 'Bob', 'Cy', 'Ann', 'Eve']);
    const second = nextSort(first, column(columns, 'points@swiss'));
    expect(second.direction).toBe('ascending');
    expect(names(sortRows(ranking.rows, columns, second))).toEqual(['Eve', 'Ann', 'Cy', 'Bob', 'Dee']);
    expect(ariaSort(second, column(columns, 'points@swiss'))).toBe('ascending');
    expect(ariaSort(second, column(columns, 'place'))).toBe('none');
  });

  it('keeps rank order among equal keys and puts rows without a value last', () => {
    // Final games: Bob and Dee 2, the others 0 (in ranking order), whichever the direction.
    const games = column(columns, 'games@final');
    expect(names(sortRows(ranking.rows, columns, { column: games.id, direction: 'ascending' }))).toEqual([
      'Cy',
      'Ann',
      'Eve',
      'Bob',
      'Dee',
    ]);
    const unrated = ranking.rows.map((r) => (r.name === 'Bob' ? { ...r, elo: null } : r));
    const elo = column(columns, 'elo');
    expect(names(sortRows(unrated, columns, { column: 'elo', direction: 'descending' }))).toEqual([
      'Dee',
      'Ann',
      'Cy',
      'Eve',
      'Bob',
    ]);
    expect(
      names(sortRows(unrated, columns, nextSort({ column: 'elo', direction: 'descending' }, elo))),
    ).toEqual(['Eve', 'Cy', 'Ann', 'Dee', 'Bob']);
    expect(
      names(sortRows(ranking.rows, columns, nextSort(DEFAULT_SORT, column(columns, 'irregular')))),
    ).toEqual(['Bob', 'Dee', 'Cy', 'Ann', 'Eve']);
    expect(names(sortRows(ranking.rows, columns, nextSort(DEFAULT_SORT, column(columns, 'elo'))))).toEqual([
      'Bob',
      'Dee',
      'Ann',
      'Cy',
      'Eve',
    ]);
  });
});

describe('texts', () => {
  it('formats W/D/L, Elo ± half the 95% interval and openskill μ ± σ', () => {
    expect(formatWdl({ wins: 5, draws: 1, losses: 2 })).toBe('5–1–2');
    expect(formatWdl(null)).toBe('–');
    const elo = { elo: 1532.4, se: 24.5, low: 1484.4, high: 1580.4 };
    expect(formatElo(elo, 'en')).toBe('1,532 ± 48');
    expect(formatElo(elo, 'nl')).toBe('1.532 ± 48');
    expect(formatElo(null, 'en')).toBe('–');
    const skill = { mu: 27.34, sigma: 4.06, conservative: 15.16, games: 6 };
    expect(formatSkill(skill, 'en')).toBe('27.3 ± 4.1');
    expect(formatSkill(skill, 'nl')).toBe('27,3 ± 4,1');
    expect(formatSkill(null, 'en')).toBe('–');
    expect(formatPoints(12, 'en')).toBe('12');
    expect(formatPoints(12.5, 'nl')).toBe('12,50');
  });
});
