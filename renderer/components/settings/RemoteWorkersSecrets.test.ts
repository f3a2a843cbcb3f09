// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import type { Settings } from '../../stores/settings.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import RemoteWorkersSection from './RemoteWorkersSection.vue';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

// The two write-only fields of Settings → Remote workers: the organiser's secret (its length is checked
// on what is typed, not on the emptied box after a save) and the Redis password (typed behind a
// show/hide toggle; the engine gives back the URL without it and only says whether one is set).
const api = vi.hoisted(() => ({ settingsGet: vi.fn(), settingsSet: vi.fn(), workersList: vi.fn() }));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const SHOWN_URL = 'redis://192.168.1.10:6379';
function settings(patch: Partial<Settings['workers']> = {}): Settings {
  return {
    language: 'en',
    theme: 'system',
    defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
    demoOffered: true,
    workers: { redisUrl: SHOWN_URL, secretSet: false, passwordSet: false, ...patch },
  };
}

const Page = defineComponent({
  setup() {
    void useSettingsStore().load();
    return () => h(RemoteWorkersSection, { disabled: false });
  },
});

let wrapper: VueWrapper | null = null;
async function mountSection(stored: Settings): Promise<VueWrapper> {
  api.settingsGet.mockResolvedValue(stored);
  wrapper = (await mountScreen(Page, { attachTo: document.body })).wrapper;
  return wrapper;
}

beforeEach(() => {
  vi.resetAllMocks();
  api.workersList.mockResolvedValue({ connected: true, problem: null, reference: null, workers: [] });
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

describe('RemoteWorkersSection: the secret', () => {
  it('says only "The secret is set." after a valid secret is saved, with no length error', async () => {
    const w = await mountSection(settings());
    api.settingsSet.mockResolvedValue(settings({ secretSet: true }));
    await w.get('[data-testid="workers-secret-edit"]').trigger('click');
    await w.get('[data-testid="workers-secret"]').setValue('short');
    await w.get('form.secret-form:has([data-testid="workers-secret"])').trigger('submit');
    expect(w.get('[role="alert"]').text()).toBe('The secret must be at least 16 characters.');
    await w.get('[data-testid="workers-secret"]').setValue('a-valid-secret-of-30-characters');
    await w.get('form.secret-form:has([data-testid="workers-secret"])').trigger('submit');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { secret: 'a-valid-secret-of-30-characters' } });
    expect(w.get('[data-testid="workers-secret-note"]').text()).toBe('The secret is set.');
    expect(w.findAll('.field-error').map((e) => e.text())).toEqual([]);
  });
});

describe('RemoteWorkersSection: the Redis password', () => {
  it('is never echoed: an empty password box, and only whether one is set', async () => {
    const w = await mountSection(settings({ passwordSet: true }));
    expect((w.get('[data-testid="workers-redis-url"]').element as HTMLInputElement).value).toBe(SHOWN_URL);
    const box = w.get('[data-testid="workers-redis-password"]');
    expect(box.attributes('type')).toBe('password');
    expect((box.element as HTMLInputElement).value).toBe('');
    expect(w.get('[data-testid="workers-password-state"]').text()).toBe(
      'A password is set. It is never shown.',
    );
  });

  it('shows what is typed on request, saves it write-only and clears the box', async () => {
    const w = await mountSection(settings());
    expect(w.get('[data-testid="workers-password-state"]').text()).toBe(
      'No password (a Redis without AUTH).',
    );
    const box = w.get('[data-testid="workers-redis-password"]');
    await box.setValue('hunter2');
    const toggle = w.get('[data-testid="workers-password-toggle"]');
    await toggle.trigger('click');
    expect(box.attributes('type')).toBe('text');
    expect(toggle.attributes('aria-pressed')).toBe('true');
    await toggle.trigger('click');
    expect(box.attributes('type')).toBe('password');
    api.settingsSet.mockResolvedValue(settings({ passwordSet: true }));
    await w.get('[data-testid="workers-password-save"]').trigger('click');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { redisPassword: 'hunter2' } });
    expect((box.element as HTMLInputElement).value).toBe('');
    expect(w.get('[data-testid="workers-password-note"]').text()).toBe('The password is saved.');
    expect(w.get('[data-testid="workers-password-state"]').text()).toBe(
      'A password is set. It is never shown.',
    );
    api.settingsSet.mockResolvedValue(settings({ passwordSet: false }));
    await w.get('[data-testid="workers-password-remove"]').trigger('click');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenLastCalledWith({ workers: { redisPassword: null } });
  });
});
