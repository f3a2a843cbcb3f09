// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createJuryI18n } from '../i18n/index.ts';
import { useGamesStore, type GameRow } from '../stores/games.ts';
import GamesView from './GamesView.vue';

function game(
  index: number,
  match: string,
  seats: string[],
  scores: number[] | null,
  extra: Partial<GameRow> = {},
): GameRow {
  const [stage = '', r = 'r1'] = match.split('/');
  return {
    index,
    stage,
    round: Number(/\d+/.exec(r)?.[0] ?? 1),
    match,
    seats,
    state: scores ? 'finished' : 'scheduled',
    scores,
    statuses: scores ? seats.map(() => 'OK' as const) : null,
    end: scores ? 'all-home' : null,
    durationMs: scores ? 1500 : null,
    ...extra,
  };
}

const rows: GameRow[] = [
  game(0, 'knockout/r1/m1', ['ann', 'dan'], [20, 4]),
  game(1, 'knockout/r1/m1', ['dan', 'ann'], [6, 18], { statuses: ['CRASH', 'OK'] }),
  game(2, 'knockout/r1/m2', ['bob', 'cy'], [10, 12]),
  game(3, 'knockout/r2/m1', ['ann', 'cy'], null, { state: 'running' }),
];

const fake = {
  tournamentGames: vi.fn(async () => rows),
  tournamentsList: vi.fn(async () => []),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

// The app's route names, without loading the other screens when a test navigates.
const blank = { render: () => null };
const routes = ['live', 'standings', 'bracket', 'games', 'export'].map((name) => ({
  path: `/t/:id/${name}`,
  name,
  component: blank,
}));
routes.push({ path: '/t/:id/games/:index', name: 'game', component: blank });

async function mountAt(path: string, view: typeof GamesView) {
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push(path);
  const wrapper = mount(view, {
    props: { id: 't1' },
    global: { plugins: [createPinia(), router, createJuryI18n('en')] },
  });
  await flushPromises();
  return { wrapper, router };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => useGamesStore().stopListening());

describe('GamesView', () => {
  it('lists every game with seats, scores, statuses and the ending', async () => {
    const { wrapper } = await mountAt('/t/t1/games', GamesView);
    const list = wrapper.findAll('[data-testid="game-row"]');
    expect(list.map((r) => r.attributes('data-index'))).toEqual(['0', '1', '2', '3']);
    expect(list[1]!.text()).toContain('CRASH');
    expect(list[0]!.text()).toContain('All home');
    expect(list[0]!.text()).toContain('1.5 s');
    expect(list[3]!.text()).toContain('Running');
  });

  it('filters from the route query and writes the filter back to it', async () => {
    const { wrapper, router } = await mountAt('/t/t1/games?match=knockout/r1/m1', GamesView);
    expect(wrapper.findAll('[data-testid="game-row"]')).toHaveLength(2);
    await wrapper.find('[data-testid="clear-match"]').trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({});
    await wrapper.find('[data-testid="filter-status"]').setValue('irregular');
    await flushPromises();
    expect(router.currentRoute.value.query).toEqual({ status: 'irregular' });
    expect(wrapper.findAll('[data-testid="game-row"]').map((r) => r.attributes('data-index'))).toEqual(['1']);
  });

  it('opens the game viewer from a row', async () => {
    const { wrapper, router } = await mountAt('/t/t1/games', GamesView);
    await wrapper.findAll('[data-testid="game-row"]')[2]!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('game');
    expect(router.currentRoute.value.params).toEqual({ id: 't1', index: '2' });
  });
});
