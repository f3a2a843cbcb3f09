import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import type { EventPayload } from '../../shared/ipc/contract.ts';
import { FINISHED_LINGER_MS, REDRAW_GAP_MS, useLiveStore, type GameFrame } from './live.ts';

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
    expect(games()).toEqual([]); // drawn from the next animation frame on, one board per frame
    await vi.advanceTimersByTimeAsync(40);
    expect(games()).toEqual([
      [1, 4],
      [3, 10],
    ]);
  });

  it('keeps the newest frame per game while it waits, and drops stale ones', async () => {
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(40);
    const before = store.frames;
    emit(frame(1, 5));
    emit(frame(1, 6));
    emit(frame(2, 1));
    emit(frame(1, 5)); // stale: older than the waiting one
    emit(frame(3, 9)); // stale: older than the shown one
    emit({ ...frame(7, 1), tournament: 'other' });
    expect(store.frames).toBe(before);
    await vi.advanceTimersByTimeAsync(REDRAW_GAP_MS + 40);
    expect(games()).toEqual([
      [1, 6],
      [2, 1],
      [3, 10],
    ]);
  });

  it('draws one board per frame: new cards and final frames first, redraws at most every 100 ms', async () => {
    expect(REDRAW_GAP_MS).toBe(100);
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(40);
    emit(frame(3, 11)); // a redraw: the wall drew no board yet, so it goes at once
    await vi.advanceTimersByTimeAsync(16);
    expect(games()).toEqual([
      [1, 4],
      [3, 11],
    ]);
    emit(frame(1, 5));
    emit(frame(3, 12));
    emit(frame(9, 1));
    emit(frame(8, 1, { done: true, toAct: null, scores: [1, 0] }));
    await vi.advanceTimersByTimeAsync(16);
    expect(games()).toEqual([
      [1, 4],
      [3, 11],
      [9, 1],
    ]); // the new card first
    await vi.advanceTimersByTimeAsync(16);
    expect(games()).toContainEqual([8, 1]); // then the final frame; the redraws wait for the gap
    expect(games()).toContainEqual([1, 4]);
    // 100 ms after the last redraw, at the next animation frame: in the order they waited, 1 before 3.
    await vi.advanceTimersByTimeAsync(REDRAW_GAP_MS - 16);
    expect(games()).toContainEqual([1, 5]);
    expect(games()).toContainEqual([3, 11]);
    await vi.advanceTimersByTimeAsync(REDRAW_GAP_MS + 16);
    expect(games()).toContainEqual([3, 12]);
  });

  it('holds the frames of a board out of sight and draws the newest when it comes back', async () => {
    const store = useLiveStore();
    await store.open('t1');
    await vi.advanceTimersByTimeAsync(40);
    store.setSeen(3, false);
    for (const ply of [11, 12, 13]) emit(frame(3, ply));
    emit(frame(6, 1)); // a new game joins whether or not it is seen
    await vi.advanceTimersByTimeAsync(REDRAW_GAP_MS * 3);
    expect(games()).toEqual([
      [1, 4],
      [3, 10],
      [6, 1],
    ]);
    emit(frame(3, 14, { done: true, toAct: null, scores: [2, 2] })); // a final frame shows at once
    await vi.advanceTimersByTimeAsync(20);
    expect(store.frames.get(3)?.done).toBe(true);
    store.setSeen(1, false);
    emit(frame(1, 9));
    await vi.advanceTimersByTimeAsync(REDRAW_GAP_MS * 2);
    expect(store.frames.get(1)?.ply).toBe(4);
    store.setSeen(1, true);
    await vi.advanceTimersByTimeAsync(20);
    expect(store.frames.get(1)?.ply).toBe(9);
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
