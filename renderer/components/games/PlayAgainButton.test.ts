// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { useAppStore } from '../../stores/app.ts';
import { useNotices } from '../../stores/notices.ts';
import { useTournamentsStore, type TournamentSummary } from '../../stores/tournaments.ts';
import PlayAgainButton from './PlayAgainButton.vue';
import { appInfo, mountScreen } from '../../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  tournamentsList: vi.fn(),
  tournamentResetGame: vi.fn(),
}));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => false }));

enableAutoUnmount(afterEach);

function summary(patch: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: 'Club',
    name: 'Club',
    game: 'less',
    format: 'round-robin',
    state: 'done',
    finished: 4,
    total: 4,
    running: 0,
    etaMs: null,
    concurrency: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

/** Mounts the action for game 3 (index 2) of Club, with the app info and the list loaded. */
async function mountButton() {
  const mounted = await mountScreen(PlayAgainButton, { props: { tournament: 'Club', index: 2 } });
  await useAppStore(mounted.pinia).load();
  await useTournamentsStore(mounted.pinia).fetch();
  await flushPromises();
  return mounted;
}

beforeEach(() => {
  vi.clearAllMocks();
  api.appInfo.mockResolvedValue(appInfo());
  api.tournamentsList.mockResolvedValue([summary()]);
  api.tournamentResetGame.mockResolvedValue(summary({ state: 'idle', finished: 3 }));
});

describe('PlayAgainButton', () => {
  it("asks first, then deletes the game's result through the bridge and says so", async () => {
    const { wrapper, pinia } = await mountButton();
    expect(wrapper.get('[data-testid="play-again"]').text()).toBe('Play again');
    expect(wrapper.get('[data-testid="play-again-hint"]').text()).toMatch(
      /^Deletes this result: the next start/,
    );
    await wrapper.get('[data-testid="play-again"]').trigger('click');
    expect(wrapper.get('.question').text()).toBe('Delete the result of game 3?');
    expect(api.tournamentResetGame).not.toHaveBeenCalled();
    await wrapper.get('[data-testid="play-again-confirm"]').trigger('click');
    await flushPromises();
    expect(api.tournamentResetGame).toHaveBeenCalledWith({ id: 'Club', index: 2 });
    expect(wrapper.emitted('reset')).toEqual([[]]);
    // The list shows the tournament resumable, one game fewer finished.
    expect(useTournamentsStore(pinia).byId('Club')).toMatchObject({ state: 'idle', finished: 3 });
  });

  it('does nothing when cancelled, and shows the refusal as a notice without emitting', async () => {
    const { wrapper, pinia } = await mountButton();
    await wrapper.get('[data-testid="play-again"]').trigger('click');
    await wrapper.get('[data-testid="play-again-cancel"]').trigger('click');
    expect(api.tournamentResetGame).not.toHaveBeenCalled();
    api.tournamentResetGame.mockRejectedValue(
      new Error('cannot play game #3 again: this tournament is imported and read-only; nothing was changed'),
    );
    await wrapper.get('[data-testid="play-again"]').trigger('click');
    await wrapper.get('[data-testid="play-again-confirm"]').trigger('click');
    await flushPromises();
    expect(useNotices(pinia).items.map((n) => n.message)).toEqual([
      'cannot play game #3 again: this tournament is imported and read-only; nothing was changed',
    ]);
    expect(wrapper.emitted('reset')).toBeUndefined();
  });

  it('waits while the tournament runs', async () => {
    api.tournamentsList.mockResolvedValue([summary({ state: 'running', finished: 2 })]);
    const { wrapper } = await mountButton();
    expect(wrapper.get('[data-testid="play-again"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid="play-again-hint"]').text()).toBe(
      'Stop the tournament before playing a game again.',
    );
  });

  it('is hidden for spectators of jury serve', async () => {
    api.appInfo.mockResolvedValue(appInfo({ mode: 'browser', canControl: false }));
    const { wrapper } = await mountButton();
    expect(wrapper.find('[data-testid="play-again-panel"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="play-again"]').exists()).toBe(false);
  });
});
