import type { Response } from '../../shared/ipc/contract.ts';

/**
 * The games list's filter: by bot, stage, round, state (or "irregular": some seat did not end OK) and
 * match (the bracket opens the list filtered to one match). The filter lives in the route's query, so a
 * filtered list can be linked, reloaded and reached with the back button.
 */

/** One scheduled game with its result once finished (`tournament.games`). */
export type GameRow = Response<'tournament.games'>[number];

/** The states a user can filter by; `irregular`: finished with at least one non-OK status. */
export type StatusFilter = 'all' | 'scheduled' | 'running' | 'finished' | 'irregular';

/** Every status filter, in the order the list offers them. */
export const STATUS_FILTERS: readonly StatusFilter[] = [
  'all',
  'scheduled',
  'running',
  'finished',
  'irregular',
];

/** What the list shows; null (or `all`) lets everything through. */
export interface GameFilter {
  readonly bot: string | null;
  readonly stage: string | null;
  readonly round: number | null;
  readonly status: StatusFilter;
  readonly match: string | null;
}

/** No filter at all. */
export const NO_FILTER: GameFilter = { bot: null, stage: null, round: null, status: 'all', match: null };

/** Whether some seat of a finished game ended with a status other than OK. */
export function isIrregular(row: GameRow): boolean {
  return (row.statuses ?? []).some((s) => s !== 'OK');
}

function statusMatches(row: GameRow, status: StatusFilter): boolean {
  if (status === 'all') return true;
  if (status === 'irregular') return isIrregular(row);
  return row.state === status;
}

/** The rows that pass every part of `filter`, in their order. */
export function filterGames(rows: readonly GameRow[], filter: GameFilter): GameRow[] {
  return rows.filter(
    (row) =>
      (filter.bot === null || row.seats.includes(filter.bot)) &&
      (filter.stage === null || row.stage === filter.stage) &&
      (filter.round === null || row.round === filter.round) &&
      (filter.match === null || row.match === filter.match) &&
      statusMatches(row, filter.status),
  );
}

/** The choices of the filter's menus: bots by name, stages in schedule order, rounds (of the stage). */
export function filterOptions(
  rows: readonly GameRow[],
  stage: string | null = null,
): { bots: string[]; stages: string[]; rounds: number[] } {
  const bots = [...new Set(rows.flatMap((r) => r.seats))].sort((a, b) =>
    a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
  );
  const stages = [...new Set(rows.map((r) => r.stage))];
  const inStage = stage === null ? rows : rows.filter((r) => r.stage === stage);
  const rounds = [...new Set(inStage.map((r) => r.round))].sort((a, b) => a - b);
  return { bots, stages, rounds };
}

function first(value: unknown): string | null {
  const v = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The filter of a route query (`?bot=ann&round=2`); anything unknown or malformed is ignored. */
export function filterFromQuery(query: Readonly<Record<string, unknown>>): GameFilter {
  const round = Number(first(query.round));
  const status = first(query.status);
  return {
    bot: first(query.bot),
    stage: first(query.stage),
    round: Number.isInteger(round) && round >= 1 ? round : null,
    status: STATUS_FILTERS.find((s) => s === status) ?? 'all',
    match: first(query.match),
  };
}

/** The route query of a filter: only the parts that filter something. */
export function filterToQuery(filter: GameFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.bot !== null) query.bot = filter.bot;
  if (filter.stage !== null) query.stage = filter.stage;
  if (filter.round !== null) query.round = String(filter.round);
  if (filter.status !== 'all') query.status = filter.status;
  if (filter.match !== null) query.match = filter.match;
  return query;
}
