import { describe, expect, it } from 'vitest';
import {
  NO_FILTER,
  filterFromQuery,
  filterGames,
  filterOptions,
  filterToQuery,
  isIrregular,
  type GameRow,
} from './game-filter.ts';

function row(index: number, extra: Partial<GameRow> = {}): GameRow {
  return {
    index,
    stage: 'swiss',
    round: 1,
    match: `swiss/r1/m${index}`,
    seats: ['ann', 'bob'],
    state: 'finished',
    scores: [1, 0],
    statuses: ['OK', 'OK'],
    end: 'move-limit',
    durationMs: 1200,
    ...extra,
  };
}

const rows: GameRow[] = [
  row(0),
  row(1, { seats: ['cy', 'Dee'], statuses: ['OK', 'TIMEOUT'] }),
  row(2, { round: 2, seats: ['bob', 'cy'], match: 'swiss/r2/m1' }),
  row(3, {
    stage: 'final',
    round: 1,
    match: 'final/c1/ann|bob',
    state: 'running',
    scores: null,
    statuses: null,
  }),
  row(4, {
    stage: 'final',
    round: 1,
    match: 'final/c1/ann|bob',
    seats: ['bob', 'ann'],
    state: 'scheduled',
    scores: null,
    statuses: null,
  }),
];
const indexes = (list: GameRow[]): number[] => list.map((r) => r.index);

describe('filterGames', () => {
  it('lets everything through without a filter', () => {
    expect(indexes(filterGames(rows, NO_FILTER))).toEqual([0, 1, 2, 3, 4]);
  });

  it('filters by bot, stage, round and match', () => {
    expect(indexes(filterGames(rows, { ...NO_FILTER, bot: 'cy' }))).toEqual([1, 2]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, stage: 'final' }))).toEqual([3, 4]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, stage: 'swiss', round: 1 }))).toEqual([0, 1]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, match: 'final/c1/ann|bob' }))).toEqual([3, 4]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, bot: 'ann', round: 1, stage: 'swiss' }))).toEqual([0]);
  });

  it('filters by state, and irregular means some seat not OK', () => {
    expect(indexes(filterGames(rows, { ...NO_FILTER, status: 'running' }))).toEqual([3]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, status: 'scheduled' }))).toEqual([4]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, status: 'finished' }))).toEqual([0, 1, 2]);
    expect(indexes(filterGames(rows, { ...NO_FILTER, status: 'irregular' }))).toEqual([1]);
    expect(isIrregular(rows[3]!)).toBe(false);
  });
});

describe('filterOptions', () => {
  it('lists bots case-insensitively sorted, stages in order, rounds of the chosen stage', () => {
    expect(filterOptions(rows)).toEqual({
      bots: ['ann', 'bob', 'cy', 'Dee'],
      stages: ['swiss', 'final'],
      rounds: [1, 2],
    });
    expect(filterOptions(rows, 'final').rounds).toEqual([1]);
  });
});

describe('route query', () => {
  it('reads a query, ignoring what is malformed', () => {
    expect(filterFromQuery({ bot: 'ann', round: '2', status: 'irregular', match: ['m1', 'm2'] })).toEqual({
      bot: 'ann',
      stage: null,
      round: 2,
      status: 'irregular',
      match: 'm1',
    });
    expect(filterFromQuery({ round: 'x', status: 'bogus', bot: '' })).toEqual(NO_FILTER);
    expect(filterFromQuery({ round: '0' }).round).toBeNull();
  });

  it('writes only the parts that filter, and reads them back the same', () => {
    expect(filterToQuery(NO_FILTER)).toEqual({});
    const filter = { bot: 'bob', stage: 'final', round: 1, status: 'finished', match: 'k/r1/m1' } as const;
    expect(filterToQuery(filter)).toEqual({
      bot: 'bob',
      stage: 'final',
      round: '1',
      status: 'finished',
      match: 'k/r1/m1',
    });
    expect(filterFromQuery(filterToQuery(filter))).toEqual(filter);
  });
});
