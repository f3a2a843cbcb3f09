// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { Settings } from '../stores/settings.ts';
import SettingsView from './SettingsView.vue';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  settingsGet: vi.fn(),
  settingsSet: vi.fn(),
  workersList: vi.fn(),
}));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const stored: Settings = {
  language: 'en',
  theme: 'system',
  defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
  demoOffered: true,
  workers: { redisUrl: null, secretSet: false },
};

async function mountView() {
  const { wrapper } = await mountScreen(SettingsView);
  return wrapper;
}

beforeEach(() => {
  vi.resetAllMocks();
  api.appInfo.mockResolvedValue({
    version: '0.9.1',
    mode: 'desktop',
    canControl: true,
    firstStart: false,
    storeFolder: '/home/me/.jury',
  });
  api.settingsGet.mockResolvedValue(stored);
  api.settingsSet.mockImplementation((patch: Partial<Settings>) => Promise.resolve({ ...stored, ...patch }));
  api.workersList.mockResolvedValue({ connected: false, problem: 'no Redis URL is set', workers: [] });
});

describe('SettingsView', () => {
  it('shows the stored settings', async () => {
    const wrapper = await mountView();
    expect((wrapper.get('[data-testid="settings-language"]').element as HTMLSelectElement).value).toBe('en');
    expect((wrapper.get('[data-testid="theme-system"]').element as HTMLInputElement).checked).toBe(true);
    expect((wrapper.get('[data-testid="settings-grace"]').element as HTMLInputElement).value).toBe('1000');
    expect((wrapper.get('[data-testid="concurrency-auto"]').element as HTMLInputElement).checked).toBe(true);
    expect(wrapper.text()).toContain('/home/me/.jury');
  });

  it('has the remote workers section, with no URL and no secret set', async () => {
    const wrapper = await mountView();
    const section = wrapper.get('[data-testid="settings-workers"]');
    expect(section.get('h2').text()).toBe('Remote workers');
    expect((section.get('[data-testid="workers-redis-url"]').element as HTMLInputElement).value).toBe('');
    expect(section.get('[data-testid="workers-secret-state"]').text()).toBe(
      'No secret is set: remote workers cannot play.',
    );
    expect(section.find('[data-testid="workers-state-no-url"]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('saves a theme change at once, sending only the theme', async () => {
    const wrapper = await mountView();
    await wrapper.get('[data-testid="theme-dark"]').setValue(true);
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledTimes(1);
    expect(api.settingsSet).toHaveBeenCalledWith({ theme: 'dark' });
    expect(wrapper.get('[data-testid="settings-state"]').text()).toContain('Saved');
  });

  it('saves the language', async () => {
    const wrapper = await mountView();
    await wrapper.get('[data-testid="settings-language"]').setValue('nl');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ language: 'nl' });
  });

  it('shows a problem next to a bad number and saves nothing until it is right', async () => {
    const wrapper = await mountView();
    const grace = wrapper.get('[data-testid="settings-grace"]');
    await grace.setValue('99999');
    await flushPromises();
    expect(wrapper.get('#grace-error').text()).toBe('Enter a number from 0 to 60000.');
    expect(grace.attributes('aria-invalid')).toBe('true');
    expect(api.settingsSet).not.toHaveBeenCalled();

    await grace.setValue('250');
    await flushPromises();
    expect(wrapper.find('#grace-error').exists()).toBe(false);
    expect(api.settingsSet).toHaveBeenCalledWith({
      defaults: { timingMode: 'official', graceMs: 250, memoryMiB: 1024, concurrency: null },
    });
  });

  it('refuses memory the engine refuses (its RUN_BOUNDS: 16 MiB to 1 TiB)', async () => {
    const wrapper = await mountView();
    const memory = wrapper.get('[data-testid="settings-memory"]');
    await memory.setValue('2000000');
    await flushPromises();
    expect(wrapper.get('[role="alert"]').text()).toBe('Enter a number from 16 to 1048576.');
    expect(memory.attributes('aria-invalid')).toBe('true');
    expect(api.settingsSet).not.toHaveBeenCalled();
  });

  it('switches the memory limit off, then a fixed concurrency on (from the stored answer)', async () => {
    const wrapper = await mountView();
    await wrapper.get('[data-testid="memory-none"]').setValue(true);
    await flushPromises();
    expect(api.settingsSet).toHaveBeenLastCalledWith({
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: null, concurrency: null },
    });
    api.settingsSet.mockClear();
    await wrapper.get('[data-testid="concurrency-fixed"]').setValue(true);
    await wrapper.get('[data-testid="settings-concurrency"]').setValue('4');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenLastCalledWith({
      defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: null, concurrency: 4 },
    });
  });
});
