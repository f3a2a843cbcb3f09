import type { TournamentReport } from '../../shared/tournament/standings/report.ts';
import type { StandingRow } from '../../shared/tournament/standings/standings.ts';
import { formatNumber } from './numbers.ts';

/**
 * The standings table of the standings screen: one row per bot with its rating joined in, sorting by any
 * column (stable, ties in standings order) and the texts of rating ± uncertainty.
 */

/** The columns a user can sort by. */
export type StandingsColumn = 'rank' | 'name' | 'points' | 'games' | 'average' | 'irregular' | 'rating';

/** Every sortable column, in the order the table shows them. */
export const STANDINGS_COLUMNS: readonly StandingsColumn[] = [
  'rank',
  'name',
  'points',
  'games',
  'average',
  'irregular',
  'rating',
];

/** A rating with its uncertainty: half the width of its 95% interval. */
export interface RatingValue {
  /** `elo`: Bradley–Terry Elo (2-player games); `skill`: openskill's μ (any non-cooperative game). */
  readonly kind: 'elo' | 'skill';
  readonly value: number;
  readonly uncertainty: number;
}

/** One line of the table. */
export interface StandingsTableRow {
  readonly rank: number;
  readonly id: string;
  readonly name: string;
  readonly points: number;
  readonly games: number;
  readonly average: number;
  /** Irregular losses (every non-OK status) and how many of each kind. */
  readonly irregular: number;
  readonly irregularByKind: StandingRow['irregular'];
  /** Null for cooperative games (6561), which have no rating. */
  readonly rating: RatingValue | null;
}

/** Which column the table is sorted by, and which way. */
export interface SortState {
  readonly column: StandingsColumn;
  readonly direction: 'ascending' | 'descending';
}

/** The table as the engine ranks it. */
export const DEFAULT_SORT: SortState = { column: 'rank', direction: 'ascending' };

/** 1.96: a normal 95% interval, for openskill's σ (the Elo rows carry their interval already). */
const Z95 = 1.959963984540054;

/** The rows of the table, in standings order: Elo when the report has it, else openskill. */
export function standingsTableRows(report: TournamentReport): StandingsTableRow[] {
  const elo = new Map((report.elo ?? []).map((r) => [r.id, r]));
  const skill = new Map((report.skill ?? []).map((r) => [r.id, r]));
  return report.standings.map((row) => {
    const e = elo.get(row.id);
    const s = skill.get(row.id);
    const rating: RatingValue | null = e
      ? { kind: 'elo', value: e.elo, uncertainty: (e.high - e.low) / 2 }
      : s
        ? { kind: 'skill', value: s.mu, uncertainty: Z95 * s.sigma }
        : null;
    return {
      rank: row.rank,
      id: row.id,
      name: row.name,
      points: row.points,
      games: row.games,
      average: row.average,
      irregular: row.irregularTotal,
      irregularByKind: row.irregular,
      rating,
    };
  });
}

/** The direction a column takes on its first click: names and ranks go up, figures go down. */
export function firstDirection(column: StandingsColumn): SortState['direction'] {
  return column === 'rank' || column === 'name' || column === 'irregular' ? 'ascending' : 'descending';
}

/** The sort after a click on `column`: the same column flips, another starts in its natural direction. */
export function nextSort(current: SortState, column: StandingsColumn): SortState {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: firstDirection(column) };
}

function key(row: StandingsTableRow, column: StandingsColumn): number | string {
  switch (column) {
    case 'name':
      return row.name.toLowerCase();
    case 'irregular':
      return row.irregular;
    case 'rating':
      return row.rating?.value ?? 0;
    default:
      return row[column];
  }
}

/** The rows sorted by `sort`; equal keys keep the standings order (rank), whichever the direction. */
export function sortStandings(rows: readonly StandingsTableRow[], sort: SortState): StandingsTableRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    // Bots without a rating sort below every rated one, whichever the direction.
    if (sort.column === 'rating' && (a.rating === null) !== (b.rating === null)) {
      return a.rating === null ? 1 : -1;
    }
    const ka = key(a, sort.column);
    const kb = key(b, sort.column);
    const d = ka < kb ? -1 : ka > kb ? 1 : 0;
    return d * sign || a.rank - b.rank;
  });
}

/** The `aria-sort` of a column header: the sorted column's direction, `none` for the others. */
export function ariaSort(sort: SortState, column: StandingsColumn): 'ascending' | 'descending' | 'none' {
  return sort.column === column ? sort.direction : 'none';
}

/** `1532 ± 48` (Elo, whole points) or `27.3 ± 4.1` (openskill, one decimal); `–` without a rating. */
export function formatRating(rating: RatingValue | null, locale: string): string {
  if (rating === null) return '–';
  const decimals = rating.kind === 'elo' ? 0 : 1;
  return `${formatNumber(rating.value, decimals, locale)} ± ${formatNumber(rating.uncertainty, decimals, locale)}`;
}

/** Points as the game counts them: whole numbers as they are, fractions with two decimals. */
export function formatPoints(points: number, locale: string): string {
  return formatNumber(points, Number.isInteger(points) ? 0 : 2, locale);
}
