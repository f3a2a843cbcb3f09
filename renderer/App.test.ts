// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { h } from 'vue';
import App from './App.vue';
import { useSettingsStore } from './stores/settings.ts';
import { appInfo, blank, mountScreen } from '../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  settingsGet: vi.fn(),
  settingsSet: vi.fn(),
  onAppNavigate: vi.fn(),
}));
vi.mock('./bridge/index.ts', () => ({ jury: () => api, isDesktop: () => false }));

const settings = {
  language: 'nl',
  theme: 'dark',
  defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
  demoOffered: true,
  workers: { redisUrl: null, secretSet: false },
};

async function mountApp() {
  const { wrapper, pinia, i18n, router } = await mountScreen(App, {
    routes: [
      { path: '/', component: { render: () => h('p', { id: 'screen' }, 'home screen') } },
      ...['/new', '/bots', '/settings'].map((path) => ({ path, component: blank })),
    ],
    path: '/',
  });
  return { wrapper, pinia, i18n, router };
}

beforeEach(() => {
  vi.resetAllMocks();
  api.appInfo.mockResolvedValue(appInfo({ version: '2.0.0', mode: 'browser', canControl: false }));
  api.settingsGet.mockResolvedValue(settings);
});

describe('App', () => {
  it('shows the navigation, the version and the current screen', async () => {
    const { wrapper } = await mountApp();
    expect(wrapper.get('#screen').text()).toBe('home screen');
    expect(wrapper.get('[data-testid="app-version"]').text()).toContain('2.0.0');
    expect(wrapper.get('[data-testid="nav-bots"]').attributes('href')).toBe('/bots');
  });

  it('follows the stored language and theme', async () => {
    const { wrapper, pinia, i18n } = await mountApp();
    expect(i18n.global.locale.value).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(wrapper.get('[data-testid="nav-settings"]').text()).toBe('Instellingen');

    api.settingsSet.mockResolvedValue({ ...settings, language: 'en', theme: 'light' });
    await useSettingsStore(pinia).update({ language: 'en', theme: 'light' });
    await flushPromises();
    expect(wrapper.get('[data-testid="nav-settings"]').text()).toBe('Settings');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('goes where the desktop menu asks, and stops listening when unmounted', async () => {
    const off = vi.fn();
    let navigate: (payload: { to: string }) => void = () => {};
    api.onAppNavigate.mockImplementation((listener: typeof navigate) => {
      navigate = listener;
      return off;
    });
    const { wrapper, router } = await mountApp();
    navigate({ to: '/settings' });
    await flushPromises();
    expect(router.currentRoute.value.path).toBe('/settings');
    wrapper.unmount();
    expect(off).toHaveBeenCalledTimes(1);
  });

  it('tells spectators they can only watch', async () => {
    const { wrapper } = await mountApp();
    expect(wrapper.get('[data-testid="read-only-banner"]').text()).toContain('Alleen kijken');
  });
});
