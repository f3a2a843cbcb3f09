// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h } from 'vue';
import type { Settings } from '../../stores/settings.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { WORKERS_REFRESH_MS, type WorkersView } from '../../stores/workers.ts';
import RemoteWorkersSection from './RemoteWorkersSection.vue';
import { mountScreen } from '../../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({ settingsGet: vi.fn(), settingsSet: vi.fn(), workersList: vi.fn() }));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

const URL = 'redis://:pw@192.168.1.10:6379';
function settings(redisUrl: string | null, secretSet: boolean): Settings {
  return {
    language: 'en',
    theme: 'system',
    defaults: { timingMode: 'official', graceMs: 1000, memoryMiB: 1024, concurrency: null },
    demoOffered: true,
    workers: { redisUrl, secretSet },
  };
}
const worker = (name: string, patch: Partial<WorkersView['workers'][number]> = {}) => ({
  name,
  host: `${name}.lab`,
  slots: 3,
  running: 2,
  speedFactor: 1.25,
  benchmarkMs: 50,
  measuredAt: new Date(Date.now() - 3 * 60_000 - 4200).toISOString(),
  lastSeen: new Date(Date.now() - 4200).toISOString(),
  problem: null,
  ...patch,
});
/** This computer's speed benchmark as `workers.list` answers it. */
const reference = (patch: Partial<NonNullable<WorkersView['reference']>> = {}) => ({
  benchmarkMs: 40,
  measuredAt: new Date(Date.now() - 20_000).toISOString(),
  measurements: 1,
  ...patch,
});

/** The section as Settings shows it: the settings loaded by the page around it. */
const Page = defineComponent({
  props: { disabled: { type: Boolean, default: false } },
  setup(props) {
    void useSettingsStore().load();
    return () => h(RemoteWorkersSection, { disabled: props.disabled });
  },
});

let wrapper: VueWrapper | null = null;
async function mountSection(stored: Settings, disabled = false): Promise<VueWrapper> {
  api.settingsGet.mockResolvedValue(stored);
  wrapper = (await mountScreen(Page, { props: { disabled } })).wrapper;
  return wrapper;
}
const text = (w: VueWrapper, id: string): string => w.get(`[data-testid="${id}"]`).text();

beforeEach(() => {
  vi.resetAllMocks();
  api.workersList.mockResolvedValue({ connected: true, problem: null, reference: reference(), workers: [] });
  api.settingsSet.mockImplementation(
    (patch: { workers?: { redisUrl?: string | null; secret?: string | null } }) => {
      const w = patch.workers ?? {};
      return Promise.resolve(
        settings(
          w.redisUrl === undefined ? URL : w.redisUrl,
          w.secret === undefined ? true : w.secret !== null,
        ),
      );
    },
  );
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
  vi.useRealTimers();
});

describe('Settings → Remote workers: the Redis URL', () => {
  it('says no URL is set, and stores a valid one when it is left', async () => {
    const w = await mountSection(settings(null, false));
    expect(text(w, 'workers-state-no-url')).toBe(
      'No Redis URL is set. Set one above to see the workers on it.',
    );
    const field = w.get('[data-testid="workers-redis-url"]');
    expect((field.element as HTMLInputElement).value).toBe('');
    expect(w.get('#redis-url-hint').text()).toContain('redis://:PASSWORD@HOST:PORT');
    await field.setValue(` ${URL} `);
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { redisUrl: URL } });
    expect(w.find('[data-testid="workers-state-no-url"]').exists()).toBe(false);
    expect(text(w, 'workers-state-none')).toContain('No worker is on this Redis yet.');
  });

  it('shows what is wrong next to the field and stores nothing until it is right', async () => {
    const w = await mountSection(settings(null, false));
    const field = w.get('[data-testid="workers-redis-url"]');
    await field.setValue('http://192.168.1.10:6379');
    await flushPromises();
    expect(w.get('#redis-url-error').text()).toBe('Start the URL with redis:// (or rediss:// for TLS).');
    expect(field.attributes('aria-invalid')).toBe('true');
    await field.setValue('redis://lab/16');
    expect(w.get('#redis-url-error').text()).toBe(
      'The Redis database must be a number from 0 to 15, not “16”.',
    );
    expect(api.settingsSet).not.toHaveBeenCalled();
    await field.setValue('redis://lab:6379');
    await flushPromises();
    expect(w.find('#redis-url-error').exists()).toBe(false);
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { redisUrl: 'redis://lab:6379' } });
  });

  it('shows the engine’s refusal next to the field, and clears the URL with an empty field', async () => {
    const w = await mountSection(settings(URL, true));
    api.settingsSet.mockRejectedValueOnce(new Error('invalid settings: workers.redisUrl: refused'));
    const field = w.get('[data-testid="workers-redis-url"]');
    expect((field.element as HTMLInputElement).value).toBe(URL);
    await field.setValue('redis://other:6379');
    await flushPromises();
    expect(w.get('#redis-url-error').text()).toBe('invalid settings: workers.redisUrl: refused');
    await field.setValue('');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenLastCalledWith({ workers: { redisUrl: null } });
    expect(w.find('#redis-url-error').exists()).toBe(false);
  });
});

describe('Settings → Remote workers: the secret', () => {
  it('sets a secret, never showing it, after refusing a short one', async () => {
    const w = await mountSection(settings(URL, false));
    expect(text(w, 'workers-secret-state')).toBe('No secret is set: remote workers cannot play.');
    expect(w.find('[data-testid="workers-secret-forget"]').exists()).toBe(false);
    await w.get('[data-testid="workers-secret-edit"]').trigger('click');
    const field = w.get('[data-testid="workers-secret"]');
    expect(field.attributes('type')).toBe('password');
    await field.setValue('too-short');
    await w.get('form:has([data-testid="workers-secret"])').trigger('submit');
    await flushPromises();
    expect(w.get('#secret-error').text()).toBe('The secret must be at least 16 characters.');
    expect(api.settingsSet).not.toHaveBeenCalled();

    await field.setValue('a-long-enough-secret-42');
    await w.get('form:has([data-testid="workers-secret"])').trigger('submit');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { secret: 'a-long-enough-secret-42' } });
    expect(text(w, 'workers-secret-state')).toBe('A secret is set. It is never shown.');
    expect(w.find('[data-testid="workers-secret"]').exists()).toBe(false);
    expect(w.html()).not.toContain('a-long-enough-secret-42');
    expect(text(w, 'workers-secret-edit')).toBe('Replace');
    expect(text(w, 'workers-secret-note')).toBe('The secret is set.');
  });

  it('forgets a secret, and cancels a replacement without sending it', async () => {
    const w = await mountSection(settings(URL, true));
    await w.get('[data-testid="workers-secret-edit"]').trigger('click');
    await w.get('[data-testid="workers-secret"]').setValue('never-sent-secret-123');
    await w.get('[data-testid="workers-secret-cancel"]').trigger('click');
    expect(api.settingsSet).not.toHaveBeenCalled();
    await w.get('[data-testid="workers-secret-forget"]').trigger('click');
    await flushPromises();
    expect(api.settingsSet).toHaveBeenCalledWith({ workers: { secret: null } });
    expect(text(w, 'workers-secret-state')).toBe('No secret is set: remote workers cannot play.');
    expect(text(w, 'workers-secret-note')).toBe('The secret is forgotten.');
  });

  it('changes nothing for a spectator', async () => {
    const w = await mountSection(settings(URL, true), true);
    expect(w.get('[data-testid="workers-redis-url"]').attributes('disabled')).toBeDefined();
    expect(w.get('[data-testid="workers-secret-edit"]').attributes('disabled')).toBeDefined();
    expect(w.get('[data-testid="workers-secret-forget"]').attributes('disabled')).toBeDefined();
  });
});

describe('Settings → Remote workers: the list', () => {
  it('lists the workers with their figures and problems', async () => {
    api.workersList.mockResolvedValue({
      connected: true,
      problem: null,
      reference: reference(),
      workers: [
        worker('lab-b'),
        worker('lab-c', {
          slots: 1,
          running: 0,
          speedFactor: 0.8,
          problem: 'jobs signed with another secret',
        }),
      ],
    });
    const w = await mountSection(settings(URL, true));
    expect(text(w, 'workers-count')).toContain('2 workers, 4 games at once');
    // The count is announced; the table, whose "last seen" changes every 2 s, is not.
    expect(w.get('[data-testid="workers-count"]').element.closest('[aria-live]')).not.toBeNull();
    expect(w.get('table').element.closest('[aria-live]')).toBeNull();
    const cells = (name: string) => w.findAll(`[data-testid="worker-${name}"] > *`).map((c) => c.text());
    expect(cells('lab-b')).toEqual([
      'lab-b',
      'lab-b.lab',
      '3',
      '2',
      '1.25',
      '3 minutes ago',
      '4 seconds ago',
      'none',
    ]);
    expect(cells('lab-c')).toEqual([
      'lab-c',
      'lab-c.lab',
      '1',
      '0',
      '0.80',
      '3 minutes ago',
      '4 seconds ago',
      'jobs signed with another secret',
    ]);
  });

  it('shows when each worker and this computer last measured their speed, in English and Dutch', async () => {
    api.workersList.mockResolvedValue({
      connected: true,
      problem: null,
      reference: reference({
        benchmarkMs: 40.25,
        measuredAt: new Date(Date.now() - 2 * 3600_000 - 60_000).toISOString(),
        measurements: 7,
      }),
      workers: [
        worker('lab-b', { speedFactor: 1, benchmarkMs: 40.3 }),
        worker('lab-e', {
          measuredAt: new Date(Date.now() - 61_000).toISOString(),
          benchmarkMs: 52.5,
          speedFactor: 1.02,
        }),
      ],
    });
    api.settingsGet.mockResolvedValue(settings(URL, true));
    const mounted = await mountScreen(Page);
    wrapper = mounted.wrapper;
    const w = mounted.wrapper;
    const header = w.findAll('thead th').map((c) => c.text());
    expect(header[5]).toBe('Speed measured');
    const measured = (name: string) => w.get(`[data-testid="worker-${name}"] > :nth-child(6)`);
    expect(measured('lab-b').text()).toBe('3 minutes ago');
    expect(measured('lab-b').attributes('title')).toBe('Speed benchmark 40.3 ms');
    expect(measured('lab-e').text()).toBe('1 minute ago');
    const factor = (name: string) => w.get(`[data-testid="worker-${name}"] > :nth-child(5)`).text();
    expect(factor('lab-e')).toBe('1.02');
    expect(text(w, 'workers-reference')).toBe(
      'This computer’s speed benchmark, which every factor is against: 40.3 ms, the fastest of 7 measurements, the last 2 hours ago.',
    );

    mounted.i18n.global.locale.value = 'nl';
    await flushPromises();
    expect(w.findAll('thead th').map((c) => c.text())[5]).toBe('Snelheid gemeten');
    expect(measured('lab-b').text()).toBe('3 minuten geleden');
    expect(measured('lab-e').attributes('title')).toBe('Snelheidstest 52,5 ms');
    expect(factor('lab-e')).toBe('1,02');
    expect(factor('lab-b')).toBe('1,00');
    expect(text(w, 'workers-reference')).toBe(
      'De snelheidstest van deze computer, waartegen elke factor geldt: 40,3 ms, de snelste van 7 metingen, de laatste 2 uur geleden.',
    );
  });

  it('says a first measurement of this computer without a count', async () => {
    const w = await mountSection(settings(URL, true));
    expect(text(w, 'workers-reference')).toBe(
      'This computer’s speed benchmark, which every factor is against: 40.0 ms, measured 20 seconds ago.',
    );
  });

  it('says why Redis does not answer', async () => {
    api.workersList.mockResolvedValue({
      connected: false,
      problem: 'Redis at redis://:***@192.168.1.10:6379 does not answer (connect ECONNREFUSED)',
      reference: null,
      workers: [],
    });
    const w = await mountSection(settings(URL, true));
    expect(text(w, 'workers-state-away')).toBe(
      'Redis does not answer: Redis at redis://:***@192.168.1.10:6379 does not answer (connect ECONNREFUSED)',
    );
    expect(w.find('table').exists()).toBe(false);
    expect(w.find('[data-testid="workers-reference"]').exists()).toBe(false);
  });

  it('reads the list again every 2 s while shown, and stops when it is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const w = await mountSection(settings(URL, true));
    expect(text(w, 'workers-state-none')).toContain('No worker is on this Redis yet.');
    expect(api.workersList).toHaveBeenCalledTimes(1);
    api.workersList.mockResolvedValue({
      connected: true,
      problem: null,
      reference: reference(),
      workers: [worker('lab-d')],
    });
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS);
    await flushPromises();
    expect(api.workersList).toHaveBeenCalledTimes(2);
    expect(w.find('[data-testid="worker-lab-d"]').exists()).toBe(true);
    w.unmount();
    wrapper = null;
    await vi.advanceTimersByTimeAsync(WORKERS_REFRESH_MS * 3);
    expect(api.workersList).toHaveBeenCalledTimes(2);
  });
});
