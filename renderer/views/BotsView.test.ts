// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import type { LibraryBot, SmokeTest } from '../stores/bots.ts';
import { useNotices } from '../stores/notices.ts';
import BotsView from './BotsView.vue';
import { appInfo, mountScreen } from '../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  botsList: vi.fn(),
  gamesList: vi.fn(),
  gamesAddPackage: vi.fn(),
  gamesRemovePackage: vi.fn(),
  dialogOpenPackage: vi.fn(),
  onGamesChanged: vi.fn(),
  botsAdd: vi.fn(),
  botsCheckAdd: vi.fn(),
  botsAddSamples: vi.fn(),
  botsRename: vi.fn(),
  botsRemove: vi.fn(),
  botsSmokeTest: vi.fn(),
  botsSetGame: vi.fn(),
  dialogOpenBot: vi.fn(),
  systemProtections: vi.fn(),
}));
const env = vi.hoisted(() => ({ desktop: false }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => env.desktop }));

const hash = '0123456789abcdef'.repeat(4);

function bot(id: string, extra: Partial<LibraryBot> = {}): LibraryBot {
  return {
    id,
    name: id,
    kind: 'program',
    path: `/bots/${id}`,
    args: [],
    language: null,
    game: null,
    hash,
    modifiedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    addedAt: '2026-03-01T10:00:00Z',
    status: 'ready',
    buildLog: null,
    ...extra,
  };
}

const games = [
  { id: 'less', title: 'Less', seats: 4, seatNames: [], timeControl: { kind: 'game-total', budgetMs: 1 } },
  { id: 'flit', title: 'Flit', seats: 4, seatNames: [], timeControl: { kind: 'game-total', budgetMs: 1 } },
];

const enforced = [
  { limit: 'memory', status: 'enforced', detail: '1024 MiB of all its memory (memory cgroup)' },
  { limit: 'filesystem', status: 'enforced', detail: 'bubblewrap: only its program and a private folder' },
  { limit: 'network', status: 'enforced', detail: 'empty network namespace (loopback down)' },
];
/** A Mac: no namespaces, no rlimits, no /proc. */
const poor = [
  { limit: 'identity', status: 'enforced', detail: "Jury's own unprivileged user" },
  { limit: 'memory', status: 'missing', detail: 'not supported on darwin' },
  {
    limit: 'cpu-time',
    status: 'missing',
    detail: 'no /proc CPU time on darwin: cpu timing charges wall time',
  },
  {
    limit: 'processes',
    status: 'partial',
    detail: "256 processes and threads of Jury's user, shared with Jury",
  },
];

function mountView() {
  return mountScreen(BotsView);
}

beforeEach(() => {
  vi.resetAllMocks();
  env.desktop = false;
  api.appInfo.mockResolvedValue(appInfo({ version: '0.1.0', mode: 'browser' }));
  api.gamesList.mockResolvedValue(games);
  api.systemProtections.mockResolvedValue(enforced);
  api.botsList.mockResolvedValue([
    bot('mine', { name: 'My bot', kind: 'source', language: 'cpp' }),
    bot('less-random', { name: 'Less random', kind: 'sample', game: 'less', hash: null }),
  ]);
});

describe('BotsView', () => {
  it('lists the bots with kind, language, game, status, short hash and last change', async () => {
    const { wrapper } = await mountView();
    const rows = wrapper.findAll('tbody tr');
    expect(rows).toHaveLength(2);
    const cells = rows[0]!.findAll('td').map((c) => c.text());
    expect(cells.slice(0, 5)).toEqual([
      'My bot/bots/mine',
      'SourceC++',
      'Any gameLessFlit',
      'Ready',
      '0123456789ab5 minutes ago',
    ]);
    expect((rows[0]!.get('[data-testid="bot-game"]').element as HTMLSelectElement).value).toBe('');
    expect(rows[0]!.get('.version .changed').text()).toBe('5 minutes ago');
    expect(rows[0]!.get('.kind .language').text()).toBe('C++');
    expect(rows[0]!.find('code').attributes('title')).toBe(`sha256: ${hash}`);
    const sample = rows[1]!.findAll('td').map((c) => c.text());
    expect(sample.slice(1, 4)).toEqual(['Sample', 'Less', 'Ready']);
    expect(rows[1]!.get('.hash').text()).toBe('—');
    expect(rows[1]!.get('.hash').attributes('title')).toBe('The file cannot be read.');
  });

  it('warns about each protection this machine lacks or weakens, with its status and the engine’s reason', async () => {
    api.systemProtections.mockResolvedValue(poor);
    const { wrapper } = await mountView();
    expect(api.systemProtections).toHaveBeenCalledWith({});
    expect(wrapper.find('[data-testid="protections-ok"]').exists()).toBe(false);
    const warning = wrapper.get('[data-testid="protections-warning"]');
    expect(warning.text()).toContain('Not everything is enforced on this machine');
    expect(warning.text()).toContain('3 protections or timing guarantees are missing or weaker here:');
    const rows = warning.findAll('[data-testid="protection-row"]');
    expect(rows.map((r) => [r.get('.name').text(), r.get('.badge').text(), r.get('.detail').text()])).toEqual(
      [
        ['Memory cap', 'missing', 'not supported on darwin'],
        ['CPU time measured', 'missing', 'no /proc CPU time on darwin: cpu timing charges wall time'],
        ['Process cap', 'partial', "256 processes and threads of Jury's user, shared with Jury"],
        ['Unprivileged user', 'enforced', "Jury's own unprivileged user"],
      ],
    );
    expect(rows.slice(0, 3).map((r) => r.get('.badge').classes())).toEqual([
      ['badge', 'badge-danger'],
      ['badge', 'badge-danger'],
      ['badge', 'badge-warn'],
    ]);
    expect(warning.get('[data-testid="protections-enforced"] summary').text()).toBe('Enforced (1)');
  });

  it('says in one quiet line that every protection is enforced, the list folded under it', async () => {
    const { wrapper } = await mountView();
    expect(wrapper.find('[data-testid="protections-warning"]').exists()).toBe(false);
    const ok = wrapper.get('[data-testid="protections-ok"]');
    expect(ok.element.tagName).toBe('DETAILS');
    expect(ok.attributes('open')).toBeUndefined();
    expect(ok.get('summary').text()).toBe('✓ All protections are enforced on this machine');
    expect(ok.findAll('[data-testid="protection-row"]').map((r) => r.attributes('data-limit'))).toEqual([
      'memory',
      'network',
      'filesystem',
    ]);
  });

  it('says why it cannot tell what this machine enforces', async () => {
    api.systemProtections.mockRejectedValue(new Error('system.protections: unknown channel'));
    const { wrapper } = await mountView();
    expect(wrapper.get('[data-testid="protections-unknown"]').text()).toContain(
      'Could not find out what this machine enforces: system.protections: unknown channel',
    );
    expect(wrapper.find('[data-testid="protections-ok"]').exists()).toBe(false);
  });

  it('adds the sample bots through the API and shows the new list', async () => {
    const { wrapper } = await mountView();
    api.botsAddSamples.mockResolvedValue([
      bot('flit-random', { name: 'Flit random', kind: 'sample', game: 'flit' }),
    ]);
    await wrapper.get('[data-testid="add-samples"]').trigger('click');
    await flushPromises();
    expect(api.botsAddSamples).toHaveBeenCalledWith({});
    expect(wrapper.findAll('tbody tr').map((r) => r.attributes('data-bot-name'))).toEqual(['Flit random']);
  });

  it('adds a bot by its path in a browser, with the language guessed from the extension', async () => {
    const { wrapper } = await mountView();
    expect(wrapper.find('[data-testid="add-browse"]').exists()).toBe(false);
    expect(wrapper.text()).toContain('A browser cannot pick files on this computer');
    await wrapper.get('[data-testid="bot-path"]').setValue('/home/me/new.py');
    expect(wrapper.get('[data-testid="bot-language"] option').text()).toBe('Automatic: Python 3');
    api.botsAdd.mockResolvedValue(bot('new', { kind: 'source', language: 'python' }));
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/home/me/new.py' });
    expect(wrapper.findAll('tbody tr')).toHaveLength(3);
    expect((wrapper.get('[data-testid="bot-path"]').element as HTMLInputElement).value).toBe('');
  });

  it('adds the file chosen in the native dialog in the desktop app', async () => {
    env.desktop = true;
    const { wrapper } = await mountView();
    expect(wrapper.text()).toContain('Drop programs or source files onto the list to add them.');
    api.dialogOpenBot.mockResolvedValue('/home/me/bot');
    api.botsAdd.mockResolvedValue(bot('picked', { name: 'Picked' }));
    await wrapper.get('[data-testid="add-browse"]').trigger('click');
    await flushPromises();
    expect(api.botsAdd).toHaveBeenCalledWith({ path: '/home/me/bot' });
    expect(wrapper.find('[data-testid="bot-row-picked"]').exists()).toBe(true);
  });

  it('shows the build log open when a source bot failed to build', async () => {
    const { wrapper } = await mountView();
    api.botsAdd.mockResolvedValue(
      bot('broken', {
        kind: 'source',
        language: 'c',
        status: 'build-failed',
        buildLog: 'x.c:1: error: oops',
      }),
    );
    await wrapper.get('[data-testid="bot-path"]').setValue('/b/x.c');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    const logs = wrapper.findAll('[data-testid="build-log"]');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs[0]!.attributes('open')).toBeDefined();
    expect(logs[0]!.get('pre').text()).toBe('x.c:1: error: oops');
  });

  it('says that dropping files needs the desktop app', async () => {
    const { wrapper, pinia } = await mountView();
    const file = new File(['x'], 'bot');
    await wrapper
      .get('[data-testid="bot-list"]')
      .trigger('drop', { dataTransfer: { files: [file], types: ['Files'] } });
    await flushPromises();
    expect(useNotices(pinia).items.map((n) => n.message)).toEqual([
      'Dropping files works in the desktop app. In a browser, type the path instead.',
    ]);
    expect(api.botsAdd).not.toHaveBeenCalled();
  });

  it('renames in place and removes after a confirmation', async () => {
    const { wrapper } = await mountView();
    const row = () => wrapper.get('[data-testid="bot-row-mine"]');
    await row().get('[data-testid="rename"]').trigger('click');
    await row().get('[data-testid="rename-input"]').setValue('Renamed');
    api.botsRename.mockResolvedValue([bot('mine', { name: 'Renamed' }), bot('less-random')]);
    await row().get('form').trigger('submit');
    await flushPromises();
    expect(api.botsRename).toHaveBeenCalledWith({ id: 'mine', name: 'Renamed' });
    expect(row().find('.bot-name').text()).toBe('Renamed');

    await row().get('[data-testid="remove"]').trigger('click');
    expect(api.botsRemove).not.toHaveBeenCalled();
    expect(wrapper.get('[data-testid="confirm-remove-mine"]').text()).toContain(
      'Remove Renamed? Its files stay where they are.',
    );
    api.botsRemove.mockResolvedValue([bot('less-random')]);
    await wrapper.get('[data-testid="confirm-remove-mine"] [data-testid="remove-confirm"]').trigger('click');
    await flushPromises();
    expect(api.botsRemove).toHaveBeenCalledWith({ id: 'mine' });
    expect(wrapper.find('[data-testid="bot-row-mine"]').exists()).toBe(false);
  });

  it('shows each bot’s command line with its arguments, shortened, whole on hover and focus', async () => {
    const program = '/home/ada/codecup/2026/submissions/final/build/release/mine';
    api.botsList.mockResolvedValue([bot('mine', { name: 'My bot', path: program, args: ['--depth', '3'] })]);
    const { wrapper } = await mountView();
    const command = wrapper.get('[data-testid="bot-row-mine"] [data-testid="bot-command"]');
    expect(command.text()).toBe('…/mine --depth 3');
    expect(command.attributes('title')).toBe(`${program} --depth 3`);
    expect(command.attributes('tabindex')).toBe('0');
    expect(command.attributes('aria-label')).toBe(`Command line: ${program} --depth 3`);
    await command.trigger('focus');
    expect(command.text()).toBe(`${program} --depth 3`);
    await command.trigger('blur');
    expect(command.text()).toBe('…/mine --depth 3');
  });

  it('says in the browser how to add a game package, without claiming a drop that cannot work', async () => {
    const { wrapper } = await mountView();
    expect(wrapper.get('[data-testid="package-drop-hint"]').text()).toBe(
      'In the browser, type the folder’s path as the computer running jury serve sees it: a browser cannot tell where a dropped folder is. Dropping a jury-game.json works in the desktop app.',
    );
  });

  it('runs a smoke test and shows the verdict and seat 0’s dialogue', async () => {
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    const dialog = wrapper.get('[data-testid="smoke-dialog"]');
    // A program tied to no game and never tested: the dialog asks which game (no Less by default).
    expect(dialog.findAll('[data-testid="smoke-game"] option').map((o) => o.text())).toEqual([
      'Choose a game…',
      'Less',
      'Flit',
    ]);
    expect(dialog.get('[data-testid="smoke-ask-game"]').text()).toBe(
      'My bot is not tied to a game yet: choose the game to test it on.',
    );
    expect(dialog.get('[data-testid="smoke-run"]').attributes('disabled')).toBeDefined();
    await dialog.get('form').trigger('submit');
    expect(api.botsSmokeTest).not.toHaveBeenCalled();
    await dialog.get('[data-testid="smoke-game"]').setValue('flit');
    expect(dialog.find('[data-testid="smoke-ask-game"]').exists()).toBe(false);

    let finish: (r: SmokeTest) => void = () => undefined;
    api.botsSmokeTest.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    await dialog.get('form').trigger('submit');
    expect(api.botsSmokeTest).toHaveBeenCalledWith({ id: 'mine', game: 'flit' });
    const run = dialog.get('[data-testid="smoke-run"]');
    expect(run.attributes('disabled')).toBeDefined();
    expect(run.text()).toBe('Playing…');

    finish({
      passed: false,
      verdict: 'Seat 0 sent an illegal move',
      dialogue: [
        { seat: 0, dir: 'in', text: 'Start' },
        { seat: 1, dir: 'in', text: 'Start' },
        { seat: 0, dir: 'out', text: 'A1B2' },
      ],
      scores: [0, 3],
      statuses: ['ILLEGAL', 'OK'],
    });
    await flushPromises();
    const verdict = dialog.get('[data-testid="smoke-verdict"]');
    expect(verdict.classes()).toContain('fail');
    expect(verdict.text()).toContain('Failed');
    expect(verdict.text()).toContain('Seat 0 sent an illegal move');
    const lines = dialog.findAll('[data-testid="smoke-dialogue"] li');
    expect(lines.map((l) => [l.classes()[0], l.find('.text').text()])).toEqual([
      ['in', 'Start'],
      ['out', 'A1B2'],
    ]);
    expect(run.attributes('disabled')).toBeUndefined();
  });

  it('starts on the game a bot was last tested on', async () => {
    api.botsList.mockResolvedValue([
      bot('mine', { name: 'My bot', kind: 'program', smoke: { game: 'flit', passed: false, at: '' } }),
    ]);
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    const select = wrapper.get('[data-testid="smoke-game"]').element as HTMLSelectElement;
    expect(select.value).toBe('flit');
    expect(wrapper.find('[data-testid="smoke-ask-game"]').exists()).toBe(false);
  });

  it('says inside the dialog why a game package without a sample player cannot be tested', async () => {
    const trio = {
      id: 'pkg-trio',
      title: 'Trio',
      seats: 3,
      seatNames: ['player 1', 'player 2', 'player 3'],
      timeControl: { kind: 'game-total', budgetMs: 10_000 },
      package: {
        id: 'pkg-trio',
        title: 'Trio',
        players: 3,
        budgetMs: 10_000,
        timeFactor: 1,
        protocol: 'caia',
        samples: [],
        log: null,
        folder: '/games/pkg-trio',
      },
      added: true,
    };
    api.gamesList.mockResolvedValue([...games, trio]);
    const { wrapper, pinia } = await mountView();
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    const dialog = wrapper.get('[data-testid="smoke-dialog"]');
    await dialog.get('[data-testid="smoke-game"]').setValue('pkg-trio');
    expect(dialog.get('[data-testid="smoke-no-sample"]').text()).toBe(
      'Trio has no sample player to play against, so it cannot be smoke-tested here. Its package names none (samples in jury-game.json).',
    );
    expect(dialog.get('[data-testid="smoke-run"]').attributes('disabled')).toBeDefined();
    // Any other refusal of the engine is said in the dialog too, not as a passing notice.
    await dialog.get('[data-testid="smoke-game"]').setValue('less');
    api.botsSmokeTest.mockRejectedValue(new Error('the referee cannot be started'));
    await dialog.get('form').trigger('submit');
    await flushPromises();
    expect(dialog.get('[data-testid="smoke-error"]').text()).toBe(
      'The test could not be played: the referee cannot be started',
    );
    expect(useNotices(pinia).items).toEqual([]);
  });

  it('offers a sample bot only its own game', async () => {
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="bot-row-less-random"] [data-testid="smoke-open"]').trigger('click');
    const options = wrapper.findAll('[data-testid="smoke-game"] option');
    expect(options.map((o) => o.text())).toEqual(['Less']);
    api.botsSmokeTest.mockResolvedValue({
      passed: true,
      verdict: 'ok',
      dialogue: [],
      scores: [1],
      statuses: ['OK'],
      firstError: 'firsterror R random',
    });
    await wrapper.get('[data-testid="smoke-dialog"] form').trigger('submit');
    await flushPromises();
    expect(api.botsSmokeTest).toHaveBeenCalledWith({ id: 'less-random', game: 'less' });
    expect(wrapper.get('[data-testid="smoke-verdict"]').classes()).toContain('pass');
    expect(wrapper.get('[data-testid="smoke-firsterror"]').text()).toBe(
      'Its first line on stderr, as Caia tells it: firsterror R random',
    );
  });

  it('ties a program to a game from its row, and warns when it is tested on another game', async () => {
    const tied = [
      bot('mine', { name: 'My bot', kind: 'source', language: 'cpp', game: 'less' }),
      bot('less-random', { name: 'Less random', kind: 'sample', game: 'less', hash: null }),
    ];
    api.botsSetGame.mockResolvedValue(tied);
    const { wrapper } = await mountView();
    expect(wrapper.get('[data-testid="bot-row-less-random"]').find('[data-testid="bot-game"]').exists()).toBe(
      false,
    );
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="bot-game"]').setValue('less');
    await flushPromises();
    expect(api.botsSetGame).toHaveBeenCalledWith({ id: 'mine', game: 'less' });
    const select = wrapper.get('[data-testid="bot-row-mine"] [data-testid="bot-game"]');
    expect((select.element as HTMLSelectElement).value).toBe('less');

    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    const dialog = wrapper.get('[data-testid="smoke-dialog"]');
    expect(dialog.find('[data-testid="smoke-mismatch"]').exists()).toBe(false);
    await dialog.get('[data-testid="smoke-game"]').setValue('flit');
    expect(dialog.get('[data-testid="smoke-mismatch"]').text()).toBe(
      'My bot is set to play Less: it is offered only for Less. A pass here does not change that; change its game in the list.',
    );
  });

  it('reads the library again after a smoke test (a pass ties a program to the game)', async () => {
    const { wrapper } = await mountView();
    api.botsSmokeTest.mockResolvedValue({
      passed: true,
      verdict: 'ok',
      dialogue: [],
      scores: [1, 0],
      statuses: ['OK', 'OK'],
    });
    api.botsList.mockResolvedValue([
      bot('mine', { name: 'My bot', kind: 'source', language: 'cpp', game: 'flit' }),
      bot('less-random', { name: 'Less random', kind: 'sample', game: 'less', hash: null }),
    ]);
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    await wrapper.get('[data-testid="smoke-game"]').setValue('flit');
    await wrapper.get('[data-testid="smoke-dialog"] form').trigger('submit');
    await flushPromises();
    const select = wrapper.get('[data-testid="bot-row-mine"] [data-testid="bot-game"]');
    expect((select.element as HTMLSelectElement).value).toBe('flit');
  });

  it('names the seats of the smoke test’s game, numbers moves as the viewer does, and marks a failed test', async () => {
    const { wrapper } = await mountView();
    api.botsSmokeTest.mockResolvedValue({
      passed: false,
      verdict: 'ILLEGAL: an illegal move at move 3',
      dialogue: [
        { seat: 0, dir: 'in', text: 'Start' },
        { seat: 0, dir: 'out', text: 'a1b1', move: 1 },
        { seat: 0, dir: 'in', text: 'c3c4' },
        { seat: 0, dir: 'out', text: 'zz' },
      ],
      scores: [0, 3, 3, 3],
      statuses: ['ILLEGAL', 'OK', 'OK', 'OK'],
    });
    api.botsList.mockResolvedValue([
      bot('mine', {
        name: 'My bot',
        kind: 'source',
        language: 'cpp',
        smoke: { game: 'less', passed: false, at: '2026-11-27T07:00:00Z' },
      }),
      bot('less-random', { name: 'Less random', kind: 'sample', game: 'less', hash: null }),
    ]);
    await wrapper.get('[data-testid="bot-row-mine"] [data-testid="smoke-open"]').trigger('click');
    await wrapper.get('[data-testid="smoke-game"]').setValue('less');
    await wrapper.get('[data-testid="smoke-dialog"] form').trigger('submit');
    await flushPromises();
    const scores = wrapper.get('[data-testid="smoke-dialog"] .scores').text();
    expect(scores).toContain('Yellow: 0');
    expect(scores).toContain('Red: 3');
    expect(scores).not.toContain('Seat');
    expect(wrapper.findAll('[data-testid="smoke-move"]').map((m) => m.text())).toEqual(['move 1']);
    const status = wrapper.get('[data-testid="bot-row-mine"] [data-testid="bot-status"]');
    expect(status.text()).toBe('Smoke test failed');
    expect(status.classes()).toContain('badge-danger');
    expect(status.attributes('title')).toBe(
      'Its last smoke test, in Less, failed: run it again once the bot is fixed.',
    );
  });

  it('hides every control from spectators', async () => {
    api.appInfo.mockResolvedValue(appInfo({ version: '0.1.0', mode: 'browser', canControl: false }));
    const { wrapper } = await mountView();
    expect(wrapper.findAll('tbody tr')).toHaveLength(2);
    for (const id of ['add-samples', 'bot-path', 'smoke-open', 'rename', 'remove']) {
      expect(wrapper.find(`[data-testid="${id}"]`).exists()).toBe(false);
    }
    expect(wrapper.find('[data-testid="protections-ok"]').exists()).toBe(true);
  });
});
