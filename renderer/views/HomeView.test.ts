// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { TournamentSummary } from '../stores/tournaments.ts';
import HomeView from './HomeView.vue';
import { appInfo, blank, mountScreen } from '../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  tournamentsList: vi.fn(),
  tournamentsRemove: vi.fn(),
  tournamentsDemo: vi.fn(),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
}));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

enableAutoUnmount(afterEach);

function summary(id: string, patch: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id,
    name: `Event ${id}`,
    game: 'less',
    format: 'groups',
    state: 'done',
    finished: 24,
    total: 24,
    running: 0,
    etaMs: null,
    concurrency: 2,
    createdAt: '2026-03-01T10:00:00Z',
    ...patch,
  };
}

function mountView() {
  return mountScreen(HomeView, {
    routes: [
      { path: '/', component: HomeView },
      { path: '/new', component: blank },
      { path: '/t/:id/live', name: 'live', component: blank },
      { path: '/t/:id/standings', name: 'standings', component: blank },
    ],
    path: '/',
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  api.appInfo.mockResolvedValue(appInfo());
  api.tournamentsRemove.mockResolvedValue(null);
  api.tournamentsList.mockResolvedValue([
    summary('old', { createdAt: '2026-02-01T10:00:00Z' }),
    summary('live', {
      game: 'more',
      format: 'knockout',
      state: 'running',
      finished: 3,
      total: 12,
      etaMs: 45_000,
    }),
  ]);
});

describe('HomeView', () => {
  it('lists the tournaments newest first, opening running ones live and others at the standings', async () => {
    const { wrapper } = await mountView();
    const rows = wrapper.findAll('tbody tr');
    expect(rows.map((r) => r.attributes('data-testid'))).toEqual(['tournament-live', 'tournament-old']);
    expect(rows[0]!.text()).toContain('More');
    expect(rows[0]!.text()).toContain('Knockout');
    expect(rows[0]!.get('[data-testid="state-badge"]').text()).toBe('Running');
    expect(rows[0]!.text()).toContain('3/12');
    expect(rows[0]!.get('[data-testid="eta"]').text()).toBe('about 45 s left');
    expect(rows[0]!.get('[data-testid="tournament-open"]').attributes('href')).toBe('/t/live/live');
    expect(rows[1]!.get('[data-testid="tournament-open"]').attributes('href')).toBe('/t/old/standings');
    expect(rows[1]!.find('[data-testid="eta"]').exists()).toBe(false);
  });

  it('removes a tournament after asking, never a running one', async () => {
    const { wrapper } = await mountView();
    expect(wrapper.get('[data-testid="remove-live"]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid="remove-old"]').trigger('click');
    expect(api.tournamentsRemove).not.toHaveBeenCalled();
    await wrapper.get('[data-testid="remove-old-confirm"]').trigger('click');
    await flushPromises();
    expect(api.tournamentsRemove).toHaveBeenCalledWith({ id: 'old' });
    expect(wrapper.findAll('tbody tr')).toHaveLength(1);
  });

  it('offers to run a finished tournament again, never a running one, and not to spectators', async () => {
    const { wrapper } = await mountView();
    expect(wrapper.get('[data-testid="run-again-old"]').attributes('href')).toBe('/new?from=old');
    expect(wrapper.find('[data-testid="run-again-live"]').exists()).toBe(false);
    api.appInfo.mockResolvedValue(appInfo({ mode: 'browser', canControl: false }));
    const spectator = await mountView();
    expect(spectator.wrapper.find('[data-testid="run-again-old"]').exists()).toBe(false);
  });

  it('offers the demo when there is no tournament, and opens it live', async () => {
    api.tournamentsList.mockResolvedValue([]);
    api.tournamentsDemo.mockResolvedValue(summary('demo', { state: 'running' }));
    const { wrapper, router } = await mountView();
    expect(wrapper.find('table').exists()).toBe(false);
    await wrapper.get('[data-testid="demo"]').trigger('click');
    await flushPromises();
    expect(api.tournamentsDemo).toHaveBeenCalledTimes(1);
    expect(router.currentRoute.value.fullPath).toBe('/t/demo/live');
  });
});
