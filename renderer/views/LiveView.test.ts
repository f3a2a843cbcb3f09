// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { games } from '../../shared/games/registry.ts';
import type { GameFrame } from '../stores/live.ts';
import type { TournamentSummary } from '../stores/tournaments.ts';
import LiveView from './LiveView.vue';
import { appInfo, mountScreen, tournamentRoutes } from '../../test/helpers/renderer-mount.ts';

type Progress = EventPayload<'tournament.progress'>;

const listeners = vi.hoisted(() => ({
  frame: [] as ((f: unknown) => void)[],
  progress: [] as ((p: unknown) => void)[],
}));
const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  tournamentsList: vi.fn(),
  tournamentLive: vi.fn(),
  tournamentDraft: vi.fn(),
  tournamentPause: vi.fn(),
  tournamentAbort: vi.fn(),
  tournamentConcurrency: vi.fn(),
  onGameFrame: (l: (f: unknown) => void) => {
    listeners.frame.push(l);
    return () => listeners.frame.splice(listeners.frame.indexOf(l), 1);
  },
  onTournamentProgress: (l: (p: unknown) => void) => {
    listeners.progress.push(l);
    return () => listeners.progress.splice(listeners.progress.indexOf(l), 1);
  },
  onTournamentChanged: () => () => undefined,
}));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

enableAutoUnmount(afterEach);

const state = (() => {
  const setup = games.more.setup({ seed: 1 });
  if (!setup.ok) throw new Error(setup.error.message);
  return games.more.toJson(setup.value);
})();

function frame(game: number, ply: number, patch: Partial<GameFrame> = {}): GameFrame {
  return {
    tournament: 'club',
    game,
    stage: 'main',
    round: 2,
    seats: ['Alice', 'Bob'],
    ply,
    state,
    lastMove: null,
    clocksMs: [1234, 25_000],
    toAct: 0,
    done: false,
    scores: null,
    ...patch,
  };
}

function summary(patch: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: 'club',
    name: 'Club night',
    game: 'more',
    format: 'round-robin',
    state: 'running',
    finished: 5,
    total: 12,
    running: 2,
    etaMs: 90_000,
    concurrency: 2,
    createdAt: '2026-03-01T10:00:00Z',
    ...patch,
  };
}

/** Lets the wall draw what waits: one board per animation frame. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 120));

async function mountView(canControl = true) {
  api.appInfo.mockResolvedValue(appInfo({ canControl }));
  const { wrapper } = await mountScreen(LiveView, {
    routes: tournamentRoutes({ path: '/t/:id/live', name: 'live', component: LiveView, props: true }),
    path: '/t/club/live',
    props: { id: 'club' },
  });
  await settle();
  return wrapper;
}

beforeEach(() => {
  vi.clearAllMocks();
  listeners.frame.length = 0;
  listeners.progress.length = 0;
  api.tournamentsList.mockResolvedValue([summary()]);
  api.tournamentLive.mockResolvedValue([frame(4, 10), frame(2, 8)]);
  api.tournamentDraft.mockResolvedValue({
    name: 'Club night',
    game: 'more',
    schedule: { kind: 'round-robin' },
    bots: ['alice', 'bob'],
  });
  api.tournamentPause.mockResolvedValue(summary({ state: 'paused', running: 0 }));
  api.tournamentConcurrency.mockImplementation(async ({ concurrency }: { concurrency: number }) =>
    summary({ concurrency }),
  );
});

describe('LiveView', () => {
  it('renders one live board per running game, with clocks, progress and ETA', async () => {
    const wrapper = await mountView();
    const boards = wrapper.findAll('[data-testid="live-board"]');
    expect(boards.map((b) => b.attributes('data-game'))).toEqual(['2', '4']);
    expect(boards[0]!.text()).toContain('Main · round 2 · game 3');
    expect(boards[0]!.findAll('[data-testid="seat-clock"]').map((c) => c.text())).toEqual([
      '1.23 s',
      '25.0 s',
    ]);
    expect(boards[0]!.find('svg').exists()).toBe(true);
    expect(wrapper.get('[data-testid="progress-text"]').text()).toBe('5/12');
    expect(wrapper.get('[data-testid="eta"]').text()).toBe('about 1 min 30 s left');
    expect(wrapper.get('[data-testid="tournament-title"]').text()).toBe('Club night');
  });

  it('adds a board when a new game’s frame arrives and keeps up with progress', async () => {
    const wrapper = await mountView();
    listeners.frame.forEach((l) => l(frame(7, 1)));
    listeners.progress.forEach((l) =>
      l({
        id: 'club',
        state: 'running',
        finished: 6,
        total: 12,
        running: 3,
        etaMs: 60_000,
        error: null,
      } satisfies Progress),
    );
    await settle();
    expect(wrapper.findAll('[data-testid="live-board"]')).toHaveLength(3);
    expect(wrapper.get('[data-testid="progress-text"]').text()).toBe('6/12');
  });

  it('keeps the running boards first: a finished game’s card goes after them until it leaves', async () => {
    api.tournamentLive.mockResolvedValue([frame(2, 8), frame(4, 10), frame(5, 3), frame(6, 1)]);
    const wrapper = await mountView();
    const order = () => wrapper.findAll('[data-testid="live-board"]').map((b) => b.attributes('data-game'));
    const send = (f: GameFrame) => listeners.frame.forEach((l) => l(f));
    await settle(); // four boards join, one per frame
    expect(order()).toEqual(['2', '4', '5', '6']);
    send(frame(4, 80, { done: true, toAct: null, scores: [1, 0] }));
    await settle();
    expect(order()).toEqual(['2', '5', '6', '4']);
    // Finished cards keep the order they finished in; a new game joins the running ones.
    send(frame(2, 80, { done: true, toAct: null, scores: [0, 1] }));
    send(frame(7, 1));
    await settle();
    expect(order()).toEqual(['5', '6', '7', '4', '2']);
    expect(wrapper.findAll('.live-board.done').map((b) => b.attributes('data-game'))).toEqual(['4', '2']);
  });

  it('pauses with tournamentPause, then offers resume', async () => {
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="resume"]').exists()).toBe(false);
    await wrapper.get('[data-testid="pause"]').trigger('click');
    await flushPromises();
    expect(api.tournamentPause).toHaveBeenCalledWith({ id: 'club' });
    expect(wrapper.find('[data-testid="pause"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="resume"]').exists()).toBe(true);
  });

  it('asks before aborting, and steps the concurrency', async () => {
    const wrapper = await mountView();
    await wrapper.get('[data-testid="abort"]').trigger('click');
    expect(api.tournamentAbort).not.toHaveBeenCalled();
    await wrapper.get('[data-testid="abort-cancel"]').trigger('click');
    expect(api.tournamentAbort).not.toHaveBeenCalled();
    await wrapper.get('[data-testid="concurrency-up"]').trigger('click');
    await flushPromises();
    expect(api.tournamentConcurrency).toHaveBeenCalledWith({ id: 'club', concurrency: 3 });
    expect(wrapper.get('[data-testid="concurrency-value"]').text()).toBe('3');
  });

  it('offers Start to a tournament that never ran, and Continue to one with a game to play again', async () => {
    api.tournamentsList.mockResolvedValue([summary({ state: 'idle', finished: 0, running: 0, etaMs: null })]);
    let wrapper = await mountView();
    expect(wrapper.get('[data-testid="start"]').text()).toBe('Start');
    wrapper.unmount();
    // A finished tournament one of whose results was deleted: idle again, with its other games played.
    api.tournamentsList.mockResolvedValue([
      summary({ state: 'idle', finished: 11, running: 0, etaMs: null }),
    ]);
    wrapper = await mountView();
    expect(wrapper.get('[data-testid="start"]').text()).toBe('Continue');
  });

  it('shows read-only spectators no control they would be refused, only the games at once', async () => {
    const wrapper = await mountView(false);
    for (const id of ['start', 'pause', 'resume', 'stop', 'abort', 'concurrency-down', 'concurrency-up'])
      expect(wrapper.find(`[data-testid="${id}"]`).exists()).toBe(false);
    expect(wrapper.get('[data-testid="concurrency-value"]').text()).toBe('2');
  });
});
