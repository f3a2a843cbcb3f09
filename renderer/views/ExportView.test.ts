// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { routes } from '../router.ts';
import ExportView from './ExportView.vue';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';

const env = vi.hoisted(() => ({ desktop: false }));
const csv = {
  fileName: 'club-2026.csv',
  mime: 'text/csv',
  content: 'Game,Round,IsSwiss,Player,User,Score,Status\r\n',
};
const fake = {
  tournamentExport: vi.fn(async ({ kind }: { id: string; kind: string }) =>
    kind === 'csv' ? csv : { fileName: `club-2026.${kind}`, mime: 'text/plain', content: kind },
  ),
  dialogSaveFile: vi.fn(
    async (file: { fileName: string }): Promise<string | null> => `/home/me/${file.fileName}`,
  ),
  tournamentsList: vi.fn(async () => []),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => env.desktop }));

async function mountView() {
  const { wrapper } = await mountScreen(ExportView, { routes, path: '/t/t1/export', props: { id: 't1' } });
  return wrapper;
}

let downloads: { name: string; href: string }[] = [];
beforeEach(() => {
  vi.clearAllMocks();
  env.desktop = false;
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('ExportView', () => {
  it('offers the four exports', async () => {
    const wrapper = await mountView();
    for (const kind of ['csv', 'json', 'html', 'transcripts']) {
      expect(wrapper.find(`[data-testid="export-${kind}"]`).exists()).toBe(true);
    }
    expect(wrapper.find('[data-testid="export-csv"]').text()).toBe('Download');
  });

  it('downloads the file in a browser, under the name the engine gives', async () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const wrapper = await mountView();
    await wrapper.find('[data-testid="export-csv"]').trigger('click');
    await flushPromises();
    expect(fake.tournamentExport).toHaveBeenCalledWith({ id: 't1', kind: 'csv' });
    expect(downloads.map((d) => d.name)).toEqual(['club-2026.csv']);
    const blob = created.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe(csv.content);
    expect(fake.dialogSaveFile).not.toHaveBeenCalled();
    expect(wrapper.find('[data-testid="export-outcome"]').text()).toBe('Downloaded club-2026.csv');
  });

  it('saves through the native dialog in the desktop app and says where', async () => {
    env.desktop = true;
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="export-html"]').text()).toBe('Save…');
    await wrapper.find('[data-testid="export-html"]').trigger('click');
    await flushPromises();
    expect(fake.dialogSaveFile).toHaveBeenCalledWith({
      fileName: 'club-2026.html',
      mime: 'text/plain',
      content: 'html',
    });
    expect(downloads).toEqual([]);
    expect(wrapper.find('[data-testid="export-outcome"]').text()).toBe('Saved to /home/me/club-2026.html');

    fake.dialogSaveFile.mockResolvedValueOnce(null);
    await wrapper.find('[data-testid="export-json"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="export-outcome"]').text()).toBe(
      'Not saved: the dialog was cancelled.',
    );
  });
});
