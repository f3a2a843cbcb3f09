import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import type { TournamentDraft } from '../logic/draft.ts';
import { REFETCH_THROTTLE_MS, useTournamentsStore, type TournamentSummary } from './tournaments.ts';
import { useNotices } from './notices.ts';

type Progress = EventPayload<'tournament.progress'>;
type Changed = EventPayload<'tournament.changed'>;

function summary(id: string, patch: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id,
    name: `T ${id}`,
    game: 'less',
    format: 'groups',
    state: 'idle',
    finished: 0,
    total: 24,
    running: 0,
    etaMs: null,
    concurrency: 2,
    createdAt: '2026-03-01T10:00:00Z',
    ...patch,
  };
}

const listeners = { progress: [] as ((p: Progress) => void)[], changed: [] as ((p: Changed) => void)[] };
let stored: TournamentSummary[] = [];
const fake = {
  tournamentsList: vi.fn(async () => stored.map((t) => ({ ...t }))),
  tournamentsCreate: vi.fn(async ({ draft }: { draft: TournamentDraft }) =>
    summary('new', { name: draft.name }),
  ),
  tournamentStart: vi.fn(async ({ id }: { id: string }) => summary(id, { state: 'running' })),
  tournamentPause: vi.fn(async ({ id }: { id: string }) => summary(id, { state: 'paused' })),
  tournamentConcurrency: vi.fn(async ({ id, concurrency }: { id: string; concurrency: number }) =>
    summary(id, { concurrency }),
  ),
  tournamentsRemove: vi.fn(async ({ id }: { id: string }) => {
    if (id === 'running') throw new Error('stop the tournament first');
    return null;
  }),
  tournamentsCheck: vi.fn(async () => [{ path: 'name', message: 'the name must not be empty' }]),
  onTournamentProgress: (l: (p: Progress) => void) => {
    listeners.progress.push(l);
    return () => listeners.progress.splice(listeners.progress.indexOf(l), 1);
  },
  onTournamentChanged: (l: (p: Changed) => void) => {
    listeners.changed.push(l);
    return () => listeners.changed.splice(listeners.changed.indexOf(l), 1);
  },
};

vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => true }));

const draft: TournamentDraft = {
  name: 'Club',
  game: 'less',
  schedule: { kind: 'groups' },
  bots: ['a', 'b', 'c', 'd'],
};

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  vi.clearAllMocks();
  stored = [summary('a'), summary('b', { state: 'running' })];
});

afterEach(() => {
  useTournamentsStore().stopListening();
  vi.useRealTimers();
});

describe('the tournaments store', () => {
  it('loads the list when it starts listening', async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    expect(store.list.map((t) => t.id)).toEqual(['a', 'b']);
    expect(store.loaded).toBe(true);
    store.listen();
    expect(listeners.changed).toHaveLength(1);
  });

  it('refetches on changed events, at most once per throttle period', async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    expect(fake.tournamentsList).toHaveBeenCalledTimes(1);
    stored = [summary('c'), ...stored];
    for (let i = 0; i < 5; i++) listeners.changed[0]!({ id: 'c', reason: 'created', game: null });
    // The list was fetched just now: the refetch waits for the end of the period, and happens once.
    await vi.advanceTimersByTimeAsync(REFETCH_THROTTLE_MS - 10);
    expect(fake.tournamentsList).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(fake.tournamentsList).toHaveBeenCalledTimes(2);
    expect(store.list.map((t) => t.id)).toEqual(['c', 'a', 'b']);
    listeners.changed[0]!({ id: 'c', reason: 'state', game: null });
    await vi.advanceTimersByTimeAsync(REFETCH_THROTTLE_MS / 2);
    expect(fake.tournamentsList).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REFETCH_THROTTLE_MS);
    expect(fake.tournamentsList).toHaveBeenCalledTimes(3);
  });

  it('patches counts and state from progress events without refetching', async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    listeners.progress[0]!({
      id: 'b',
      state: 'paused',
      finished: 7,
      total: 24,
      running: 0,
      etaMs: 5000,
      error: null,
    });
    expect(store.byId('b')).toMatchObject({
      state: 'paused',
      finished: 7,
      running: 0,
      etaMs: 5000,
      name: 'T b',
    });
    expect(fake.tournamentsList).toHaveBeenCalledTimes(1);
    listeners.progress[0]!({
      id: 'x',
      state: 'running',
      finished: 0,
      total: 1,
      running: 1,
      etaMs: null,
      error: null,
    });
    await vi.advanceTimersByTimeAsync(REFETCH_THROTTLE_MS);
    expect(fake.tournamentsList).toHaveBeenCalledTimes(2);
  });

  it('says once why a run stopped itself', async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    const aborted = {
      id: 'b',
      state: 'aborted' as const,
      finished: 3,
      total: 24,
      running: 0,
      etaMs: null,
      error: 'game 4 could not be played: cannot start ./bot',
    };
    listeners.progress[0]!(aborted);
    listeners.progress[0]!(aborted);
    expect(useNotices().items.map((n) => n.message)).toEqual([
      'T b: game 4 could not be played: cannot start ./bot',
    ]);
    expect(store.byId('b')?.state).toBe('aborted');
  });

  it('shows the warning a running tournament sends (a changed program) as information', async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    listeners.progress[0]!({
      id: 'b',
      state: 'running',
      finished: 3,
      total: 24,
      running: 0,
      etaMs: null,
      error: 'Mine changed since its finished games were played; its 2 games stay as they are',
    });
    expect(useNotices().items.map((n) => [n.kind, n.message])).toEqual([
      ['info', 'T b: Mine changed since its finished games were played; its 2 games stay as they are'],
    ]);
    expect(store.byId('b')?.state).toBe('running');
  });

  it("tells of a bot that never played as facts, worded in the user's language by the toast", async () => {
    const store = useTournamentsStore();
    store.listen();
    await vi.runOnlyPendingTimersAsync();
    const failure = { kind: 'crash' as const, ply: 0, exit: { code: 1, signal: null }, pending: '' };
    listeners.progress[0]!({
      id: 'b',
      state: 'done',
      finished: 24,
      total: 24,
      running: 0,
      etaMs: null,
      error: null,
      unplayed: [{ name: 'Quits', crashed: 6, games: 6, failure }],
    });
    expect(useNotices().items.map((n) => [n.kind, n.message])).toEqual([
      [
        'info',
        {
          key: 'failure.inTournament',
          values: {
            tournament: 'T b',
            text: {
              key: 'failure.unplayedWhy',
              values: {
                name: 'Quits',
                crashed: 6,
                games: 6,
                why: {
                  key: 'failure.crash',
                  values: { move: 1, exit: { key: 'failure.ended.code', values: { code: 1 } }, flush: '' },
                },
              },
            },
          },
        },
      ],
    ]);
    expect(store.byId('b')?.state).toBe('done');
  });

  it('creates, then starts the new tournament', async () => {
    const store = useTournamentsStore();
    const created = await store.create(draft);
    expect(fake.tournamentsCreate).toHaveBeenCalledWith({ draft });
    expect(fake.tournamentStart).toHaveBeenCalledWith({ id: 'new' });
    expect(created).toMatchObject({ id: 'new', state: 'running' });
    expect(store.byId('new')?.state).toBe('running');
  });

  it('runs controls and concurrency, replacing the summary', async () => {
    const store = useTournamentsStore();
    await store.fetch();
    await store.control('b', 'pause');
    expect(fake.tournamentPause).toHaveBeenCalledWith({ id: 'b' });
    expect(store.byId('b')?.state).toBe('paused');
    await store.setConcurrency('b', 5);
    expect(store.byId('b')?.concurrency).toBe(5);
    expect(store.isBusy('b')).toBe(false);
  });

  it('removes, and reports a refusal as a notice', async () => {
    const store = useTournamentsStore();
    stored = [summary('a'), summary('running', { state: 'running' })];
    await store.fetch();
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('running')).toBe(false);
    expect(store.list.map((t) => t.id)).toEqual(['running']);
    expect(useNotices().items.map((n) => n.message)).toEqual(['stop the tournament first']);
  });

  it('asks the engine to check a draft', async () => {
    expect(await useTournamentsStore().check({})).toEqual([
      { path: 'name', message: 'the name must not be empty' },
    ]);
  });
});
