import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { Protection } from '../logic/protections.ts';
import { useSystemStore } from './system.ts';

const api = vi.hoisted(() => ({ systemProtections: vi.fn() }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => false }));

const enforced: Protection[] = [
  { limit: 'memory', status: 'enforced', detail: '1024 MiB (memory cgroup)' },
  { limit: 'filesystem', status: 'enforced', detail: 'bubblewrap' },
];
const weak: Protection[] = [
  { limit: 'memory', status: 'partial', detail: 'private memory only' },
  { limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' },
  { limit: 'identity', status: 'enforced', detail: 'Jury’s own unprivileged user' },
];

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});

describe('system store', () => {
  it('asks with the defaults and splits the answer into gaps and what holds', async () => {
    api.systemProtections.mockResolvedValue(weak);
    const store = useSystemStore();
    expect(store.summary).toBeNull();
    await store.load();
    expect(api.systemProtections).toHaveBeenCalledWith({});
    expect(store.protections).toEqual(weak);
    expect(store.summary?.gaps.map((r) => [r.limit, r.status])).toEqual([
      ['filesystem', 'missing'],
      ['memory', 'partial'],
    ]);
    expect(store.summary?.enforced.map((r) => r.limit)).toEqual(['identity']);
    expect(store.loading).toBe(false);
    expect(store.error).toBeNull();
  });

  it('asks once per distinct set of limits and shows the rows of the limits asked last', async () => {
    api.systemProtections.mockImplementation(async (limits: { memoryMiB?: number | null }) =>
      limits.memoryMiB === null ? enforced : weak,
    );
    const store = useSystemStore();
    await store.load({ memoryMiB: 512, maxProcesses: 64, network: false });
    await store.load({ memoryMiB: null, maxProcesses: 64, network: false });
    expect(store.protections).toEqual(enforced);
    await store.load({ memoryMiB: 512, maxProcesses: 64, network: false });
    expect(store.protections).toEqual(weak);
    expect(store.asked).toEqual({ memoryMiB: 512, maxProcesses: 64, network: false });
    expect(api.systemProtections).toHaveBeenCalledTimes(2);
  });

  it('keeps the answer of the latest request when an earlier one arrives later', async () => {
    let slow: (rows: Protection[]) => void = () => undefined;
    api.systemProtections
      .mockReturnValueOnce(new Promise((resolve) => (slow = resolve)))
      .mockResolvedValueOnce(enforced);
    const store = useSystemStore();
    const first = store.load({ memoryMiB: 100 });
    await store.load({ memoryMiB: 200 });
    slow(weak);
    await first;
    expect(store.protections).toEqual(enforced);
    expect(store.asked).toEqual({ memoryMiB: 200 });
  });

  it('keeps why it could not ask, and forgets it once an answer comes', async () => {
    api.systemProtections.mockRejectedValueOnce(new Error('engine gone')).mockResolvedValueOnce(enforced);
    const store = useSystemStore();
    await store.load();
    expect(store.error).toBe('engine gone');
    expect(store.protections).toBeNull();
    expect(store.loading).toBe(false);
    await store.load();
    expect(store.error).toBeNull();
    expect(store.summary?.gaps).toEqual([]);
  });
});
