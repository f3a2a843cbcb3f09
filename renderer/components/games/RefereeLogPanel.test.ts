// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefereeLog } from '../../../shared/ipc/app-schemas.ts';
import { createJuryI18n, type Locale } from '../../i18n/index.ts';
import RefereeLogPanel from './RefereeLogPanel.vue';

const env = vi.hoisted(() => ({ desktop: false }));
const fake = { dialogSaveFile: vi.fn(async (): Promise<string | null> => '/home/me/log.html') };
vi.mock('../../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => env.desktop }));

const html: RefereeLog = {
  file: 'game.html',
  kind: 'html',
  text: '<script>alert(1)</script><p>move 1</p>',
  truncated: false,
  missing: null,
};

function mountPanel(log: RefereeLog, locale: Locale = 'en') {
  return mount(RefereeLogPanel, {
    props: { log, tournament: 'Cup', index: 2 },
    global: { plugins: [createJuryI18n(locale)] },
  });
}

beforeEach(() => {
  setActivePinia(createPinia());
  vi.clearAllMocks();
  env.desktop = false;
});

describe('RefereeLogPanel', () => {
  it('shows an HTML log in a frame that may run nothing', () => {
    const frame = mountPanel(html).get('[data-testid="referee-log-frame"]');
    expect(frame.attributes('sandbox')).toBe('');
    expect(frame.attributes('srcdoc')).toBe(html.text);
  });

  it('shows a text log as text, and says when it was cut', () => {
    const panel = mountPanel({ ...html, kind: 'text', text: 'turn 1\nturn 2', truncated: true });
    expect(panel.get('[data-testid="referee-log-text"]').text()).toBe('turn 1\nturn 2');
    expect(panel.text()).toContain('Only the first 2 MB are shown');
    expect(panel.find('[data-testid="referee-log-frame"]').exists()).toBe(false);
  });

  it('says why there is no log, in English and Dutch, with nothing to save', () => {
    const missing = { ...html, text: null, missing: 'elsewhere' as const };
    expect(mountPanel(missing).get('[data-testid="referee-log-missing"]').text()).toContain(
      'outside the tournament’s log folder',
    );
    const nl = mountPanel({ ...missing, missing: 'not-kept' }, 'nl');
    expect(nl.get('[data-testid="referee-log-missing"]').text()).toBe(
      'De scheidsrechter schreef in deze partij geen logboek.',
    );
    expect(nl.find('[data-testid="referee-log-save"]').exists()).toBe(false);
  });

  it('saves the log through the desktop dialog, named after the game', async () => {
    env.desktop = true;
    const panel = mountPanel(html);
    await panel.get('[data-testid="referee-log-save"]').trigger('click');
    await flushPromises();
    expect(fake.dialogSaveFile).toHaveBeenCalledWith({
      fileName: 'Cup-game-3-game.html',
      mime: 'text/html',
      content: html.text,
    });
    expect(panel.text()).toContain('Saved as /home/me/log.html.');
  });

  it('downloads the log in a browser', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const panel = mountPanel(html);
    await panel.get('[data-testid="referee-log-save"]').trigger('click');
    expect(clicked).toEqual(['Cup-game-3-game.html']);
    expect(fake.dialogSaveFile).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
