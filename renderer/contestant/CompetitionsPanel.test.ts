// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { findGame } from '../../shared/games/registry.ts';
import golden from '../../shared/games/more/golden/seed-4-all-home.json' with { type: 'json' };
import { createJuryI18n } from '../i18n/index.ts';
import type { ContestantRecord } from '../logic/contestant-replay.ts';
import ContestantApp from './ContestantApp.vue';
import type * as EventHttpModule from '../bridge/event-http.ts';

const api = vi.hoisted(() => ({
  signIn: vi.fn(),
  status: vi.fn(),
  versions: vi.fn(),
  competitions: vi.fn(),
  standings: vi.fn(),
  games: vi.fn(),
  game: vi.fn(),
}));
vi.mock('../bridge/event-http.ts', async (original) => ({
  ...(await original<typeof EventHttpModule>()),
  eventHttp: api,
}));

/** The golden More game as Ada (seat 1) receives it: Bob's stderr and command emptied. */
function record(): ContestantRecord {
  const more = findGame('more')!;
  const setup = more.setup({ seed: golden.seed });
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const moves = golden.replies.map((line, ply) => {
    const seat = more.toAct(state)!;
    const parsed = more.parseReply(state, line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    state = more.apply(state, parsed.value);
    return { ply, seat, line, by: 'bot' as const };
  });
  const stderr = (full: string) => ({ shown: full, full, truncated: false });
  return {
    game: 'more',
    seed: golden.seed,
    board: null,
    end: { kind: 'all-home' },
    durationUs: 1_000_000,
    seats: [
      { name: 'Bob', command: null, status: 'OK', score: 10, stderr: stderr('not theirs') },
      { name: 'Ada', command: ['./bot'], status: 'OK', score: 12, stderr: stderr('depth 3, eval 12') },
    ],
    moves,
  };
}

const entrant = (participant: string, name: string, contestant: string | null) => ({
  participant,
  name,
  contestant,
  submission: null,
  sample: null,
});
const rankRow = (place: number, id: string, name: string, points: number) => ({
  place,
  placeTo: place,
  id,
  name,
  games: 2,
  points,
  wdl: { wins: 1, draws: 0, losses: 1 },
});

beforeEach(() => {
  api.status.mockResolvedValue({
    id: 'c1',
    name: 'Ada',
    lock: { state: 'open' },
    deadline: null,
    playing: null,
    chosen: null,
  });
  api.versions.mockResolvedValue([]);
  api.competitions.mockResolvedValue([
    {
      id: 'cmp-1',
      kind: 'test',
      number: 1,
      file: 'test-1.sqlite',
      createdAt: '2026-05-01T12:00:00Z',
      state: 'done',
      message: null,
      entrants: [entrant('p1', 'Bob', 'c2'), entrant('p2', 'Ada', 'c1')],
    },
  ]);
  api.standings.mockResolvedValue({ rows: [rankRow(1, 'p2', 'Ada', 22), rankRow(2, 'p1', 'Bob', 18)] });
  api.games.mockResolvedValue([
    {
      index: 0,
      stage: 'event',
      round: 1,
      seats: ['p1', 'p2'],
      names: ['Bob', 'Ada'],
      scores: [10, 12],
      statuses: ['OK', 'OK'],
    },
    {
      index: 1,
      stage: 'event',
      round: 1,
      seats: ['p2', 'p1'],
      names: ['Ada', 'Bob'],
      scores: null,
      statuses: null,
    },
  ]);
  api.game.mockResolvedValue(record());
});

describe('the competitions on the contestant page', () => {
  it('shows the standings with their own row, their games, and one game with only their stderr', async () => {
    window.history.replaceState(null, '', '/contestant.html');
    const wrapper = mount(ContestantApp, { global: { plugins: [createPinia(), createJuryI18n('en')] } });
    await flushPromises();
    const list = wrapper.get('[data-testid=competitions-list]');
    expect(list.text()).toContain('Test competition 1');
    await list.get('[data-testid=competition-item]').trigger('click');
    await flushPromises();
    expect(api.standings).toHaveBeenCalledWith('cmp-1');
    const rows = wrapper.get('[data-testid=standings-table]').findAll('[data-testid=standings-row]');
    const cells = rows.map((r) => r.findAll('td').map((td) => td.text().replace(/\s+/g, ' ')));
    expect(cells).toEqual([
      ['1', 'Ada you', '2', '22', '1–0–1'],
      ['2', 'Bob', '2', '18', '1–0–1'],
    ]);
    expect(rows.map((r) => r.attributes('data-mine'))).toEqual(['true', 'false']);
    const games = wrapper.findAll('[data-testid=game-row]');
    expect(games).toHaveLength(2);
    expect(games[1]!.find('[data-testid=game-open]').exists()).toBe(false);
    await games[0]!.get('[data-testid=game-open]').trigger('click');
    await flushPromises();
    expect(api.game).toHaveBeenCalledWith('cmp-1', 0);
    const view = wrapper.get('[data-testid=game-view]');
    expect(view.find('svg').exists()).toBe(true);
    expect(view.findAll('[data-testid=move]').length).toBeGreaterThan(1);
    expect(view.get('[data-testid=contestant-stderr]').text()).toBe('depth 3, eval 12');
    await view.get('[data-testid=replay-last]').trigger('click');
    expect(view.get('[data-testid=move-list] .current').text()).toContain(golden.replies.at(-1)!);
  });
});
