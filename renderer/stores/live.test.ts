import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import {
  BOARDS_PER_FRAME,
  FINISHED_LINGER_MS,
  NEW_BOARDS_PER_FRAME,
  useLiveStore,
  type GameFrame,
} from './live.ts';

type Progress = EventPayload<'tournament.progress'>;

function frame(game: number, ply: number, patch: Partial<GameFrame> = {}): GameFrame {
  return {
    tournament: 't1',
    game,
    stage: 'main',
    round: 1,
    seats: ['A', 'B'],
    ply,
    state: { ply },
    lastMove: null,
    clocksMs: [ply * 10, ply * 5],
    toAct: 0,
    done: false,
    scores: null,
    ...patch,
  };
}

const listeners = { frame: [] as ((f: GameFrame) => void)[], progress: [] as ((p: Progress) => void)[] };
let latest: GameFrame[] = [];
const fake = {
  tournamentLive: vi.fn(async () => latest),
  tournamentDraft: vi.fn(async () => ({
    name: 'T',
    game: 'more',
    schedule: { kind: 'round-robin' },
    bots: ['a', 'b'],
    timing: { budgetMs: 5000 },
  })),
  onGameFrame: (l: (f: GameFrame) => void) => {
    listeners.frame.push(l);
    return () => listeners.frame.splice(listeners.frame.indexOf(l), 1);
  },
  onTournamentProgress: (l: (p: Progress) => void) => {
    listeners.progress.push(l);
    return () => listeners.progress.splice(listeners.progress.indexOf(l), 1);
  },
};

vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => true }));

const emit = (f: GameFrame) => listeners.frame.forEach((l) => l(f));
const games = () => useLiveStore().ordered.map((f) => [f.game, f.ply]);

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
  latest = [frame(3, 10), frame(1, 4)];
});

afterEach(() => {
  useLiveStore().close();
  vi.useRealTimers();
});

describe('the live store', () => {
  it('shows the latest frames of the running games in game order', async () => {
    const store = useLiveStore();
    await store.open('t1');
    expect(store.draft?.timing?.budgetMs).toBe(5000);
    expect(games()).toEqual([]); // applied at the next animation frame
    await vi.advanceTimersByTimeAsync(20);
    expect(games()).toEqual([
      [1, 4],
      [3, 10],
    ]);
  });

  it('applies a burst of frames in one update and keeps the newest per game', async () => {
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(20);
    const before = store.frames;
    emit(frame(1, 5));
    emit(frame(1, 6));
    emit(frame(2, 1));
    emit(frame(1, 5)); // stale: older than the pending one
    emit(frame(3, 9)); // stale: older than the shown one
    emit({ ...frame(7, 1), tournament: 'other' });
    expect(store.frames).toBe(before);
    await vi.advanceTimersByTimeAsync(20);
    expect(games()).toEqual([
      [1, 6],
      [2, 1],
      [3, 10],
    ]);
  });

  it('draws at most 4 boards per animation frame, 2 of them new, in the order they waited', async () => {
    expect([BOARDS_PER_FRAME, NEW_BOARDS_PER_FRAME]).toEqual([4, 2]);
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(20);
    for (const game of [9, 8, 7, 6, 5]) emit(frame(game, 1));
    emit(frame(3, 11));
    await vi.advanceTimersByTimeAsync(16);
    // The first two new ones and the shown board 3.
    expect(games()).toEqual([
      [1, 4],
      [3, 11],
      [8, 1],
      [9, 1],
    ]);
    emit(frame(5, 2)); // a newer frame of a board still waiting to join
    for (const ply of [12, 13]) emit(frame(3, ply));
    emit(frame(1, 5));
    emit(frame(8, 2));
    await vi.advanceTimersByTimeAsync(16);
    // Four drawn: 7 and 6 join (5 would be a third new one), then 3 and 1; 8 and 5 wait.
    expect(games()).toEqual([
      [1, 5],
      [3, 13],
      [6, 1],
      [7, 1],
      [8, 1],
      [9, 1],
    ]);
    await vi.advanceTimersByTimeAsync(16);
    expect(games()).toContainEqual([5, 2]);
    expect(games()).toContainEqual([8, 2]);
    expect(games()).toHaveLength(7);
  });

  it('keeps a finished game briefly, then removes it and ignores its late frames', async () => {
    const store = useLiveStore();
    await store.open('t1');
    emit(frame(3, 12, { done: true, toAct: null, scores: [3, 1] }));
    await vi.advanceTimersByTimeAsync(20);
    expect(store.frames.get(3)?.scores).toEqual([3, 1]);
    emit(frame(3, 12)); // a running frame after the final one
    await vi.advanceTimersByTimeAsync(FINISHED_LINGER_MS - 100);
    expect(store.frames.get(3)?.done).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(games()).toEqual([[1, 4]]);
    emit(frame(3, 13, { done: true }));
    await vi.advanceTimersByTimeAsync(20);
    expect(games()).toEqual([[1, 4]]);
  });

  it('empties the wall when the tournament is aborted, and on close', async () => {
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(20);
    listeners.progress[0]!({
      id: 't1',
      state: 'aborted',
      finished: 0,
      total: 4,
      running: 0,
      etaMs: null,
      error: null,
    });
    expect(games()).toEqual([]);
    emit(frame(1, 0)); // restarted from the first move after the abort
    await vi.advanceTimersByTimeAsync(20);
    expect(games()).toEqual([[1, 0]]);
    store.close();
    expect(games()).toEqual([]);
    expect(listeners.frame).toHaveLength(0);
    expect(store.tournamentId).toBeNull();
  });
});
