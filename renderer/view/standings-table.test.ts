import { describe, expect, it } from 'vitest';
import type { TournamentReport } from '../../shared/tournament/standings/report.ts';
import type { StandingRow } from '../../shared/tournament/standings/standings.ts';
import {
  DEFAULT_SORT,
  ariaSort,
  formatPoints,
  formatRating,
  nextSort,
  sortStandings,
  standingsTableRows,
  type StandingsTableRow,
} from './standings-table.ts';

function standing(rank: number, id: string, points: number, games: number, irregular = 0): StandingRow {
  return {
    rank,
    id,
    name: id.toUpperCase(),
    points,
    games,
    average: games > 0 ? points / games : 0,
    irregular: { TIMEOUT: irregular, ILLEGAL: 0, CRASH: 0, EXIT: 0 },
    irregularTotal: irregular,
    wdl: null,
    headToHead: 0,
    opponentAverage: 0,
    decidedBy: rank === 1 ? null : 'points',
  };
}

const seatStats = { bots: [], overall: [] };

function report(extra: Partial<TournamentReport> = {}): TournamentReport {
  return {
    standings: [standing(1, 'ann', 30, 4), standing(2, 'bob', 30, 6, 2), standing(3, 'cy', 12, 5)],
    crosstable: null,
    seatStats,
    timeStats: [],
    elo: null,
    skill: null,
    ...extra,
  };
}

describe('standingsTableRows', () => {
  it('joins Elo by id with half the 95% interval as uncertainty', () => {
    const rows = standingsTableRows(
      report({
        elo: [
          { id: 'bob', elo: 1480, se: 20, low: 1440, high: 1520, games: 6, score: 0.4 },
          { id: 'ann', elo: 1560, se: 30, low: 1500, high: 1620, games: 4, score: 0.7 },
          { id: 'cy', elo: 1460, se: 25, low: 1410, high: 1510, games: 5, score: 0.3 },
        ],
        skill: [{ id: 'ann', mu: 30, sigma: 2, conservative: 24, games: 4 }],
      }),
    );
    expect(rows.map((r) => [r.name, r.rating])).toEqual([
      ['ANN', { kind: 'elo', value: 1560, uncertainty: 60 }],
      ['BOB', { kind: 'elo', value: 1480, uncertainty: 40 }],
      ['CY', { kind: 'elo', value: 1460, uncertainty: 50 }],
    ]);
    expect(rows[1]!.irregular).toBe(2);
    expect(rows[1]!.irregularByKind.TIMEOUT).toBe(2);
  });

  it('falls back to openskill (μ ± 1.96σ), and to no rating for cooperative games', () => {
    const skill = standingsTableRows(
      report({ skill: [{ id: 'cy', mu: 20, sigma: 5, conservative: 5, games: 5 }] }),
    );
    expect(skill[2]!.rating?.kind).toBe('skill');
    expect(skill[2]!.rating?.value).toBe(20);
    expect(skill[2]!.rating?.uncertainty).toBeCloseTo(9.8, 2);
    expect(skill[0]!.rating).toBeNull();
    expect(standingsTableRows(report()).every((r) => r.rating === null)).toBe(true);
  });
});

describe('sorting', () => {
  const rows: StandingsTableRow[] = standingsTableRows(
    report({
      skill: [
        { id: 'ann', mu: 25, sigma: 1, conservative: 22, games: 4 },
        { id: 'bob', mu: 28, sigma: 1, conservative: 25, games: 6 },
      ],
    }),
  );
  const names = (sorted: StandingsTableRow[]): string[] => sorted.map((r) => r.name);

  it('keeps the standings order by default', () => {
    expect(names(sortStandings(rows, DEFAULT_SORT))).toEqual(['ANN', 'BOB', 'CY']);
  });

  it('sorts by figures, equal keys in rank order whichever the direction', () => {
    expect(names(sortStandings(rows, { column: 'points', direction: 'ascending' }))).toEqual([
      'CY',
      'ANN',
      'BOB',
    ]);
    expect(names(sortStandings(rows, { column: 'points', direction: 'descending' }))).toEqual([
      'ANN',
      'BOB',
      'CY',
    ]);
    expect(names(sortStandings(rows, { column: 'games', direction: 'descending' }))).toEqual([
      'BOB',
      'CY',
      'ANN',
    ]);
    expect(names(sortStandings(rows, { column: 'average', direction: 'descending' }))).toEqual([
      'ANN',
      'BOB',
      'CY',
    ]);
    expect(names(sortStandings(rows, { column: 'irregular', direction: 'descending' }))).toEqual([
      'BOB',
      'ANN',
      'CY',
    ]);
    expect(names(sortStandings(rows, { column: 'name', direction: 'descending' }))).toEqual([
      'CY',
      'BOB',
      'ANN',
    ]);
  });

  it('puts unrated bots last in both directions', () => {
    expect(names(sortStandings(rows, { column: 'rating', direction: 'descending' }))).toEqual([
      'BOB',
      'ANN',
      'CY',
    ]);
    expect(names(sortStandings(rows, { column: 'rating', direction: 'ascending' }))).toEqual([
      'ANN',
      'BOB',
      'CY',
    ]);
  });

  it('flips on a second click, starts a new column in its natural direction', () => {
    const points = nextSort(DEFAULT_SORT, 'points');
    expect(points).toEqual({ column: 'points', direction: 'descending' });
    expect(nextSort(points, 'points')).toEqual({ column: 'points', direction: 'ascending' });
    expect(nextSort(points, 'name')).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort(DEFAULT_SORT, 'rank')).toEqual({ column: 'rank', direction: 'descending' });
  });

  it('reports aria-sort for the sorted column only', () => {
    const sort = { column: 'games', direction: 'descending' } as const;
    expect(ariaSort(sort, 'games')).toBe('descending');
    expect(ariaSort(sort, 'points')).toBe('none');
  });
});

describe('formatting', () => {
  it('writes Elo whole and openskill with one decimal, in the language', () => {
    expect(formatRating({ kind: 'elo', value: 1532.4, uncertainty: 47.6 }, 'en')).toBe('1,532 ± 48');
    expect(formatRating({ kind: 'skill', value: 27.34, uncertainty: 4.06 }, 'en')).toBe('27.3 ± 4.1');
    expect(formatRating({ kind: 'skill', value: 27.34, uncertainty: 4.06 }, 'nl')).toBe('27,3 ± 4,1');
    expect(formatRating(null, 'en')).toBe('–');
  });

  it('writes whole points as they are and fractions with two decimals', () => {
    expect(formatPoints(12, 'en')).toBe('12');
    expect(formatPoints(10.5, 'en')).toBe('10.50');
    expect(formatPoints(10.5, 'nl')).toBe('10,50');
  });
});
