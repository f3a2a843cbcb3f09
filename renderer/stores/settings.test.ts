import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useNotices } from './notices.ts';
import { parseWholeNumber, useSettingsStore, type Settings } from './settings.ts';

const api = vi.hoisted(() => ({ settingsGet: vi.fn(), settingsSet: vi.fn() }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => false }));

const stored: Settings = {
  language: 'en',
  theme: 'system',
  defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
  demoOffered: false,
  workers: { redisUrl: null, secretSet: false },
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});

describe('settings store', () => {
  it('loads the settings once', async () => {
    api.settingsGet.mockResolvedValue(stored);
    const store = useSettingsStore();
    await Promise.all([store.load(), store.load()]);
    expect(api.settingsGet).toHaveBeenCalledTimes(1);
    expect(store.settings).toEqual(stored);
  });

  it('sends a change and keeps the engine’s answer', async () => {
    api.settingsGet.mockResolvedValue(stored);
    api.settingsSet.mockResolvedValue({ ...stored, language: 'nl' });
    const store = useSettingsStore();
    await store.load();
    expect(await store.update({ language: 'nl' })).toBe(true);
    expect(api.settingsSet).toHaveBeenCalledWith({ language: 'nl' });
    expect(store.settings?.language).toBe('nl');
    expect(store.saving).toBe(false);
  });

  it('keeps the old settings and shows the refusal when a change fails', async () => {
    api.settingsGet.mockResolvedValue(stored);
    api.settingsSet.mockRejectedValue(new Error('read-only'));
    const store = useSettingsStore();
    await store.load();
    expect(await store.update({ theme: 'dark' })).toBe(false);
    expect(store.settings?.theme).toBe('system');
    expect(useNotices().items.map((n) => n.message)).toEqual(['read-only']);
  });
});

describe('settings store, a change whose refusal is shown by its field', () => {
  it('answers the refusal instead of a notice, and null when stored', async () => {
    api.settingsGet.mockResolvedValue(stored);
    api.settingsSet.mockRejectedValueOnce(new Error('invalid settings: workers.redisUrl: no host'));
    const store = useSettingsStore();
    await store.load();
    expect(await store.attempt({ workers: { redisUrl: 'redis://' } })).toBe(
      'invalid settings: workers.redisUrl: no host',
    );
    expect(useNotices().items).toEqual([]);
    expect(store.settings?.workers.redisUrl).toBeNull();
    api.settingsSet.mockResolvedValueOnce({
      ...stored,
      workers: { redisUrl: 'redis://lab', secretSet: false },
    });
    expect(await store.attempt({ workers: { redisUrl: 'redis://lab' } })).toBeNull();
    expect(store.settings?.workers.redisUrl).toBe('redis://lab');
    expect(store.saving).toBe(false);
  });
});

describe('parseWholeNumber', () => {
  it('accepts whole numbers in range', () => {
    expect(parseWholeNumber(' 250 ', 0, 60_000)).toEqual({ value: 250 });
    expect(parseWholeNumber('16', 16, null)).toEqual({ value: 16 });
  });

  it('names what is wrong', () => {
    expect(parseWholeNumber('1.5', 0, 10)).toEqual({
      problem: { key: 'settings.errors.wholeNumber', params: {} },
    });
    expect(parseWholeNumber('', 0, 10)).toEqual({
      problem: { key: 'settings.errors.wholeNumber', params: {} },
    });
    expect(parseWholeNumber('11', 0, 10)).toEqual({
      problem: { key: 'settings.errors.between', params: { min: 0, max: 10 } },
    });
    expect(parseWholeNumber('8', 16, null)).toEqual({
      problem: { key: 'settings.errors.atLeast', params: { min: 16 } },
    });
  });
});
