// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { LibraryBot } from '../logic/draft.ts';
import NewTournamentView from './NewTournamentView.vue';
import { appInfo, blank, mountScreen } from '../../test/helpers/renderer-mount.ts';

const api = vi.hoisted(() => ({
  appInfo: vi.fn(),
  settingsGet: vi.fn(),
  botsList: vi.fn(),
  gamesList: vi.fn(),
  gamesAddPackage: vi.fn(),
  gamesRemovePackage: vi.fn(),
  dialogOpenPackage: vi.fn(),
  onGamesChanged: vi.fn(),
  presetsList: vi.fn(),
  presetsSave: vi.fn(),
  tournamentsCheck: vi.fn(),
  tournamentsCreate: vi.fn(),
  tournamentStart: vi.fn(),
  tournamentDraft: vi.fn(),
  tournamentsList: vi.fn(),
  systemProtections: vi.fn(),
}));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => true }));

function bot(
  id: string,
  name: string,
  game: LibraryBot['game'],
  status: LibraryBot['status'] = 'ready',
): LibraryBot {
  const kind = game === null ? 'program' : 'sample';
  return {
    id,
    name,
    kind,
    path: id,
    args: [],
    language: null,
    game,
    hash: null,
    modifiedAt: null,
    addedAt: '',
    status,
    buildLog: null,
  };
}

const gameTotal = (budgetMs: number) => ({ kind: 'game-total' as const, budgetMs });
const games = [
  {
    id: 'less',
    title: 'Less',
    seats: 4,
    seatNames: ['Yellow', 'Black', 'White', 'Red'],
    timeControl: gameTotal(30_000),
  },
  { id: 'more', title: 'More', seats: 2, seatNames: ['White', 'Black'], timeControl: gameTotal(30_000) },
  { id: '6561', title: '6561', seats: 2, seatNames: ['A', 'B'], timeControl: gameTotal(60_000) },
  {
    id: 'flit',
    title: 'Flit',
    seats: 4,
    seatNames: ['1', '2', '3', '4'],
    timeControl: { kind: 'per-move', deadlineMs: 50, freezeAfter: 5 },
  },
];
const library = [
  bot('alice', 'Alice', null),
  bot('bob', 'Bob', null),
  bot('broken', 'Broken', null, 'missing'),
  bot('less-random', 'Less random', 'less'),
  bot('more-greedy', 'More greedy', 'more'),
];

const enforced = [
  { limit: 'memory', status: 'enforced', detail: 'capped (memory cgroup)' },
  { limit: 'containment', status: 'enforced', detail: 'bubblewrap: own PID namespace' },
];
/** Linux without bubblewrap or memory cgroups. */
const weaker = [
  { limit: 'memory', status: 'partial', detail: 'private memory only (RLIMIT_DATA)' },
  { limit: 'containment', status: 'enforced', detail: 'own PID namespace' },
  { limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' },
];

enableAutoUnmount(afterEach);

function mountView(path = '/new') {
  return mountScreen(NewTournamentView, {
    routes: [
      { path: '/', component: blank },
      { path: '/new', component: NewTournamentView },
      { path: '/bots', component: blank },
      { path: '/t/:id/live', name: 'live', component: blank },
    ],
    path,
    attachTo: document.body,
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  api.appInfo.mockResolvedValue(appInfo());
  api.settingsGet.mockResolvedValue({
    language: 'en',
    theme: 'system',
    defaults: { timingMode: 'cpu', graceMs: 700, memoryMiB: 512, concurrency: 2 },
    demoOffered: true,
  });
  api.botsList.mockResolvedValue(library);
  api.gamesList.mockResolvedValue(games);
  api.presetsList.mockResolvedValue([]);
  api.tournamentsCheck.mockResolvedValue([]);
  api.systemProtections.mockResolvedValue(enforced);
  api.tournamentsCreate.mockImplementation(async ({ draft }: { draft: { name: string } }) => ({
    id: 'club-1',
    name: draft.name,
    game: 'more',
    format: 'knockout',
    state: 'idle',
    finished: 0,
    total: 4,
    running: 0,
    etaMs: null,
    concurrency: 2,
    createdAt: '2026-03-01T10:00:00Z',
  }));
  api.tournamentStart.mockImplementation(async ({ id }: { id: string }) => ({
    id,
    name: 'Club night',
    game: 'more',
    format: 'knockout',
    state: 'running',
    finished: 0,
    total: 4,
    running: 2,
    etaMs: null,
    concurrency: 2,
    createdAt: '2026-03-01T10:00:00Z',
  }));
});

describe('NewTournamentView', () => {
  it('shows every issue next to its field: the engine’s and the local ones', async () => {
    api.tournamentsCheck.mockResolvedValue([
      { path: 'schedule.rounds', message: 'rounds must be at least 1' },
      { path: 'limits.memoryMiB', message: 'memory must be at least 16' },
      { path: 'bots', message: 'a tournament needs at least two bots' },
      { path: 'somewhere', message: 'something else is wrong' },
    ]);
    const { wrapper } = await mountView();
    expect(api.tournamentsCheck).toHaveBeenCalledTimes(1);
    expect(wrapper.get('[data-testid="issues-schedule.rounds"]').text()).toBe('rounds must be at least 1');
    const memory = wrapper.get('[data-testid="limits-memory"]');
    expect(memory.attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('[data-testid="issues-limits.memoryMiB"]').text()).toBe('memory must be at least 16');
    // The local message replaces the engine's one for the same field.
    expect(wrapper.get('[data-testid="issues-bots"]').text()).toBe(
      'Choose at least 4 bots (a bot may fill several seats: “+ copy”).',
    );
    expect(wrapper.get('[data-testid="issues-other"]').text()).toContain(
      'somewhere: something else is wrong',
    );
    expect(wrapper.get('[data-testid="draft-issue-count"]').text()).toBe('Fix 4 problems first.');
  });

  it('says the engine’s schema complaints in the organiser’s words, naming the field as labelled', async () => {
    api.tournamentsCheck.mockResolvedValue([
      { path: 'schedule.rounds', message: 'rounds must be at least 1', kind: 'too-small', limit: 1 },
      {
        path: 'limits.memoryMiB',
        message: 'Too small: expected number to be >=16',
        kind: 'too-small',
        limit: 16,
      },
      { path: 'concurrency', message: 'Invalid input: expected int, received number', kind: 'whole-number' },
    ]);
    const { wrapper, i18n } = await mountView();
    const texts = () => ({
      rounds: wrapper.get('[data-testid="issues-schedule.rounds"]').text(),
      memory: wrapper.get('[data-testid="issues-limits.memoryMiB"]').text(),
      concurrency: wrapper.get('[data-testid="issues-concurrency"]').text(),
      summary: wrapper.findAll('[data-testid="issue-link"]').map((a) => a.text()),
    });
    expect(texts()).toEqual({
      rounds: 'Rounds must be at least 1.',
      memory: 'Memory (MiB) must be at least 16.',
      concurrency: 'Games at once must be a whole number.',
      // The summary names the field once: the message names it already.
      summary: [
        'Bots: Choose at least 4 bots (a bot may fill several seats: “+ copy”).',
        'Rounds must be at least 1.',
        'Memory (MiB) must be at least 16.',
      ],
    });
    i18n.global.locale.value = 'nl';
    await flushPromises();
    expect(texts().rounds).toBe('Ronden: minstens 1.');
    expect(texts().memory).toBe('Geheugen (MiB): minstens 16.');
  });

  it('asks for a gauntlet’s challengers after the bots they are picked from', async () => {
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="game-more"]').trigger('click');
    await wrapper.get('[data-testid="format-select"]').setValue('gauntlet');
    const sections = wrapper.findAll('section[aria-labelledby]').map((s) => s.attributes('aria-labelledby'));
    expect(sections.indexOf('section-challengers')).toBe(sections.indexOf('section-bots') + 1);
    expect(
      wrapper.get('[aria-labelledby="section-format"]').find('[data-testid^="challenger-"]').exists(),
    ).toBe(false);
  });

  it('runs a finished tournament again: its settings under the next free name', async () => {
    api.tournamentDraft.mockResolvedValue({
      name: 'Club night',
      game: 'more',
      schedule: { kind: 'knockout', gamesPerMatch: 4, ratings: { 'More greedy': 1700 } },
      bots: ['more-greedy', 'alice'],
      timing: { mode: 'official' },
      limits: { memoryMiB: 256, maxProcesses: 64, network: false },
    });
    api.tournamentsList.mockResolvedValue([{ id: 'Club night', name: 'Club night' }]);
    const { wrapper } = await mountView('/new?from=Club%20night');
    expect(api.tournamentDraft).toHaveBeenCalledWith({ id: 'Club night' });
    expect((wrapper.get('[data-testid="tournament-name"]').element as HTMLInputElement).value).toBe(
      'Club night 2',
    );
    expect((wrapper.get('[data-testid="format-select"]').element as HTMLSelectElement).value).toBe(
      'knockout',
    );
    expect(wrapper.get('[data-testid="seed-order"]').text()).toBe('Seeds: 1. More greedy (1700), 2. Alice');
  });

  it('lists an added game package beside the built-in games, with its players and budget', async () => {
    const pkg = (id: string, title: string, added: boolean) => ({
      id,
      title,
      seats: 3,
      seatNames: ['player 1', 'player 2', 'player 3'],
      timeControl: gameTotal(10_000),
      package: {
        id,
        title,
        players: 3,
        budgetMs: 10_000,
        timeFactor: 1,
        protocol: 'caia',
        samples: [],
        log: null,
        folder: `/games/${id}`,
      },
      added,
    });
    api.gamesList.mockResolvedValue([...games, pkg('pkg-trio', 'Trio', true), pkg('pkg-old', 'Old', false)]);
    const { wrapper } = await mountView();
    const cards = wrapper.findAll('[role="radio"]').map((c) => c.attributes('data-testid'));
    expect(cards).toEqual(['game-less', 'game-more', 'game-6561', 'game-flit', 'game-pkg-trio']);
    const trio = wrapper.get('[data-testid="game-pkg-trio"]');
    expect(trio.text()).toContain('Trio');
    expect(trio.text()).toContain('3 players');
    expect(trio.text()).toContain('10 s per program per game');
    expect(trio.text()).toContain('Game package (Caia referee)');
    await trio.trigger('click');
    expect(trio.attributes('aria-checked')).toBe('true');

    // A jury-game.json dropped on the picker adds its package and chooses its game.
    const duo = { ...pkg('pkg-duo', 'Duo', true), seats: 2, seatNames: ['player 1', 'player 2'] };
    api.gamesAddPackage.mockResolvedValue(duo);
    Object.defineProperty(window, 'juryFiles', {
      configurable: true,
      value: { pathForFile: (f: File) => `/games/duo/${f.name}` },
    });
    const file = new File(['{}'], 'jury-game.json');
    await wrapper.get('[data-testid="game-section"]').trigger('drop', { dataTransfer: { files: [file] } });
    await flushPromises();
    expect(api.gamesAddPackage).toHaveBeenCalledWith({ path: '/games/duo/jury-game.json' });
    expect(wrapper.get('[data-testid="game-pkg-duo"]').attributes('aria-checked')).toBe('true');
    Reflect.deleteProperty(window, 'juryFiles');
  });

  it('checks the draft again 300 ms after a change, and offers only fitting formats and bots', async () => {
    const { wrapper } = await mountView();
    const formats = () =>
      wrapper.findAll('[data-testid="format-select"] option').map((o) => o.attributes('value'));
    expect(formats()).toEqual(['groups', 'swiss', 'gauntlet']);
    expect(wrapper.find('[data-testid="bot-option-Less random"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="format-not-offered"]').exists()).toBe(false);
    await wrapper.get('[data-testid="game-6561"]').trigger('click');
    // 6561 is cooperative (both players always score the same): no knockout match could be won.
    expect(formats()).toEqual(['round-robin', 'swiss', 'gauntlet']);
    expect(wrapper.get('[data-testid="format-not-offered"]').text()).toBe(
      'Knockout is not offered: in 6561 both players always get the same score, so no match can be won and the seeding alone would decide every one.',
    );
    await wrapper.get('[data-testid="game-more"]').trigger('click');
    expect(formats()).toEqual(['round-robin', 'swiss', 'knockout', 'gauntlet']);
    expect(wrapper.find('[data-testid="format-not-offered"]').exists()).toBe(false);
    await wrapper.get('[data-testid="game-6561"]').trigger('click');
    expect(wrapper.find('[data-testid="bot-option-Less random"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="bot-option-Broken"]').attributes('disabled')).toBeDefined();
    expect(wrapper.find('[data-testid="boards-given"]').exists()).toBe(false);
    api.tournamentsCheck.mockResolvedValue([{ path: 'name', message: 'taken' }]);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await flushPromises();
    expect(api.tournamentsCheck).toHaveBeenCalledTimes(2);
    expect(api.tournamentsCheck.mock.calls[1]?.[0]).toMatchObject({ draft: { game: '6561' } });
    expect(wrapper.get('[data-testid="issues-name"]').text()).toBe('taken');
  });

  it('says what this machine enforces under the form’s limits, and asks again when they change', async () => {
    api.systemProtections.mockImplementation(async ({ memoryMiB }: { memoryMiB?: number | null }) =>
      memoryMiB === null ? enforced : weaker,
    );
    const { wrapper } = await mountView();
    // The settings' memory cap, Jury's process cap, no network: what the games will get.
    expect(api.systemProtections).toHaveBeenCalledWith({ memoryMiB: 512, maxProcesses: 256, network: false });
    const limits = wrapper.get('[aria-labelledby="section-limits"]');
    const warning = limits.get('[data-testid="protections-warning"]');
    expect(warning.text()).toContain('2 protections or timing guarantees are missing or weaker here:');
    expect(warning.text()).toContain('For the limits above.');
    const gaps = warning.findAll('[data-testid="protection-row"]').slice(0, 2);
    expect(gaps.map((r) => [r.get('.name').text(), r.get('.badge').text(), r.get('.detail').text()])).toEqual(
      [
        ['Private file system', 'missing', 'bubblewrap (bwrap) is not installed'],
        ['Memory cap', 'partial', 'private memory only (RLIMIT_DATA)'],
      ],
    );

    await wrapper.get('[data-testid="limits-processes"]').setValue('0');
    await flushPromises();
    expect(api.systemProtections).toHaveBeenCalledTimes(1); // the draft would refuse 0: not asked
    await wrapper.get('[data-testid="limits-processes"]').setValue('32');
    await wrapper.get('[data-testid="limits-network"]').setValue(true);
    await wrapper.get('[data-testid="limits-memory"]').setValue('');
    await flushPromises();
    expect(api.systemProtections).toHaveBeenLastCalledWith({
      memoryMiB: null,
      maxProcesses: 32,
      network: true,
    });
    expect(limits.find('[data-testid="protections-warning"]').exists()).toBe(false);
    expect(limits.get('[data-testid="protections-ok"] summary').text()).toBe(
      '✓ All protections are enforced on this machine',
    );
  });

  it('loads board strings from a text file', async () => {
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="boards-given"]').setValue(true);
    const input = wrapper.get('[data-testid="boards-file"]');
    const file = new File(['board-one\nboard-two\n'], 'boards.txt', { type: 'text/plain' });
    Object.defineProperty(input.element, 'files', { value: [file] });
    await input.trigger('change');
    await flushPromises();
    expect((wrapper.get('[data-testid="boards-text"]').element as HTMLTextAreaElement).value).toBe(
      'board-one\nboard-two\n',
    );
  });

  it('creates, then starts the draft built from the form and opens the live wall', async () => {
    const { wrapper, router } = await mountView();
    await wrapper.get('[data-testid="game-more"]').trigger('click');
    await wrapper.get('[data-testid="tournament-name"]').setValue('Club night');
    await wrapper.get('[data-testid="format-select"]').setValue('knockout');
    await wrapper.get('[data-testid="schedule-games-per-match"]').setValue('4');
    await wrapper.get('[data-testid="bot-option-Alice"]').setValue(true);
    await wrapper.get('[data-testid="bot-option-More greedy"]').setValue(true);
    await wrapper.get('[data-testid="seed"]').setValue('1234');
    await wrapper.get('[data-testid="limits-memory"]').setValue('');
    await wrapper.get('[data-testid="create-tournament"]').trigger('click');
    await flushPromises();
    const draft = {
      name: 'Club night',
      game: 'more',
      seed: 1234,
      schedule: { kind: 'knockout', gamesPerMatch: 4 },
      bots: ['alice', 'more-greedy'],
      timing: { mode: 'cpu', graceMs: 700 },
      limits: { memoryMiB: null, maxProcesses: 256, network: false, affinity: true },
      concurrency: 2,
    };
    expect(api.tournamentsCheck).toHaveBeenLastCalledWith({ draft });
    expect(api.tournamentsCreate).toHaveBeenCalledWith({ draft });
    expect(api.tournamentStart).toHaveBeenCalledWith({ id: 'club-1' });
    expect(api.tournamentsCreate.mock.invocationCallOrder[0]!).toBeLessThan(
      api.tournamentStart.mock.invocationCallOrder[0]!,
    );
    expect(router.currentRoute.value.fullPath).toBe('/t/club-1/live');
  });

  it('does not create while there are problems', async () => {
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="create-tournament"]').trigger('click');
    await flushPromises();
    expect(api.tournamentsCreate).not.toHaveBeenCalled();
    expect(wrapper.get('[data-testid="issues-bots"]').text()).toBe(
      'Choose at least 4 bots (a bot may fill several seats: “+ copy”).',
    );
  });

  it('loads a preset into the form', async () => {
    api.presetsList.mockResolvedValue([
      {
        name: 'Weekly',
        draft: {
          name: 'Weekly More',
          game: 'more',
          schedule: { kind: 'round-robin', repeats: 3 },
          bots: ['alice', 'bob'],
          timing: { mode: 'official', graceMs: 1000 },
          limits: { memoryMiB: 256, maxProcesses: 8, network: false, affinity: true },
        },
      },
    ]);
    const { wrapper } = await mountView();
    await wrapper.get('[data-testid="preset-select"]').setValue('Weekly');
    await wrapper.get('[data-testid="preset-load"]').trigger('click');
    expect((wrapper.get('[data-testid="tournament-name"]').element as HTMLInputElement).value).toBe(
      'Weekly More',
    );
    // happy-dom's select.value lags behind re-rendered options; the selected option is right.
    const select = wrapper.get('[data-testid="format-select"]').element as HTMLSelectElement;
    expect(select.options[select.selectedIndex]?.value).toBe('round-robin');
    expect((wrapper.get('[data-testid="schedule-repeats"]').element as HTMLInputElement).value).toBe('3');
    expect((wrapper.get('[data-testid="bot-option-Bob"]').element as HTMLInputElement).checked).toBe(true);
    expect((wrapper.get('[data-testid="limits-processes"]').element as HTMLInputElement).value).toBe('8');
  });
});
