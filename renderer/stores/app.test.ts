import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useAppStore, type AppInfo } from './app.ts';
import { useNotices } from './notices.ts';

const api = vi.hoisted(() => ({ appInfo: vi.fn(), tournamentsDemo: vi.fn() }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const info: AppInfo = {
  version: '1.2.3',
  mode: 'browser',
  canControl: false,
  firstStart: true,
  storeFolder: '/data/tournaments',
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.resetAllMocks();
});

describe('app store', () => {
  it('loads app.info once, however often it is asked', async () => {
    api.appInfo.mockResolvedValue(info);
    const app = useAppStore();
    expect(app.isDesktop).toBe(true);
    expect(app.canControl()).toBe(true);
    await Promise.all([app.load(), app.load()]);
    await app.load();
    expect(api.appInfo).toHaveBeenCalledTimes(1);
    expect(app.info).toEqual(info);
    expect(app.canControl()).toBe(false);
  });

  it('shows a failure and tries again on the next load', async () => {
    api.appInfo.mockRejectedValueOnce(new Error('engine gone')).mockResolvedValueOnce(info);
    const app = useAppStore();
    await app.load();
    expect(app.info).toBeNull();
    expect(useNotices().items.map((n) => n.message)).toEqual(['engine gone']);
    await app.load();
    expect(app.info?.version).toBe('1.2.3');
  });
});
