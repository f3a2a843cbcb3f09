// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import GameBoard from '../boards/GameBoard.vue';
import { routes } from '../router.ts';
import type { GameReplay } from '../stores/replay.ts';
import GameViewerView from './GameViewerView.vue';
import { mountScreen } from '../../test/helpers/renderer-mount.ts';

/** The limits of a game on Linux without bubblewrap or memory cgroups. */
const weakerLimits: GameReplay['limits'] = {
  requested: { memoryMiB: 512, maxProcesses: null, network: false },
  protections: [
    { limit: 'memory', status: 'partial', detail: '512 MiB of private memory only (RLIMIT_DATA)' },
    { limit: 'containment', status: 'enforced', detail: 'own PID namespace' },
    { limit: 'network', status: 'enforced', detail: 'empty network namespace (loopback down)' },
    { limit: 'filesystem', status: 'missing', detail: 'bubblewrap (bwrap) is not installed' },
  ],
};

/** A made-up More replay: the board is stubbed, so the states only need to be told apart. */
function replay(lines: string[], scores: number[], limits: GameReplay['limits'] = weakerLimits): GameReplay {
  return {
    tournament: 't1',
    index: 4,
    game: 'more',
    seed: 123456,
    board: 'board-text',
    end: { kind: 'stuck-cutoff', seat: 1 },
    durationMs: 4200,
    seats: [
      {
        name: 'ann',
        score: scores[0] ?? 0,
        status: 'OK',
        failure: null,
        chargedMs: 310,
        stderrShown: 'thinking',
        stderrFull: 'thinking\nmore thinking',
        stderrTruncated: true,
      },
      {
        name: 'bob',
        score: scores[1] ?? 0,
        status: 'TIMEOUT',
        failure: { kind: 'timeout', ply: 4, usedUs: 5_000_000, pending: '' },
        chargedMs: 5000,
        stderrShown: '',
        stderrFull: '',
        stderrTruncated: false,
      },
    ],
    steps: [
      { ply: 0, seat: null, line: null, by: null, state: { at: 0 }, chargedMs: null },
      ...lines.map((line, i) => ({
        ply: i + 1,
        seat: i % 2,
        line,
        by: 'bot' as const,
        state: { at: i + 1 },
        chargedMs: 20 + i,
      })),
    ],
    limits,
  };
}

const fake = {
  tournamentReplay: vi.fn(async () => replay(['f6f4', 'c3c5', 'f4f2'], [12, 20])),
  tournamentRerun: vi.fn(async () => replay(['f6f4', 'c3c5', 'f4f2'], [12, 20])),
  appInfo: vi.fn(async () => ({
    version: '0.1.0',
    mode: 'browser' as const,
    canControl: true,
    firstStart: false,
    storeFolder: '/tmp',
  })),
  tournamentsList: vi.fn(async () => []),
  tournamentResetGame: vi.fn(async () => ({
    id: 't1',
    name: 't1',
    game: 'more' as const,
    format: 'round-robin' as const,
    state: 'idle' as const,
    finished: 4,
    total: 5,
    running: 0,
    etaMs: null,
    concurrency: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  })),
  onTournamentProgress: () => () => undefined,
  onTournamentChanged: () => () => undefined,
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

async function mountView() {
  const { wrapper } = await mountScreen(GameViewerView, {
    routes,
    path: '/t/t1/games/4',
    props: { id: 't1', index: 4 },
    attachTo: document.body,
    stubs: { GameBoard: true },
  });
  return wrapper;
}

function press(key: string, target: EventTarget = window): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}

beforeEach(() => vi.clearAllMocks());

describe('GameViewerView', () => {
  it('opens at the opening position and steps with the arrow keys, Home and End', async () => {
    const wrapper = await mountView();
    expect(fake.tournamentReplay).toHaveBeenCalledWith({ id: 't1', index: 4 });
    const label = () => wrapper.find('[data-testid="step-label"]').text();
    const board = () => wrapper.findComponent(GameBoard);
    expect(label()).toBe('Move 0 / 3');
    expect(board().props('state')).toEqual({ at: 0 });
    expect(board().props('game')).toBe('more');
    expect(board().props('seatNames')).toEqual(['ann', 'bob']);

    press('ArrowRight');
    await flushPromises();
    expect(label()).toBe('Move 1 / 3');
    expect(board().props('state')).toEqual({ at: 1 });
    expect(board().props('lastMove')).toBe('f6f4');

    press('End');
    await flushPromises();
    expect(label()).toBe('Move 3 / 3');
    press('ArrowRight');
    press('ArrowLeft');
    await flushPromises();
    expect(board().props('state')).toEqual({ at: 2 });
    press('Home');
    await flushPromises();
    expect(label()).toBe('Move 0 / 3');
    wrapper.unmount();
  });

  it('leaves the keys to a form field, and moves with the buttons and the slider', async () => {
    const wrapper = await mountView();
    const slider = wrapper.find('[data-testid="replay-slider"]');
    press('ArrowRight', slider.element);
    await flushPromises();
    expect(wrapper.find('[data-testid="step-label"]').text()).toBe('Move 0 / 3');
    await wrapper.find('[data-testid="replay-next"]').trigger('click');
    expect(wrapper.find('[data-testid="step-label"]').text()).toBe('Move 1 / 3');
    await slider.setValue('3');
    expect(wrapper.find('[data-testid="step-label"]').text()).toBe('Move 3 / 3');
    expect(wrapper.find('[data-testid="replay-next"]').attributes('disabled')).toBeDefined();
    wrapper.unmount();
  });

  it('shows the moves with their times, the seats, stderr, the ending and the seed', async () => {
    const wrapper = await mountView();
    const moves = wrapper.findAll('[data-testid="move"]');
    expect(moves).toHaveLength(4);
    expect(moves[2]!.text()).toContain('c3c5');
    expect(moves[2]!.text()).toContain('21 ms');
    await moves[2]!.trigger('click');
    expect(wrapper.find('[data-testid="step-label"]').text()).toBe('Move 2 / 3');
    const seats = wrapper.find('[data-testid="replay-seats"]').text();
    expect(seats).toContain('TIMEOUT');
    expect(seats).toContain('time limit exceeded at move 5 after 5.000 s');
    expect(wrapper.find('[data-testid="replay-end"]').text()).toBe(
      'bob had no legal move; the remaining distances were added.',
    );
    expect(wrapper.find('[data-testid="replay-seed"]').text()).toBe('123456');
    expect(wrapper.find('[data-testid="stderr-text-0"]').text()).toBe('thinking');
    await wrapper.find('[data-testid="stderr-toggle-0"]').trigger('click');
    expect(wrapper.find('[data-testid="stderr-text-0"]').text()).toBe('thinking\nmore thinking');
    expect(wrapper.find('[data-testid="stderr"]').text()).toContain('only its start');
    wrapper.unmount();
  });

  it('shows the limits the game ran under, marking what was weaker or missing', async () => {
    const wrapper = await mountView();
    const panel = wrapper.get('[data-testid="game-limits"]');
    expect(panel.get('[data-testid="game-limit-memory"]').text()).toBe('512 MiB partial');
    expect(panel.get('[data-testid="game-limit-memory"] .badge').classes()).toContain('badge-warn');
    expect(panel.get('[data-testid="game-limit-processes"]').text()).toBe('no cap');
    expect(panel.get('[data-testid="game-limit-network"]').text()).toBe('blocked');
    const gaps = panel.get('[data-testid="game-limits-gaps"]');
    expect(gaps.text()).toContain('Not enforced in this game:');
    expect(
      gaps
        .findAll('[data-testid="protection-row"]')
        .map((r) => [r.attributes('data-limit'), r.get('.badge').text()]),
    ).toEqual([
      ['filesystem', 'missing'],
      ['memory', 'partial'],
    ]);
    expect(gaps.text()).toContain('bubblewrap (bwrap) is not installed');
    expect(panel.find('[data-testid="game-limits-ok"]').exists()).toBe(false);
    expect(panel.get('details summary').text()).toBe('Enforced (2)');
    wrapper.unmount();
  });

  it('says when every protection held, or when the record does not tell', async () => {
    const all: GameReplay['limits'] = {
      requested: { memoryMiB: 1024, maxProcesses: 256, network: true },
      protections: [
        { limit: 'memory', status: 'enforced', detail: '1024 MiB (memory cgroup)' },
        { limit: 'processes', status: 'enforced', detail: '256 processes of its own uid' },
      ],
    };
    fake.tournamentReplay.mockResolvedValueOnce(replay(['f6f4'], [1, 2], all));
    let wrapper = await mountView();
    let panel = wrapper.get('[data-testid="game-limits"]');
    expect(panel.find('[data-testid="game-limits-gaps"]').exists()).toBe(false);
    expect(panel.get('[data-testid="game-limits-ok"]').text()).toBe(
      '✓ Every protection was enforced in this game.',
    );
    expect(panel.get('[data-testid="game-limit-memory"]').text()).toBe('1024 MiB');
    expect(panel.get('[data-testid="game-limit-network"]').text()).toBe('allowed');
    wrapper.unmount();

    fake.tournamentReplay.mockResolvedValueOnce(replay(['f6f4'], [1, 2], null));
    wrapper = await mountView();
    panel = wrapper.get('[data-testid="game-limits"]');
    expect(panel.text()).toBe('This game’s record does not say which limits it ran under.');
    wrapper.unmount();
  });

  it('re-runs the game from its seed and shows the new result beside the stored one', async () => {
    const wrapper = await mountView();
    await wrapper.find('[data-testid="rerun"]').trigger('click');
    await flushPromises();
    expect(fake.tournamentRerun).toHaveBeenCalledWith({ id: 't1', index: 4 });
    expect(wrapper.find('[data-testid="rerun-verdict"]').text()).toBe(
      'Same game: identical moves and result',
    );

    fake.tournamentRerun.mockResolvedValueOnce(replay(['f6f4', 'c3c4', 'f4f2'], [20, 12]));
    await wrapper.find('[data-testid="rerun"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="rerun-verdict"]').text()).toBe(
      'Different result (moves differ from move 2)',
    );
    expect(wrapper.find('[data-testid="rerun-result"]').text()).toContain('20 · OK');
    wrapper.unmount();
  });

  it("deletes the game's result after asking (Play again), then shows the games list", async () => {
    const wrapper = await mountView();
    // The games list itself is not drawn here: only where the viewer goes.
    const push = vi.spyOn(wrapper.vm.$router, 'push').mockResolvedValue(undefined);
    await wrapper.get('[data-testid="play-again"]').trigger('click');
    await wrapper.get('[data-testid="play-again-confirm"]').trigger('click');
    await flushPromises();
    expect(fake.tournamentResetGame).toHaveBeenCalledWith({ id: 't1', index: 4 });
    expect(push).toHaveBeenCalledWith({ name: 'games', params: { id: 't1' } });
    wrapper.unmount();
  });

  it('has no Play again for spectators', async () => {
    fake.appInfo.mockResolvedValueOnce({
      version: '0.1.0',
      mode: 'browser',
      canControl: false,
      firstStart: false,
      storeFolder: '/tmp',
    });
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="replay-end"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="play-again"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says that an imported game has no moves to replay, and offers nothing that needs them', async () => {
    // What the engine answers for a game of CodeCup's result file: its result, one empty transcript.
    const imported: GameReplay = {
      ...replay([], [93, 0]),
      game: 'more',
      seed: 0,
      board: null,
      end: { kind: 'referee-report', message: 'CodeCup game 296165, imported from final.csv' },
      durationMs: 0,
      steps: [
        {
          ply: 0,
          seat: null,
          line: null,
          by: null,
          state: { kind: 'transcript', players: 2, lines: [], failures: [], omitted: 0 },
          chargedMs: null,
        },
      ],
      limits: null,
      imported: true,
    };
    fake.tournamentReplay.mockResolvedValueOnce(imported);
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="imported-game"]').text()).toBe(
      "Imported from CodeCup's result file, which holds each game's result only: there are no moves to replay.",
    );
    expect(wrapper.find('[data-testid="replay-seats"]').text()).toContain('93');
    for (const gone of ['rerun', 'play-again', 'play-again-panel', 'replay-slider', 'move', 'replay-seed']) {
      expect(wrapper.find(`[data-testid="${gone}"]`).exists(), gone).toBe(false);
    }
    expect(wrapper.findComponent(GameBoard).exists()).toBe(false);
    wrapper.unmount();
  });

  it('says why a game cannot be replayed', async () => {
    fake.tournamentReplay.mockRejectedValueOnce(new Error('game 5 is not finished'));
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="replay-error"]').text()).toContain('game 5 is not finished');
    wrapper.unmount();
  });
});
