// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { useNotices } from './notices.ts';
import { STATISTICS_REFETCH_MS, useStatisticsStore, type Statistics } from './statistics.ts';

type Changed = EventPayload<'tournament.changed'>;

/** What the service answers: one round of the view asked for. */
const respond = async (request: { id: string; stage?: string }): Promise<Statistics> => ({
  seatStats: { bots: [], overall: [] },
  timeStats: [],
  pointsByRound: [{ name: request.id, points: [1] }],
  rounds: [{ stage: request.stage ?? 'main', round: 1 }],
});

const listeners: ((p: Changed) => void)[] = [];
const fake = {
  tournamentStatistics: vi.fn(respond),
  onTournamentChanged: (l: (p: Changed) => void) => {
    listeners.push(l);
    return () => listeners.splice(listeners.indexOf(l), 1);
  },
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

const changed = (id: string, reason: Changed['reason'] = 'game-finished'): void =>
  listeners.forEach((l) => l({ id, reason, game: 0 }));

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.clearAllMocks();
});

afterEach(() => {
  useStatisticsStore().stopListening();
  vi.useRealTimers();
});

describe('the statistics store', () => {
  it('loads the view shown: the whole event, then one stage', async () => {
    const store = useStatisticsStore();
    await store.show('t1', null);
    expect(fake.tournamentStatistics).toHaveBeenLastCalledWith({ id: 't1' });
    expect(store.data?.rounds).toEqual([{ stage: 'main', round: 1 }]);
    await store.show('t1', 'final');
    expect(fake.tournamentStatistics).toHaveBeenLastCalledWith({ id: 't1', stage: 'final' });
    expect(store.data?.rounds).toEqual([{ stage: 'final', round: 1 }]);
    expect(store.loading).toBe(false);
  });

  it('forgets the old view’s figures while the new ones load', async () => {
    const store = useStatisticsStore();
    await store.show('t1', null);
    let release: (value: Statistics) => void = () => undefined;
    fake.tournamentStatistics.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const pending = store.show('t2', null);
    expect(store.data).toBeNull();
    expect(store.loading).toBe(true);
    release(await respond({ id: 't2' }));
    await pending;
    expect(store.data?.pointsByRound[0]?.name).toBe('t2');
  });

  it('refetches only while followed, at most once per period', async () => {
    const store = useStatisticsStore();
    await store.show('t1', null);
    changed('t1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.tournamentStatistics).toHaveBeenCalledTimes(1);

    const letGo = store.listen();
    changed('t1');
    changed('t1');
    changed('other');
    changed('t1', 'game-started');
    await vi.advanceTimersByTimeAsync(STATISTICS_REFETCH_MS - 1);
    expect(fake.tournamentStatistics).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.tournamentStatistics).toHaveBeenCalledTimes(2);

    letGo();
    changed('t1');
    await vi.advanceTimersByTimeAsync(2 * STATISTICS_REFETCH_MS);
    expect(fake.tournamentStatistics).toHaveBeenCalledTimes(2);
  });

  it('refetches less often than the standings', async () => {
    const { STANDINGS_REFETCH_MS } = await import('./standings.ts');
    expect(STATISTICS_REFETCH_MS).toBeGreaterThan(STANDINGS_REFETCH_MS);
  });

  it('drops an answer overtaken by a newer request and shows a failure as a notice', async () => {
    const store = useStatisticsStore();
    let release: (value: Statistics) => void = () => undefined;
    fake.tournamentStatistics.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const slow = store.show('t1', null);
    await store.show('t1', 'swiss');
    release(await respond({ id: 't1' }));
    await slow;
    expect(store.data?.rounds).toEqual([{ stage: 'swiss', round: 1 }]);
    fake.tournamentStatistics.mockRejectedValueOnce(new Error('no such tournament'));
    await store.show('gone', null);
    expect(store.data).toBeNull();
    expect(useNotices().items.map((n) => n.message)).toEqual(['no such tournament']);
  });
});
