// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { StandingRow } from '../../shared/tournament/standings/standings.ts';
import PointsChart from '../components/standings/PointsChart.vue';
import { routes } from '../router.ts';
import { useStandingsStore, type Standings } from '../stores/standings.ts';
import StandingsView from './StandingsView.vue';
import { mountScreen } from '../test-support.ts';

function standing(rank: number, id: string, points: number, games: number, timeouts = 0): StandingRow {
  return {
    rank,
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    points,
    games,
    average: points / games,
    irregular: { TIMEOUT: timeouts, ILLEGAL: 0, CRASH: 0, EXIT: 0 },
    irregularTotal: timeouts,
    wdl: null,
    headToHead: 0,
    opponentAverage: 0,
    decidedBy: null,
  };
}

const cell = (f: number, a: number) => ({
  games: 2,
  for: f,
  against: a,
  wins: f > a ? 2 : 0,
  draws: 0,
  losses: f < a ? 2 : 0,
});
const line = (games: number, points: number) => ({ games, points, average: points / games });

const standings: Standings = {
  report: {
    standings: [standing(1, 'ann', 8, 4), standing(2, 'bob', 6, 4, 1), standing(3, 'cy', 2, 4)],
    crosstable: {
      ids: ['ann', 'bob', 'cy'],
      cells: [
        [null, cell(3, 1), cell(5, 1)],
        [cell(1, 3), null, cell(5, 0)],
        [cell(1, 5), cell(0, 5), null],
      ],
    },
    seatStats: {
      bots: ['ann', 'bob', 'cy'].map((id) => ({ id, seats: [line(2, 3), line(2, 1)] })),
      overall: [line(6, 9), line(6, 7)],
    },
    timeStats: ['ann', 'bob', 'cy'].map((id) => ({
      id,
      games: 4,
      moves: 80,
      meanPerMoveUs: 12_000,
      maxMoveUs: 90_000,
      meanPerGameUs: 240_000,
      maxPerGameUs: 300_000,
      closestCall: { fraction: 0.3, gameIndex: 2 },
    })),
    elo: [
      { id: 'ann', elo: 1580, se: 40, low: 1502, high: 1658, games: 4, score: 0.75 },
      { id: 'bob', elo: 1520, se: 40, low: 1442, high: 1598, games: 4, score: 0.5 },
      { id: 'cy', elo: 1400, se: 40, low: 1322, high: 1478, games: 4, score: 0.25 },
    ],
    skill: null,
  },
  stages: ['main'],
  pointsByRound: [
    { name: 'Ann', points: [4, 8] },
    { name: 'Bob', points: [3, 6] },
    { name: 'Cy', points: [1, 2] },
  ],
  rounds: [
    { stage: 'main', round: 1 },
    { stage: 'main', round: 2 },
  ],
};

const fake = {
  tournamentStandings: vi.fn(async () => standings),
  tournamentsList: vi.fn(async () => []),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

async function mountView() {
  const { wrapper } = await mountScreen(StandingsView, {
    routes,
    path: '/t/t1/standings',
    props: { id: 't1' },
    // chart.js draws on a <canvas>, which happy-dom lacks; chart-data.test.ts checks the datasets.
    stubs: { PointsChart: true },
  });
  return wrapper;
}

const names = (wrapper: Awaited<ReturnType<typeof mountView>>): string[] =>
  wrapper.findAll('[data-testid="standings-name"]').map((n) => n.text());

beforeEach(() => vi.clearAllMocks());
afterEach(() => useStandingsStore().stopListening());

describe('StandingsView', () => {
  it('shows the rows in standings order with points, irregular losses and Elo ± 95%', async () => {
    const wrapper = await mountView();
    expect(fake.tournamentStandings).toHaveBeenCalledWith({ id: 't1' });
    expect(names(wrapper)).toEqual(['Ann', 'Bob', 'Cy']);
    const cells = wrapper
      .findAll('[data-testid="standings-row"]')[1]!
      .findAll('td')
      .map((td) => td.text());
    expect(cells).toEqual(['2', 'Bob', '6', '4', '1.50', '1', '1,520 ± 78']);
    expect(wrapper.find('th[aria-sort="ascending"]').text()).toContain('Rank');
  });

  it('sorts by a clicked header and reverses on the second click', async () => {
    const wrapper = await mountView();
    await wrapper.find('[data-testid="sort-irregular"]').trigger('click');
    expect(names(wrapper)).toEqual(['Ann', 'Cy', 'Bob']);
    const header = wrapper.find('[data-testid="sort-irregular"]').element.closest('th');
    expect(header?.getAttribute('aria-sort')).toBe('ascending');
    await wrapper.find('[data-testid="sort-irregular"]').trigger('click');
    expect(names(wrapper)).toEqual(['Bob', 'Ann', 'Cy']);
    expect(header?.getAttribute('aria-sort')).toBe('descending');
    await wrapper.find('[data-testid="sort-name"]').trigger('click');
    expect(names(wrapper)).toEqual(['Ann', 'Bob', 'Cy']);
    expect(header?.getAttribute('aria-sort')).toBe('none');
  });

  it('shows the crosstable, the chart data and the per-seat and time tables', async () => {
    const wrapper = await mountView();
    const rows = wrapper.find('[data-testid="crosstable"]').findAll('tbody tr');
    expect(rows.map((r) => r.findAll('td').map((td) => td.text()))).toEqual([
      ['', '3–1', '5–1'],
      ['1–3', '', '5–0'],
      ['1–5', '0–5', ''],
    ]);
    expect(wrapper.findComponent(PointsChart).props('series')).toEqual(standings.pointsByRound);
    expect(wrapper.findComponent(PointsChart).props('rounds')).toEqual(standings.rounds);
    expect(wrapper.find('[data-testid="seat-stats"] tfoot').text()).toContain('1.50');
    expect(wrapper.find('[data-testid="time-stats"] tbody tr').text()).toContain('12.0 ms');
  });
});
