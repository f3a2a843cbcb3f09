import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { GAMES_REFETCH_MS, useGamesStore, type GameRow } from './games.ts';
import { useNotices } from './notices.ts';

type Changed = EventPayload<'tournament.changed'>;

function row(index: number, state: GameRow['state'] = 'scheduled'): GameRow {
  const done = state === 'finished';
  return {
    index,
    stage: 'main',
    round: 1,
    match: `main/c1/m${index}`,
    seats: ['ann', 'bob'],
    state,
    scores: done ? [2, 1] : null,
    statuses: done ? ['OK', 'OK'] : null,
    end: done ? 'all-home' : null,
    durationMs: done ? 900 : null,
  };
}

const listeners: ((p: Changed) => void)[] = [];
let stored: GameRow[] = [];
const fake = {
  tournamentGames: vi.fn(async (_: { id: string }) => stored.map((r) => ({ ...r }))),
  onTournamentChanged: (l: (p: Changed) => void) => {
    listeners.push(l);
    return () => listeners.splice(listeners.indexOf(l), 1);
  },
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

const changed = (id: string, reason: Changed['reason']): void =>
  listeners.forEach((l) => l({ id, reason, game: 1 }));

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.clearAllMocks();
  stored = [row(0, 'finished'), row(1, 'running'), row(2)];
});

afterEach(() => {
  useGamesStore().stopListening();
  vi.useRealTimers();
});

describe('the games store', () => {
  it('loads the rows of a tournament and finds one by index', async () => {
    const store = useGamesStore();
    await store.load('t1');
    expect(fake.tournamentGames).toHaveBeenCalledWith({ id: 't1' });
    expect(store.loaded).toBe(true);
    expect(store.rows.map((r) => r.state)).toEqual(['finished', 'running', 'scheduled']);
    expect(store.byIndex(0)?.scores).toEqual([2, 1]);
    expect(store.byIndex(9)).toBeUndefined();
  });

  it('drops the old rows at once when another tournament is shown', async () => {
    const store = useGamesStore();
    await store.load('t1');
    const loading = store.load('t2');
    expect(store.rows).toEqual([]);
    expect(store.loaded).toBe(false);
    await loading;
    expect(store.rows).toHaveLength(3);
  });

  it('follows starts and finishes of its tournament, at most once a second', async () => {
    const store = useGamesStore();
    await store.load('t1');
    store.listen();
    fake.tournamentGames.mockClear();
    stored = [row(0, 'finished'), row(1, 'finished'), row(2, 'running')];
    changed('t1', 'game-finished');
    changed('t1', 'game-started');
    changed('t2', 'game-finished');
    changed('t1', 'created');
    await vi.advanceTimersByTimeAsync(GAMES_REFETCH_MS);
    expect(fake.tournamentGames).toHaveBeenCalledTimes(1);
    expect(store.rows.map((r) => r.state)).toEqual(['finished', 'finished', 'running']);
  });

  it('follows while any screen still asks, in whichever order they go', async () => {
    const store = useGamesStore();
    await store.load('t1');
    const bracket = store.listen();
    const list = store.listen();
    fake.tournamentGames.mockClear();
    bracket();
    bracket();
    changed('t1', 'game-finished');
    await vi.advanceTimersByTimeAsync(GAMES_REFETCH_MS);
    expect(fake.tournamentGames).toHaveBeenCalledTimes(1);
    list();
    changed('t1', 'game-finished');
    await vi.advanceTimersByTimeAsync(GAMES_REFETCH_MS * 2);
    expect(fake.tournamentGames).toHaveBeenCalledTimes(1);
    expect(listeners).toHaveLength(0);
  });

  it('keeps the rows and shows a notice when a refetch fails', async () => {
    const store = useGamesStore();
    await store.load('t1');
    fake.tournamentGames.mockRejectedValueOnce(new Error('store closed'));
    await store.fetch();
    expect(store.rows).toHaveLength(3);
    expect(useNotices().items.map((n) => n.message)).toEqual(['store closed']);
  });
});
