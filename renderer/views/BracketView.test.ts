// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { useGamesStore } from '../stores/games.ts';
import { knockoutRows, mountScreen, tournamentRoutes } from '../../test/helpers/renderer-mount.ts';
import BracketView from './BracketView.vue';

const rows = knockoutRows();

const fake = {
  tournamentGames: vi.fn(async () => rows),
  tournamentDraft: vi.fn(async () => ({
    name: 'Cup',
    game: 'more',
    schedule: { kind: 'knockout' },
    bots: ['a', 'b', 'c', 'd'],
  })),
  tournamentsList: vi.fn(async () => []),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

function mountAt(path: string) {
  return mountScreen(BracketView, { routes: tournamentRoutes(), path, props: { id: 't1' } });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => useGamesStore().stopListening());

describe('BracketView', () => {
  it('draws the knockout with winners advancing, and opens a match’s games', async () => {
    const { wrapper, router } = await mountAt('/t/t1/bracket');
    const boxes = wrapper.findAll('[data-testid="bracket-match"]');
    expect(boxes.map((b) => `${b.attributes('data-round')}/${b.attributes('data-slot')}`)).toEqual([
      '1/1',
      '1/2',
      '2/1',
    ]);
    expect(boxes[0]!.find('.winner').text()).toContain('ann');
    expect(boxes[1]!.find('.winner').text()).toContain('cy');
    expect(wrapper.find('[data-testid="champion"]').text()).toContain('—');
    await boxes[0]!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('games');
    expect(router.currentRoute.value.query).toEqual({ match: 'knockout/r1/m1' });
  });

  it('opens the game itself for a one-game match', async () => {
    const { wrapper, router } = await mountAt('/t/t1/bracket');
    await wrapper.findAll('[data-testid="bracket-match"]')[1]!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('game');
    expect(router.currentRoute.value.params).toEqual({ id: 't1', index: '2' });
  });
});
