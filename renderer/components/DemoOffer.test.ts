// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { AppInfo } from '../stores/app.ts';
import { useNotices } from '../stores/notices.ts';
import type { Settings } from '../stores/settings.ts';
import DemoOffer from './DemoOffer.vue';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { appInfo, blank, mountScreen } from '../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({ tournamentsDemo: vi.fn(), settingsSet: vi.fn() }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const info: AppInfo = appInfo({ firstStart: true });
const settings: Settings = {
  language: 'en',
  theme: 'system',
  defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
  demoOffered: false,
  workers: { redisUrl: null, secretSet: false },
};

async function mountOffer(shown: AppInfo = info, stored: Settings = settings) {
  const mounted = await mountScreen(DemoOffer, {
    routes: [
      { path: '/', component: blank },
      { path: '/t/:id/live', component: blank },
    ],
    path: '/',
  });
  useAppStore(mounted.pinia).info = shown;
  useSettingsStore(mounted.pinia).settings = stored;
  await flushPromises();
  return mounted;
}

beforeEach(() => {
  vi.resetAllMocks();
  api.settingsSet.mockImplementation((patch: Partial<Settings>) =>
    Promise.resolve({ ...settings, ...patch }),
  );
});

describe('DemoOffer', () => {
  it('offers the demo on the first start', async () => {
    const { wrapper } = await mountOffer();
    expect(wrapper.get('[role="dialog"]').text()).toContain('See Jury at work');
    expect(wrapper.get('[data-testid="demo-run"]').text()).toBe('Run demo');
  });

  it('runs the demo, remembers the offer and opens the live screen', async () => {
    api.tournamentsDemo.mockResolvedValue({ id: 'demo-less' });
    const { wrapper, router } = await mountOffer();
    await wrapper.get('[data-testid="demo-run"]').trigger('click');
    await flushPromises();
    expect(api.tournamentsDemo).toHaveBeenCalledTimes(1);
    expect(api.settingsSet).toHaveBeenCalledWith({ demoOffered: true });
    expect(router.currentRoute.value.fullPath).toBe('/t/demo-less/live');
    expect(wrapper.find('[data-testid="demo-offer"]').exists()).toBe(false);
  });

  it('keeps the offer open after a failed demo, with the reason as a notice', async () => {
    api.tournamentsDemo.mockRejectedValue(new Error('python3 is not installed'));
    const { wrapper, router, pinia } = await mountOffer();
    await wrapper.get('[data-testid="demo-run"]').trigger('click');
    await flushPromises();
    expect(api.settingsSet).not.toHaveBeenCalled();
    expect(router.currentRoute.value.fullPath).toBe('/');
    expect(useNotices(pinia).items.map((n) => n.message)).toEqual(['python3 is not installed']);
    expect(wrapper.get('[data-testid="demo-run"]').attributes('disabled')).toBeUndefined();
  });

  it('declines: remembers the offer and stays', async () => {
    const { wrapper, router } = await mountOffer();
    await wrapper.get('[data-testid="demo-decline"]').trigger('click');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ demoOffered: true });
    expect(api.tournamentsDemo).not.toHaveBeenCalled();
    expect(router.currentRoute.value.fullPath).toBe('/');
    expect(wrapper.find('[data-testid="demo-offer"]').exists()).toBe(false);
  });

  it('is not offered again, nor to spectators, nor after the first start', async () => {
    for (const [appInfo, stored] of [
      [info, { ...settings, demoOffered: true }],
      [{ ...info, canControl: false }, settings],
      [{ ...info, firstStart: false }, settings],
    ] as const) {
      const { wrapper } = await mountOffer(appInfo, stored);
      expect(wrapper.find('[data-testid="demo-offer"]').exists()).toBe(false);
    }
  });
});
