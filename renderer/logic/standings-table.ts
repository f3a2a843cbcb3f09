import type {
  Decider,
  EloFigure,
  Ranking,
  RankRow,
  SkillFigure,
} from '../../shared/tournament/ranking/index.ts';
import { formatNumber } from './numbers.ts';

/**
 * The leaderboard of the standings screen, from the engine's `Ranking` (shared/tournament/ranking): which
 * columns it has (per stage in a multi-stage event), sorting by any of them (ties in ranking order),
 * shared knockout places, the basis note, and the texts of W/D/L and the ratings.
 */

/** What a column shows. */
export type ColumnKind =
  'place' | 'name' | 'stage' | 'games' | 'points' | 'average' | 'wdl' | 'irregular' | 'elo' | 'skill';

/** One column of the leaderboard. */
export interface LeaderboardColumn {
  /** Unique in the table: the kind, with `@stage` for a stage's own figures (`points@final`). */
  readonly id: string;
  readonly kind: ColumnKind;
  /** For games, points and average: the stage whose line it shows; null: the ranking stage's. */
  readonly stage: string | null;
  readonly numeric: boolean;
  /** On a narrow screen: 0 always shown, 1 hidden first, 2 hidden next (the table scrolls beyond). */
  readonly drop: 0 | 1 | 2;
}

/** Which column the table is sorted by, and which way. */
export interface SortState {
  readonly column: string;
  readonly direction: 'ascending' | 'descending';
}

/** The table as the engine ranks it. */
export const DEFAULT_SORT: SortState = { column: 'place', direction: 'ascending' };

const FIGURES = ['games', 'points', 'average'] as const;

/** The view shows several stages side by side: the whole event of a multi-stage tournament. */
export function isMultiStage(ranking: Ranking): boolean {
  return ranking.view === 'event' && ranking.stages.length > 1;
}

/**
 * The columns of the table: place, bot, then games, points and average (in a multi-stage event: the
 * stage that ranked the row, and these three per stage, the last stage first as it ranks first), W/D/L
 * (not for cooperative games), irregular losses, Elo (2-player games) and openskill. On a narrow screen
 * the second rating and an earlier stage's other figure go first, then its games and the stage column.
 */
export function leaderboardColumns(ranking: Ranking): LeaderboardColumn[] {
  const col = (kind: ColumnKind, drop: 0 | 1 | 2 = 0, stage: string | null = null): LeaderboardColumn => ({
    id: stage === null ? kind : `${kind}@${stage}`,
    kind,
    stage,
    numeric: kind !== 'name' && kind !== 'stage',
    drop,
  });
  const columns = [col('place'), col('name')];
  if (isMultiStage(ranking)) {
    columns.push(col('stage', 2));
    // An earlier stage keeps the figure it ranked by (points, or the average when its counts differ).
    [...ranking.stages].reverse().forEach((s, i) => {
      const earlier = i > 0;
      const byAverage = s.basis === 'average' && !s.knockout;
      columns.push(col('games', earlier ? 2 : 0, s.stage));
      columns.push(col('points', earlier && byAverage ? 1 : 0, s.stage));
      columns.push(col('average', earlier && !byAverage ? 1 : 0, s.stage));
    });
  } else {
    for (const kind of FIGURES) columns.push(col(kind));
  }
  if (ranking.rows.some((r) => r.wdl !== null)) columns.push(col('wdl'));
  columns.push(col('irregular'));
  if (ranking.ratings.elo) columns.push(col('elo'));
  if (ranking.ratings.skill) columns.push(col('skill', ranking.ratings.elo ? 1 : 0));
  return columns;
}

/** The header's upper row when columns are per stage: each run of columns of one stage (null: none). */
export function columnGroups(
  columns: readonly LeaderboardColumn[],
): { readonly stage: string | null; readonly span: number }[] {
  const groups: { stage: string | null; span: number }[] = [];
  for (const c of columns) {
    const last = groups.at(-1);
    if (last && last.stage === c.stage) last.span += 1;
    else groups.push({ stage: c.stage, span: 1 });
  }
  return groups;
}

/** About how wide each kind of column is drawn (px, with its padding), to decide what fits. */
const WIDTH: Readonly<Record<ColumnKind, number>> = {
  place: 56,
  name: 150,
  stage: 84,
  games: 72,
  points: 72,
  average: 64,
  wdl: 88,
  irregular: 88,
  elo: 120,
  skill: 108,
};

/** The estimated width of these columns side by side (px). */
export function tableWidth(columns: readonly LeaderboardColumn[]): number {
  return columns.reduce((sum, c) => sum + WIDTH[c.kind], 0);
}

/**
 * The columns shown in `width` px: all when they fit, else without the first optional ones (`drop` 1),
 * then without the next (2); what still does not fit scrolls sideways.
 */
export function fitColumns(columns: readonly LeaderboardColumn[], width: number): LeaderboardColumn[] {
  let shown = [...columns];
  for (const level of [1, 2] as const) {
    if (tableWidth(shown) <= width) break;
    shown = shown.filter((c) => c.drop === 0 || c.drop > level);
  }
  return shown;
}

/** Games, points or average of a row: in `stage`, or (null) in the stage that ranked it. */
export function figure(row: RankRow, kind: 'games' | 'points' | 'average', stage: string | null): number {
  if (stage === null) return row[kind];
  return row.stages.find((s) => s.stage === stage)?.[kind] ?? 0;
}

/** `3` or, for places shared by the losers of one knockout round, `3–4`. */
export function placeLabel(row: RankRow): string {
  return row.placeTo > row.place ? `${row.place}–${row.placeTo}` : String(row.place);
}

/** The tie-breaks worth a quiet hint: the criteria beyond the stage, the bracket and the points. */
const TIE_BREAKS: ReadonlySet<Decider> = new Set(['irregular', 'head-to-head', 'opponents', 'name']);

/**
 * The tie-break that put a ranked row below the one above, or null when the figures show it or the two
 * share the place (the losers of one knockout round).
 */
export function tieBreak(row: RankRow): Decider | null {
  if (row.stage === null || row.placeTo > row.place || row.decidedBy === null) return null;
  return TIE_BREAKS.has(row.decidedBy) ? row.decidedBy : null;
}

/**
 * The stages ranked by average points per game because their game counts differ (a knockout ranks by
 * the round lost, so its counts never call for the note); empty when the table is ranked by totals.
 */
export function averageStages(ranking: Ranking): string[] {
  return ranking.stages.filter((s) => s.basis === 'average' && !s.knockout).map((s) => s.stage);
}

/** `5–1–2` (won, drawn, lost); `–` for cooperative games. */
export function formatWdl(wdl: RankRow['wdl']): string {
  return wdl === null ? '–' : `${wdl.wins}–${wdl.draws}–${wdl.losses}`;
}

/** `1532 ± 48`: Elo and half its 95% interval, whole points; `–` without one. */
export function formatElo(elo: EloFigure | null, locale: string): string {
  if (elo === null) return '–';
  return `${formatNumber(elo.elo, 0, locale)} ± ${formatNumber((elo.high - elo.low) / 2, 0, locale)}`;
}

/** `27.3 ± 4.1`: openskill's μ ± σ, one decimal; `–` without one. */
export function formatSkill(skill: SkillFigure | null, locale: string): string {
  if (skill === null) return '–';
  return `${formatNumber(skill.mu, 1, locale)} ± ${formatNumber(skill.sigma, 1, locale)}`;
}

/** Points as the game counts them: whole numbers as they are, fractions with two decimals. */
export function formatPoints(points: number, locale: string): string {
  return formatNumber(points, Number.isInteger(points) ? 0 : 2, locale);
}

/** The direction a column takes on its first click: places, names and irregular losses go up. */
export function firstDirection(kind: ColumnKind): SortState['direction'] {
  return kind === 'place' || kind === 'name' || kind === 'stage' || kind === 'irregular'
    ? 'ascending'
    : 'descending';
}

/** The sort after a click on `column`: the same column flips, another starts in its natural direction. */
export function nextSort(current: SortState, column: LeaderboardColumn): SortState {
  if (current.column === column.id) {
    return { column: column.id, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column: column.id, direction: firstDirection(column.kind) };
}

/** The key of a row in a column; null (no rating, no ranking stage) sorts below every value. */
function key(row: RankRow, index: number, column: LeaderboardColumn): number | string | null {
  switch (column.kind) {
    case 'place':
      return index;
    case 'name':
      return row.name.toLowerCase();
    case 'stage':
      return row.stage;
    case 'wdl':
      return row.wdl === null ? null : row.wdl.wins + row.wdl.draws / 2;
    case 'irregular':
      return row.irregularTotal;
    case 'elo':
      return row.elo?.elo ?? null;
    case 'skill':
      return row.skill?.mu ?? null;
    default:
      return figure(row, column.kind, column.stage);
  }
}

/**
 * The rows sorted by `sort` (by place when its column is not in `columns`); equal keys keep the ranking
 * order whichever the direction, and rows without a value come last.
 */
export function sortRows(
  rows: readonly RankRow[],
  columns: readonly LeaderboardColumn[],
  sort: SortState,
): RankRow[] {
  const column = columns.find((c) => c.id === sort.column);
  if (!column || (column.kind === 'place' && sort.direction === 'ascending')) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: key(row, index, column) }))
    .sort((a, b) => {
      if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1;
      const d = a.key === null || b.key === null ? 0 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      return d * sign || a.index - b.index;
    })
    .map((x) => x.row);
}

/** The `aria-sort` of a column header: the sorted column's direction, `none` for the others. */
export function ariaSort(sort: SortState, column: LeaderboardColumn): 'ascending' | 'descending' | 'none' {
  return sort.column === column.id ? sort.direction : 'none';
}
