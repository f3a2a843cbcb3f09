// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import { useNotices } from '../../stores/notices.ts';
import ImportCodecupButton from './ImportCodecupButton.vue';
import { blank, mountScreen, tournamentRoutes } from '../../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({ tournamentsImportCodecup: vi.fn() }));
vi.mock('../../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

enableAutoUnmount(afterEach);

const CSV = 'Game,Round,IsSwiss,Player,User,Score,Status\n1,1,swiss,"Player 1","A",3,WIN\n';
const contradictions = { rows: 0, games: 0, status: 0, score: 0, examples: [] };
const NO_NOTES = { contradictions, namesWithBlanks: [], lookAlike: [] };

/** Mounts the button and picks `file` in its file field. */
async function pick(file: File) {
  const mounted = await mountScreen(ImportCodecupButton, {
    routes: [{ path: '/', component: blank }, ...tournamentRoutes()],
    path: '/',
  });
  const field = mounted.wrapper.get('[data-testid="import-codecup-file"]');
  Object.defineProperty(field.element, 'files', { value: [file], configurable: true });
  await field.trigger('change');
  await flushPromises();
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

  it("shows the engine's refusal, naming the line and column, and stays", async () => {
    api.tournamentsImportCodecup.mockRejectedValue(
      new Error('bad.csv: line 2, column 5 (IsSwiss): "1" is neither swiss nor final'),
    );
    const { router, pinia } = await pick(new File(['x'], 'bad.csv'));
    expect(useNotices(pinia).items.map((n) => n.message)).toEqual([
      'bad.csv: line 2, column 5 (IsSwiss): "1" is neither swiss nor final',
    ]);
    expect(router.currentRoute.value.fullPath).toBe('/');
  });
});
