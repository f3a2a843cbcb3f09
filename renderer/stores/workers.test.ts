import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useWorkersStore, WORKERS_REFRESH_MS, type WorkersView } from './workers.ts';

const api = vi.hoisted(() => ({ workersList: vi.fn() }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const labB: WorkersView['workers'][number] = {
  name: 'lab-b',
  host: 'pc-b',
  slots: 3,
  running: 1,
  speedFactor: 1.25,
  benchmarkMs: 50,
  measuredAt: '2026-11-27T07:58:00.000Z',
  lastSeen: '2026-11-27T08:00:00.000Z',
  problem: null,
};
const reference = { benchmarkMs: 40, measuredAt: '2026-11-27T07:59:00.000Z', measurements: 2 };
const answer: WorkersView = { connected: true, problem: null, reference, workers: [labB] };

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
  vi.useFakeTimers();
  api.workersList.mockResolvedValue(answer);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('workers store', () => {
  it('reads the workers on demand', async () => {
    const store = useWorkersStore();
    expect(store.view).toBeNull();
    const loading = store.load();
    expect(store.loading).toBe(true);
    await loading;
    expect(store.loading).toBe(false);
    expect(store.view).toEqual(answer);
    expect(api.workersList).toHaveBeenCalledTimes(1);
  });

  it('keeps a failed read as the problem to show, with no workers', async () => {
    api.workersList.mockRejectedValue(new Error('the engine is gone'));
    const store = useWorkersStore();
    await store.load();
    expect(store.view).toEqual({
      connected: false,
      problem: 'the engine is gone',
      reference: null,
      workers: [],
    });
    expect(store.loading).toBe(false);
  });

  it('reads every 2 s while followed, once for two followers, and stops when the last one stops', async () => {
    const store = useWorkersStore();
    const stopA = store.follow();
    const stopB = store.follow();
    // Each follower reads at once; the timer is shared.
    expect(api.workersList).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS);
    expect(api.workersList).toHaveBeenCalledTimes(3);
    stopA();
    stopA();
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS);
    expect(api.workersList).toHaveBeenCalledTimes(4);
    stopB();
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS * 3);
    expect(api.workersList).toHaveBeenCalledTimes(4);
    expect(store.view).toEqual(answer);
  });

  it('follows again after every follower stopped', async () => {
    const store = useWorkersStore();
    store.follow()();
    api.workersList.mockResolvedValue({ connected: true, problem: null, reference, workers: [] });
    const stop = store.follow();
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS);
    expect(api.workersList).toHaveBeenCalledTimes(3);
    expect(store.view?.workers).toEqual([]);
    stop();
  });
});

describe('workers store, slow answers', () => {
  it('does not ask again while a read waits, and keeps the newest answer', async () => {
    let answerSlow: (v: WorkersView) => void = () => {};
    api.workersList.mockReturnValueOnce(new Promise<WorkersView>((r) => (answerSlow = r)));
    const store = useWorkersStore();
    const stop = store.follow();
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS * 2);
    expect(api.workersList).toHaveBeenCalledTimes(1);
    // A read on demand overtakes the waiting one; the late answer is dropped.
    await store.load();
    answerSlow({ connected: false, problem: 'late', reference: null, workers: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.view).toEqual(answer);
    expect(store.loading).toBe(false);
    stop();
  });
});
