// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import type { Submission, SubmissionState } from '../../shared/event/submission.ts';
import type { ContestantStatus } from '../../shared/event/contestant.ts';
import { createJuryI18n } from '../i18n/index.ts';
import { LOCALE_KEY } from '../logic/contestant-locale.ts';
import ContestantApp from './ContestantApp.vue';
import type * as EventHttpModule from '../bridge/event-http.ts';

const api = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  status: vi.fn(),
  versions: vi.fn(),
  upload: vi.fn(),
  choose: vi.fn(),
  competitions: vi.fn(),
  standings: vi.fn(),
  games: vi.fn(),
  game: vi.fn(),
}));
vi.mock('../bridge/event-http.ts', async (original) => ({
  ...(await original<typeof EventHttpModule>()),
  eventHttp: { ...api, sourceUrl: (id: string) => `/event/versions/${id}/source` },
}));
const { EventHttpError } = await import('../bridge/event-http.ts');

const open: ContestantStatus = {
  id: 'c1',
  name: 'Ada Lovelace',
  lock: { state: 'open' },
  deadline: '2026-05-01T16:00:00+02:00',
  playing: null,
  chosen: null,
};
const SMOKE = {
  passed: true,
  verdict: 'the game ended normally',
  dialogue: [
    { seat: 0, dir: 'in' as const, text: 'Start' },
    { seat: 0, dir: 'out' as const, text: 'Aa1', move: 1 },
    { seat: 1, dir: 'in' as const, text: 'not ours' },
  ],
  scores: [3, 1],
  statuses: ['OK', 'OK'],
};

function version(n: number, status: SubmissionState): Submission {
  return {
    id: `v${n}`,
    contestant: 'c1',
    version: n,
    receivedAt: '2026-05-01T12:00:00Z',
    sha256: `${n}`.repeat(64),
    size: 2048,
    fileName: 'bot.c',
    kind: 'file',
    language: 'c',
    buildCommand: null,
    runCommand: null,
    status,
    disqualified: null,
  };
}

async function mountPage(hash = '') {
  window.history.replaceState(null, '', `/contestant.html${hash}`);
  const wrapper = mount(ContestantApp, { global: { plugins: [createPinia(), createJuryI18n('en')] } });
  await flushPromises();
  return wrapper;
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.status.mockResolvedValue(open);
  api.versions.mockResolvedValue([]);
  api.competitions.mockResolvedValue([]);
  window.localStorage.clear();
});

describe('the contestant page', () => {
  it("signs in with the link's code and takes the code out of the address bar", async () => {
    api.signIn.mockResolvedValue({ id: 'c1', name: 'Ada Lovelace' });
    const wrapper = await mountPage('#code=k7qx-m3tr-9whe-pz2a');
    expect(api.signIn).toHaveBeenCalledWith('K7QXM3TR9WHEPZ2A');
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('K7QX');
    expect(wrapper.get('[data-testid=contestant-name]').text()).toContain('Ada Lovelace');
    expect(wrapper.find('[data-testid=sign-in-code]').exists()).toBe(false);
  });

  it("shows the server's line for a wrong typed code", async () => {
    api.status.mockRejectedValue(new EventHttpError(401, 'sign in with your join code first'));
    api.signIn.mockRejectedValue(new EventHttpError(401, 'this code signs no one in; check it'));
    const wrapper = await mountPage();
    expect(wrapper.find('[data-testid=sign-in-error]').exists()).toBe(false);
    await wrapper.get('[data-testid=sign-in-code]').setValue('abcd-efgh');
    await wrapper.get('[data-testid=sign-in-button]').trigger('submit');
    await flushPromises();
    expect(api.signIn).toHaveBeenCalledWith('abcd-efgh');
    expect(wrapper.get('[data-testid=sign-in-error]').text()).toBe('this code signs no one in; check it');
  });

  it("shows an upload's refusal as the server's one line", async () => {
    api.upload.mockRejectedValue(new EventHttpError(400, 'bot.c is not a source file: it is not UTF-8 text'));
    const wrapper = await mountPage();
    const input = wrapper.get('[data-testid=upload-file]');
    Object.defineProperty(input.element, 'files', { value: [new File(['\0'], 'bot.c')] });
    await input.trigger('change');
    await wrapper.get('.upload form').trigger('submit');
    await flushPromises();
    expect(api.upload).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'bot.c' }));
    expect(wrapper.get('[data-testid=upload-error]').text()).toBe(
      'bot.c is not a source file: it is not UTF-8 text',
    );
  });

  it('closes the upload form with the reason once uploads are locked', async () => {
    const reason = 'the upload deadline (2026-05-01T16:00:00+02:00) has passed';
    api.status.mockResolvedValue({ ...open, lock: { state: 'locked', by: 'deadline', reason } });
    const wrapper = await mountPage();
    expect(wrapper.get('[data-testid=lock-notice]').text()).toBe(`Uploads are closed: ${reason}`);
    expect((wrapper.get('[data-testid=upload-form]').element as HTMLFieldSetElement).disabled).toBe(true);
    expect(wrapper.get('[data-testid=upload-submit]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=choose-latest]').attributes('disabled')).toBeDefined();
  });

  it('lists the versions newest first with their state, compile log and smoke dialogue', async () => {
    api.status.mockResolvedValue({ ...open, playing: 'v1' });
    api.versions.mockResolvedValue([
      version(1, { state: 'working', log: 'gcc ok', smoke: SMOKE }),
      version(2, { state: 'build-failed', log: "bot.c:3: error: expected ';'" }),
    ]);
    const wrapper = await mountPage();
    const rows = wrapper.findAll('[data-testid=version-row]');
    expect(rows.map((r) => r.attributes('data-state'))).toEqual(['build-failed', 'working']);
    expect(rows[0]!.get('[data-testid=build-log]').text()).toContain("bot.c:3: error: expected ';'");
    expect(rows[0]!.get('[data-testid=build-log]').attributes('open')).toBeDefined();
    expect(rows[0]!.get('[data-testid=version-hash]').text()).toBe('222222222222');
    expect(rows[1]!.get('[data-testid=smoke-verdict]').text()).toBe('Passed');
    expect(rows[1]!.findAll('[data-testid=smoke-dialogue] li').map((l) => l.text())).toEqual([
      expect.stringContaining('Start'),
      expect.stringContaining('Aa1'),
    ]);
    expect(rows[1]!.find('[data-testid=version-playing]').exists()).toBe(true);
    expect(wrapper.get('[data-testid=playing]').text()).toBe('Plays now: version 1');
  });

  it('speaks Dutch once chosen, and remembers the choice', async () => {
    const wrapper = await mountPage();
    await wrapper.get('[data-testid=language-switch]').setValue('nl');
    expect(wrapper.get('[data-testid=sign-out]').text()).toBe('Afmelden');
    expect(wrapper.get('h1').text()).toBe('Jury: deelnemerspagina');
    expect(window.localStorage.getItem(LOCALE_KEY)).toBe('nl');
  });
});
