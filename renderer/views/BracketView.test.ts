// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createJuryI18n } from '../i18n/index.ts';
import { useGamesStore, type GameRow } from '../stores/games.ts';
import BracketView from './BracketView.vue';

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

// The app's route names, without loading the other screens when a test navigates.
const blank = { render: () => null };
const routes = ['live', 'standings', 'bracket', 'games', 'export'].map((name) => ({
  path: `/t/:id/${name}`,
  name,
  component: blank,
}));
routes.push({ path: '/t/:id/games/:index', name: 'game', component: blank });

async function mountAt(path: string, view: typeof BracketView) {
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

describe('BracketView', () => {
  it('draws the knockout with winners advancing, and opens a match’s games', async () => {
    const { wrapper, router } = await mountAt('/t/t1/bracket', BracketView);
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
    const { wrapper, router } = await mountAt('/t/t1/bracket', BracketView);
    await wrapper.findAll('[data-testid="bracket-match"]')[1]!.trigger('click');
    await flushPromises();
    expect(router.currentRoute.value.name).toBe('game');
    expect(router.currentRoute.value.params).toEqual({ id: 't1', index: '2' });
  });
});
