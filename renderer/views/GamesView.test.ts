// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { useGamesStore } from '../stores/games.ts';
import { knockoutRows, mountScreen, tournamentRoutes } from '../../test/helpers/renderer-mount.ts';
import GamesView from './GamesView.vue';

const rows = knockoutRows();

const fake = {
  tournamentGames: vi.fn(async () => rows),
  tournamentsList: vi.fn(async () => []),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

function mountAt(path: string) {
  return mountScreen(GamesView, { routes: tournamentRoutes(), path, props: { id: 't1' } });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => useGamesStore().stopListening());

describe('GamesView', () => {
  it('lists every game with seats, scores, statuses and the ending', async () => {
    const { wrapper } = await mountAt('/t/t1/games');
    const list = wrapper.findAll('[data-testid="game-row"]');
    expect(list.map((r) => r.attributes('data-index'))).toEqual(['0', '1', '2', '3']);
    expect(list[1]!.text()).toContain('CRASH');
    expect(list[0]!.text()).toContain('All home');
    expect(list[0]!.text()).toContain('1.5 s');
    expect(list[3]!.text()).toContain('Running');
  });

  it('filters from the route query and writes the filter back to it', async () => {
    const { wrapper, router } = await mountAt('/t/t1/games?match=knockout/r1/m1');
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
    const { wrapper, router } = await mountAt('/t/t1/games');
    await wrapper.findAll('[data-testid="game-row"]')[2]!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('game');
    expect(router.currentRoute.value.params).toEqual({ id: 't1', index: '2' });
  });
});
