// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { enableAutoUnmount, flushPromises, type VueWrapper } from '@vue/test-utils';
import { useNotices } from '../../stores/notices.ts';
import ImportCodecupButton from './ImportCodecupButton.vue';
import ImportRefusal from './ImportRefusal.vue';
import { blank, mountScreen, tournamentRoutes } from '../../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({ tournamentsImportCodecup: vi.fn() }));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

enableAutoUnmount(afterEach);

const CSV = 'Game,Round,IsSwiss,Player,User,Score,Status\n1,1,swiss,"Player 1","A",3,WIN\n';
const contradictions = { rows: 0, games: 0, status: 0, score: 0, examples: [] };
const NO_NOTES = { contradictions, namesWithBlanks: [], lookAlike: [] };

// The button and the refusal panel, as the home screen places them.
const Both = defineComponent(() => () => h('div', [h(ImportCodecupButton), h(ImportRefusal)]));

/** Picks `file` in the mounted button's file field. */
async function choose(wrapper: VueWrapper, file: File): Promise<void> {
  const field = wrapper.get('[data-testid="import-codecup-file"]');
  Object.defineProperty(field.element, 'files', { value: [file], configurable: true });
  await field.trigger('change');
  await flushPromises();
}

/** Mounts the button and picks `file` in its file field. */
async function pick(file: File) {
  const mounted = await mountScreen(Both, {
    routes: [{ path: '/', component: blank }, ...tournamentRoutes()],
    path: '/',
  });
  await choose(mounted.wrapper, file);
  return mounted;
}

beforeEach(() => vi.clearAllMocks());

describe('ImportCodecupButton', () => {
  it('sends the picked file to the engine and opens the new tournament at its standings', async () => {
    api.tournamentsImportCodecup.mockResolvedValue({ id: 'final', name: 'final', notes: NO_NOTES });
    const { wrapper, router, pinia } = await pick(new File([CSV], 'final.csv', { type: 'text/csv' }));
    expect(wrapper.get('[data-testid="import-codecup"]').text()).toBe('Import CodeCup results…');
    expect(api.tournamentsImportCodecup).toHaveBeenCalledWith({ fileName: 'final.csv', text: CSV });
    expect(router.currentRoute.value.fullPath).toBe('/t/final/standings');
    expect(useNotices(pinia).items).toEqual([]);
  });

  it('says where the imported file contradicts itself and which names have blanks', async () => {
    const example = 'line 7, column 43 (Status): LOSE, but the scores of game 1003 give WIN (…)';
    api.tournamentsImportCodecup.mockResolvedValue({
      id: 'box',
      name: 'box',
      notes: {
        contradictions: { rows: 87, games: 87, status: 87, score: 0, examples: [example] },
        namesWithBlanks: ['Contestant 7 '],
        lookAlike: [],
      },
    });
    const { router, pinia } = await pick(new File([CSV], 'box.csv'));
    expect(useNotices(pinia).items.map((n) => n.message)).toEqual([
      `Imported as published, but 87 rows of 87 games contradict the file itself, such as ${example}`,
      '1 name has blanks around it, kept as written: "Contestant 7 "',
    ]);
    expect(router.currentRoute.value.fullPath).toBe('/t/box/standings');
  });

  it("keeps the engine's refusal on screen, naming the file, line and column, until dismissed", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    api.tournamentsImportCodecup.mockRejectedValue(
      new Error('bad.csv: line 2, column 5 (IsSwiss): "1" is neither swiss nor final'),
    );
    const { wrapper, router, pinia } = await pick(new File(['x'], 'bad.csv'));
    // Not a toast that vanishes after 8 s: a panel that stays, with the reason readable.
    expect(useNotices(pinia).items).toEqual([]);
    vi.advanceTimersByTime(60_000);
    await flushPromises();
    const panel = wrapper.get('[data-testid="import-refusal"]');
    expect(panel.attributes('role')).toBe('alert');
    expect(panel.get('h2').text()).toBe('bad.csv was not imported');
    expect(panel.get('[data-testid="import-refusal-reason"]').text()).toBe(
      'bad.csv: line 2, column 5 (IsSwiss): "1" is neither swiss nor final',
    );
    expect(router.currentRoute.value.fullPath).toBe('/');
    await panel.get('[data-testid="import-refusal-dismiss"]').trigger('click');
    expect(wrapper.find('[data-testid="import-refusal"]').exists()).toBe(false);
    vi.useRealTimers();
  });

  it('clears a refusal when a new file is chosen', async () => {
    api.tournamentsImportCodecup.mockRejectedValueOnce(new Error("bad.csv: line 1: not CodeCup's layout"));
    const { wrapper } = await pick(new File(['x'], 'bad.csv'));
    expect(wrapper.get('[data-testid="import-refusal-reason"]').text()).toBe(
      "bad.csv: line 1: not CodeCup's layout",
    );
    let during = true;
    api.tournamentsImportCodecup.mockImplementationOnce(async () => {
      await nextTick();
      during = wrapper.find('[data-testid="import-refusal"]').exists();
      throw new Error('other.csv: line 3, column 1 (Game): "x" is not a number');
    });
    await choose(wrapper, new File(['y'], 'other.csv'));
    expect(during).toBe(false);
    expect(wrapper.get('[data-testid="import-refusal"] h2').text()).toBe('other.csv was not imported');
  });
});
