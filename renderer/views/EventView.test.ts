// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';
import EventView from './EventView.vue';

const api = vi.hoisted(() => ({
  eventInfo: vi.fn(),
  eventContestants: vi.fn(),
  eventSubmissions: vi.fn(),
  eventCompetitions: vi.fn(),
  eventAddContestants: vi.fn(),
  eventSetLocked: vi.fn(),
  eventDisqualify: vi.fn(),
  eventRunFinal: vi.fn(),
  eventStandings: vi.fn(),
  eventGames: vi.fn(),
  eventOpen: vi.fn(),
  appInfo: vi.fn(),
  botsList: vi.fn(),
  gamesList: vi.fn(),
  onGamesChanged: vi.fn(),
}));
const desktop = vi.hoisted(() => ({ value: false }));
vi.mock('../bridge/index.ts', () => ({ jury: () => api, isDesktop: () => desktop.value }));

const settings = {
  name: 'Club day',
  game: '6561',
  final: { kind: 'round-robin', cycles: 1, permutations: 'all' },
  timing: { mode: 'official' },
  limits: {},
  testSamples: false,
};
const smoke = {
  passed: true,
  verdict: 'passed',
  dialogue: [{ seat: 0, dir: 'in', text: 'Start' }],
  scores: [1, 0],
  statuses: ['OK', 'OK'],
};
const submission = (id: string, contestant: string, version: number, status: unknown) => ({
  id,
  contestant,
  version,
  receivedAt: `2026-05-01T1${version}:00:00Z`,
  sha256: 'ab'.repeat(32),
  size: 120,
  fileName: 'bot.c',
  kind: 'file',
  language: 'c',
  buildCommand: null,
  runCommand: null,
  status,
  disqualified: null,
});

function info(lock: unknown) {
  return { folder: '/ev', settings, lock, origins: ['http://192.168.1.20:8080'], competing: false };
}

beforeEach(() => {
  vi.resetAllMocks();
  api.eventInfo.mockResolvedValue(info({ state: 'open' }));
  api.eventContestants.mockResolvedValue([{ id: 'c1', name: 'Ada', chosen: null }]);
  api.eventSubmissions.mockResolvedValue([
    submission('s1', 'c1', 1, { state: 'build-failed', log: "bot.c:3: error: expected ';'" }),
    submission('s2', 'c1', 2, { state: 'working', log: '', smoke }),
  ]);
  api.eventCompetitions.mockResolvedValue([]);
  api.appInfo.mockResolvedValue({
    version: '1',
    mode: 'browser',
    canControl: true,
    firstStart: false,
    storeFolder: '/s',
  });
});
afterEach(() => {
  vi.useRealTimers();
  desktop.value = false;
});

describe('the organiser’s event screen', () => {
  it('shows the event, where contestants join, and refuses the final until locked', async () => {
    const { wrapper } = await mountScreen(EventView);
    expect(wrapper.get('[data-testid="event-header"]').text()).toContain('Event: Club day');
    expect(wrapper.get('[data-testid="event-origins"]').text()).toContain(
      'http://192.168.1.20:8080/contestant.html',
    );
    expect(wrapper.get('[data-testid="event-lock"]').attributes('data-state')).toBe('open');
    expect(wrapper.get('[data-testid="event-run-final"]').attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid="event-contestant-Ada"]').text()).toContain('v2 · bot.c');
  });

  it('locks submissions and then offers the final', async () => {
    const { wrapper } = await mountScreen(EventView);
    api.eventSetLocked.mockResolvedValue({
      state: 'locked',
      by: 'hand',
      reason: 'the organiser has locked submissions',
    });
    api.eventInfo.mockResolvedValue(
      info({ state: 'locked', by: 'hand', reason: 'the organiser has locked submissions' }),
    );
    await wrapper.get('[data-testid="event-lock-toggle"]').trigger('click');
    await flushPromises();
    expect(api.eventSetLocked).toHaveBeenCalledWith({ locked: true });
    expect(wrapper.get('[data-testid="event-lock"]').text()).toContain(
      'the organiser has locked submissions',
    );
    expect(wrapper.get('[data-testid="event-run-final"]').attributes('disabled')).toBeUndefined();
  });

  it('adds contestants one per line and shows their new codes once', async () => {
    api.eventAddContestants.mockResolvedValue([
      { contestant: { id: 'c2', name: 'Bob', chosen: null }, code: 'K7QX-M3TR-9WHE-PZ2A' },
    ]);
    const { wrapper } = await mountScreen(EventView);
    api.eventContestants.mockResolvedValue([
      { id: 'c1', name: 'Ada', chosen: null },
      { id: 'c2', name: 'Bob', chosen: null },
    ]);
    await wrapper.get('[data-testid="event-names"]').setValue('  Bob \n\n');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(api.eventAddContestants).toHaveBeenCalledWith({ names: ['Bob'] });
    expect(wrapper.get('[data-testid="event-contestant-Bob"]').text()).toContain('K7QX-M3TR-9WHE-PZ2A');
    expect(wrapper.get('[data-testid="event-contestant-Ada"]').text()).toContain('hidden (stored hashed)');
  });

  it('lists submissions with their state, compile log and a disqualification with its reason', async () => {
    const { wrapper } = await mountScreen(EventView);
    await wrapper.get('[data-testid="event-tab-submissions"]').trigger('click');
    const failed = wrapper.get('[data-testid="event-submission-Ada-1"]');
    expect(failed.attributes('data-state')).toBe('build-failed');
    expect(failed.text()).toContain('did not build');
    await failed.trigger('click');
    expect(wrapper.get('[data-testid="build-log"]').text()).toContain("expected ';'");
    await wrapper.get('[data-testid="event-disqualify"]').trigger('click');
    await wrapper.get('[data-testid="event-reason"]').setValue('copied');
    await wrapper.get('[data-testid="event-submission-details"] form').trigger('submit');
    await flushPromises();
    expect(api.eventDisqualify).toHaveBeenCalledWith({ id: 's1', reason: 'copied' });
  });

  it('opens the newest competition with its standings', async () => {
    api.eventCompetitions.mockResolvedValue([
      {
        id: 'k1',
        kind: 'test',
        number: 1,
        file: 't1.sqlite',
        createdAt: '2026-05-01T12:00:00Z',
        state: 'done',
        message: null,
        entrants: [],
      },
    ]);
    api.eventStandings.mockResolvedValue({
      rows: [
        {
          place: 1,
          placeTo: 1,
          id: 'p1',
          name: 'Ada',
          points: 3,
          games: 2,
          wdl: { wins: 1, draws: 1, losses: 0 },
        },
      ],
      stages: [],
      basis: 'points',
    });
    api.eventGames.mockResolvedValue([
      {
        index: 0,
        stage: 'main',
        round: 1,
        seats: ['p1', 'p2'],
        names: ['Ada', 'random'],
        scores: [1, 0],
        statuses: ['OK', 'OK'],
      },
    ]);
    const { wrapper } = await mountScreen(EventView);
    await wrapper.get('[data-testid="event-tab-competitions"]').trigger('click');
    await flushPromises();
    expect(api.eventStandings).toHaveBeenCalledWith({ competition: 'k1' });
    expect(wrapper.get('[data-testid="event-standings"]').text()).toContain('Ada');
    expect(wrapper.get('[data-testid="event-standings"]').text()).toContain('1/1/0');
    expect(wrapper.get('[data-testid="event-games"]').text()).toContain('Ada – random');
  });

  it('creates an event in the desktop app: folder, name, game, deadline, timing, final, tests', async () => {
    desktop.value = true;
    api.eventInfo.mockResolvedValue(null);
    api.appInfo.mockResolvedValue({
      version: '1',
      mode: 'desktop',
      canControl: true,
      firstStart: false,
      storeFolder: '/s',
    });
    api.botsList.mockResolvedValue([]);
    api.gamesList.mockResolvedValue([
      { id: 'more', title: 'More', seats: 2 },
      { id: '6561', title: '6561', seats: 2 },
    ]);
    api.eventOpen.mockResolvedValue(info({ state: 'open' }));
    const { wrapper } = await mountScreen(EventView);
    await wrapper.get('[data-testid="event-open-folder"]').setValue('/home/me/club');
    await wrapper.get('[data-testid="event-open-port"]').setValue('9090');
    await wrapper.get('[data-testid="event-open-create"]').setValue(true);
    await wrapper.get('[data-testid="event-open-name"]').setValue('Club day');
    await wrapper.get('[data-testid="event-open-game"]').setValue('6561');
    await wrapper.get('[data-testid="event-open-deadline"]').setValue('2026-05-01T16:00');
    await wrapper.get('[data-testid="event-open-timing"]').setValue('cpu');
    await wrapper.get('[data-testid="event-open-budget"]').setValue('20000');
    await wrapper.get('[data-testid="event-open-swiss-rounds"]').setValue('5');
    await wrapper.get('[data-testid="event-open-finalists"]').setValue('8');
    // 6 games per pair: 3 double round robins.
    await wrapper.get('[data-testid="event-open-final-games"]').setValue('6');
    await wrapper.get('[data-testid="event-open-test-every"]').setValue('20');
    api.eventInfo.mockResolvedValue(info({ state: 'open' }));
    await wrapper.get('[data-testid="event-open-form"]').trigger('submit');
    await flushPromises();
    expect(api.eventOpen).toHaveBeenCalledWith({
      folder: '/home/me/club',
      port: 9090,
      settings: {
        name: 'Club day',
        game: '6561',
        deadline: new Date('2026-05-01T16:00').toISOString(),
        timing: { mode: 'cpu', budgetMs: 20000 },
        final: { kind: 'swiss', swissRounds: 5, finalists: 8, permutations: 'all', finalCycles: 3 },
        testEveryMinutes: 20,
        testSamples: false,
      },
    });
    expect(wrapper.get('[data-testid="event-header"]').text()).toContain('Event: Club day');
  });

  it('says how to open an event when there is none', async () => {
    api.eventInfo.mockResolvedValue(null);
    const { wrapper } = await mountScreen(EventView);
    expect(wrapper.get('[data-testid="event-none"]').text()).toContain('--event FOLDER');
    expect(api.eventContestants).not.toHaveBeenCalled();
  });
});
