// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Ranking, RankView } from '../../shared/tournament/ranking/index.ts';
import PointsChart from '../components/standings/PointsChart.vue';
import { routes } from '../router.ts';
import { useStandingsStore, type Standings } from '../stores/standings.ts';
import { useStatisticsStore, type Statistics } from '../stores/statistics.ts';
import StandingsView from './StandingsView.vue';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';
import {
  cooperative,
  fourPlayers,
  knockout,
  swissThenFinal,
  unequalCounts,
} from '../../test/helpers/renderer-rankings.ts';

const cell = (f: number, a: number) => ({
  games: 2,
  for: f,
  against: a,
  wins: f > a ? 2 : 0,
  draws: 0,
  losses: f < a ? 2 : 0,
});
const line = (games: number, points: number) => ({ games, points, average: points / games });

/** The leaderboard the fake service ranks, by the view asked for. */
const env = vi.hoisted(() => ({
  rank: null as ((view: RankView) => Ranking) | null,
  stages: ['swiss', 'final'],
}));

const standings: Omit<Standings, 'ranking'> = {
  crosstable: {
    ids: ['ann', 'bob', 'cy'],
    cells: [
      [null, cell(3, 1), cell(5, 1)],
      [cell(1, 3), null, cell(5, 0)],
      [cell(1, 5), cell(0, 5), null],
    ],
  },
  stages: ['main'],
};

const statistics: Statistics = {
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
  tournamentStandings: vi.fn(async (request: { id: string; stage?: string }): Promise<Standings> => ({
    ...standings,
    ranking: (env.rank ?? swissThenFinal)(request.stage === undefined ? 'event' : { stage: request.stage }),
    stages: env.stages,
  })),
  tournamentStatistics: vi.fn(async (_: { id: string; stage?: string }) => statistics),
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
  wrapper.findAll('[data-testid="standings-name"] .bot').map((n) => n.text());

const rowTexts = (wrapper: Awaited<ReturnType<typeof mountView>>): string[][] =>
  wrapper.findAll('[data-testid="standings-row"]').map((tr) =>
    tr.findAll('td, th').map((cell) => {
      const parts = cell.findAll('span');
      return parts.length > 0 ? parts.map((p) => p.text()).join(' ') : cell.text();
    }),
  );

/** The header rows of the leaderboard, without the sort arrow. */
const headerTexts = (wrapper: Awaited<ReturnType<typeof mountView>>): string[][] =>
  wrapper
    .findAll('[data-testid="standings-table"] thead tr')
    .map((tr) => tr.findAll('th').map((th) => th.text().replace(/[▲▼]/g, '').trim()));

beforeEach(() => {
  vi.clearAllMocks();
  env.rank = null;
  env.stages = ['swiss', 'final'];
});
afterEach(() => {
  useStandingsStore().stopListening();
  useStatisticsStore().stopListening();
});

describe('StandingsView', () => {
  it('ranks a Swiss-then-final event: the finalists by the final, then the others with their Swiss games', async () => {
    const wrapper = await mountView();
    expect(fake.tournamentStandings).toHaveBeenCalledWith({ id: 't1' });
    const headers = headerTexts(wrapper);
    expect(headers[0]).toEqual(['', 'Final', 'Swiss', '']);
    expect(headers[1]).toEqual([
      'Place',
      'Bot',
      'Ranked by',
      'Games',
      'Points',
      'Avg',
      'Games',
      'Points',
      'Avg',
      'W–D–L',
      'Irregular',
      'Elo ± 95%',
      'μ ± σ',
    ]);
    expect(rowTexts(wrapper).map((cells) => cells.slice(0, 10))).toEqual([
      ['1', 'Bob', 'Final', '2', '21', '10.50', '2', '22', '11.00', '2–2–0'],
      ['2', 'Dee', 'Final', '2', '19', '9.50', '2', '35', '17.50', '2–1–1'],
      ['3', 'Cy', 'Swiss', '0', '0', '0.00', '2', '19', '9.50', '1–0–1'],
      ['4', 'Ann', 'Swiss', '0', '0', '0.00', '2', '18', '9.00', '0–1–1'],
      ['5', 'Eve', 'Swiss', '0', '0', '0.00', '2', '6', '3.00', '0–0–2'],
    ]);
    const rows = wrapper.findAll('[data-testid="standings-row"]');
    // Eve crashed once; Cy starts the Swiss-only group; each row's ranking stage stands out.
    expect(rows[4]!.find('.badge-danger').text()).toBe('1');
    expect(rows[4]!.find('.badge-danger').attributes('title')).toBe('CRASH 1');
    expect(rows.map((r) => r.classes('group-start'))).toEqual([false, false, true, false, false]);
    expect(rows[0]!.find('[data-testid="cell-points@final"]').classes()).toContain('ranked');
    expect(rows[2]!.find('[data-testid="cell-points@swiss"]').classes()).toContain('ranked');
    expect(rows[2]!.find('[data-testid="cell-points@final"]').classes()).not.toContain('ranked');
    // A line before each stage's group of columns.
    expect(
      wrapper
        .findAll('[data-testid="standings-table"] th.stage-start')
        .map((th) => th.find('button').attributes('data-testid')),
    ).toEqual(['sort-games@final', 'sort-games@swiss']);
    // Ratings from every game: Elo ± half the 95% interval, openskill μ ± σ.
    const bob = swissThenFinal().rows[0]!;
    expect(rows[0]!.find('[data-testid="cell-elo"]').text()).toBe(
      `${Math.round(bob.elo!.elo).toLocaleString('en')} ± ${Math.round((bob.elo!.high - bob.elo!.low) / 2)}`,
    );
    expect(rows[0]!.find('[data-testid="cell-skill"]').text()).toBe(
      `${bob.skill!.mu.toFixed(1)} ± ${bob.skill!.sigma.toFixed(1)}`,
    );
    expect(wrapper.find('[data-testid="basis-note"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('The bots of the last stage come first');
  });

  it('has a tab per view and asks the service for the one picked', async () => {
    const wrapper = await mountView();
    const tabs = wrapper.findAll('[role="tab"]');
    expect(tabs.map((t) => [t.text(), t.attributes('aria-selected')])).toEqual([
      ['Whole event', 'true'],
      ['Swiss', 'false'],
      ['Final', 'false'],
    ]);
    await wrapper.find('[data-testid="view-final"]').trigger('click');
    await flushPromises();
    expect(fake.tournamentStandings).toHaveBeenLastCalledWith({ id: 't1', stage: 'final' });
    expect(wrapper.find('[data-testid="view-final"]').attributes('aria-selected')).toBe('true');
    // One stage: plain figures, no stage columns; bots without a final game follow, greyed.
    expect(headerTexts(wrapper)).toHaveLength(1);
    expect(rowTexts(wrapper).map((cells) => cells.slice(0, 6))).toEqual([
      ['1', 'Bob', '2', '21', '10.50', '1–1–0'],
      ['2', 'Dee', '2', '19', '9.50', '0–1–1'],
      ['3', 'Ann', '0', '0', '0.00', '0–0–0'],
      ['4', 'Cy', '0', '0', '0.00', '0–0–0'],
      ['5', 'Eve', '0', '0', '0.00', '0–0–0'],
    ]);
    expect(wrapper.findAll('[data-testid="standings-row"]').map((r) => r.classes('unranked'))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    await wrapper.find('[data-testid="view-swiss"]').trigger('keydown', { key: 'ArrowLeft' });
    await flushPromises();
    expect(fake.tournamentStandings).toHaveBeenLastCalledWith({ id: 't1', stage: 'swiss' });
    expect(names(wrapper)).toEqual(['Dee', 'Bob', 'Cy', 'Ann', 'Eve']);
  });

  it('says under the table when game counts differ and the ranking is by average', async () => {
    env.rank = unequalCounts;
    env.stages = ['main'];
    const wrapper = await mountView();
    expect(wrapper.find('[role="tablist"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="basis-note"]').text()).toBe(
      'Ranked by average points per game: game counts differ.',
    );
    expect(rowTexts(wrapper).map((cells) => cells.slice(0, 5))).toEqual([
      ['1', 'Ann', '3', '36', '12.00'],
      ['2', 'Bob', '2', '22', '11.00'],
      ['3', 'Dee', '3', '27', '9.00'],
      ['4', 'Cy', '2', '15', '7.50'],
    ]);
  });

  it('marks the knockout champion and shares the places of one round’s losers', async () => {
    env.rank = () => knockout();
    env.stages = ['knockout'];
    const wrapper = await mountView();
    expect(rowTexts(wrapper).map((cells) => cells.slice(0, 2))).toEqual([
      ['1', 'Cy Champion'],
      ['2', 'Ann'],
      ['3–4', 'Dee'],
      ['3–4', 'Bob'],
    ]);
    expect(wrapper.findAll('[data-testid="champion"]')).toHaveLength(1);
    expect(wrapper.findAll('[data-testid="tie-break"]')).toHaveLength(0);
    // Its counts differ, but a knockout ranks by the round lost: no average note.
    expect(wrapper.find('[data-testid="basis-note"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('Places follow the bracket');
  });

  it('shows W/D/L and openskill for 4 players, neither for cooperative 6561', async () => {
    env.rank = () => fourPlayers();
    env.stages = ['main'];
    const wrapper = await mountView();
    const headers = () => headerTexts(wrapper)[0];
    expect(headers()).toEqual(['Place', 'Bot', 'Games', 'Points', 'Avg', 'W–D–L', 'Irregular', 'μ ± σ']);
    expect(rowTexts(wrapper).map((cells) => [cells[1], cells[5]])).toEqual([
      ['Ann', '1–0–1'],
      ['Cy by name', '1–0–1'],
      ['Bob', '0–0–2'],
      ['Dee by name', '0–0–2'],
    ]);
    expect(wrapper.findAll('[data-testid="tie-break"]').map((h) => h.text())).toEqual(['by name', 'by name']);
    env.rank = () => cooperative();
    await useStandingsStore().fetch();
    await flushPromises();
    expect(headers()).toEqual(['Place', 'Bot', 'Games', 'Points', 'Avg', 'Irregular']);
  });

  it('sorts by a clicked header and reverses on the second click', async () => {
    const wrapper = await mountView();
    await wrapper.find('[data-testid="sort-points@swiss"]').trigger('click');
    expect(names(wrapper)).toEqual(['Dee', 'Bob', 'Cy', 'Ann', 'Eve']);
    const header = wrapper.find('[data-testid="sort-points@swiss"]').element.closest('th');
    expect(header?.getAttribute('aria-sort')).toBe('descending');
    // Out of ranking order the stage groups are not marked.
    expect(wrapper.findAll('.group-start')).toHaveLength(0);
    await wrapper.find('[data-testid="sort-points@swiss"]').trigger('click');
    expect(names(wrapper)).toEqual(['Eve', 'Ann', 'Cy', 'Bob', 'Dee']);
    expect(header?.getAttribute('aria-sort')).toBe('ascending');
    await wrapper.find('[data-testid="sort-name"]').trigger('click');
    expect(names(wrapper)).toEqual(['Ann', 'Bob', 'Cy', 'Dee', 'Eve']);
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
    expect(fake.tournamentStatistics).toHaveBeenCalledWith({ id: 't1' });
    expect(wrapper.findComponent(PointsChart).props('series')).toEqual(statistics.pointsByRound);
    expect(wrapper.findComponent(PointsChart).props('rounds')).toEqual(statistics.rounds);
    expect(wrapper.find('[data-testid="seat-stats"] tfoot').text()).toContain('1.50');
    expect(wrapper.find('[data-testid="time-stats"] tbody tr').text()).toContain('12.0 ms');
  });

  it('names a chart of one round by games, and its x axis counts games', async () => {
    fake.tournamentStatistics.mockResolvedValueOnce({ ...statistics, unit: 'game' });
    const wrapper = await mountView();
    expect(wrapper.get('[data-testid="points-chart-title"]').text()).toBe('Points per game');
    expect(wrapper.findComponent(PointsChart).props('unit')).toBe('game');
  });

  it('shows the leaderboard at once and the chart, seat and time cards loading until their statistics arrive', async () => {
    let release: (value: Statistics) => void = () => undefined;
    fake.tournamentStatistics.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const wrapper = await mountView();
    expect(names(wrapper)).toEqual(['Bob', 'Dee', 'Cy', 'Ann', 'Eve']);
    expect(wrapper.find('[data-testid="crosstable"]').exists()).toBe(true);
    expect(wrapper.findAll('[data-testid="statistics-loading"]')).toHaveLength(3);
    expect(wrapper.findComponent(PointsChart).exists()).toBe(false);
    expect(wrapper.find('[data-testid="seat-stats"]').exists()).toBe(false);
    release(statistics);
    await flushPromises();
    expect(wrapper.findAll('[data-testid="statistics-loading"]')).toHaveLength(0);
    expect(wrapper.findComponent(PointsChart).props('series')).toEqual(statistics.pointsByRound);
    expect(wrapper.find('[data-testid="seat-stats"]').exists()).toBe(true);
  });

  it('asks for the statistics of the stage picked, and none for a view without games', async () => {
    const wrapper = await mountView();
    await useStandingsStore().setStage('final');
    await flushPromises();
    expect(fake.tournamentStatistics).toHaveBeenLastCalledWith({ id: 't1', stage: 'final' });
    fake.tournamentStatistics.mockClear();
    env.rank = (view) => ({
      ...swissThenFinal(view),
      stages: swissThenFinal(view).stages.map((s) => ({ ...s, games: 0 })),
    });
    await useStandingsStore().setStage('swiss');
    await flushPromises();
    expect(fake.tournamentStatistics).not.toHaveBeenCalled();
    expect(wrapper.find('[data-testid="seat-stats"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="statistics-loading"]')).toHaveLength(0);
  });
});
