import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useNotices } from './notices.ts';
import { compareReplays, useReplayStore, type GameReplay } from './replay.ts';

/** A made-up 2-player replay: `lines` are the moves, seats alternate. */
function replay(lines: string[], scores = [3, 1], index = 4): GameReplay {
  return {
    tournament: 't1',
    index,
    game: 'more',
    seed: 42,
    board: null,
    end: { kind: 'move-cutoff', moves: lines.length },
    durationMs: 2000,
    seats: ['ann', 'bob'].map((name, seat) => ({
      name,
      score: scores[seat] ?? 0,
      status: 'OK' as const,
      failure: null,
      chargedMs: 100,
      stderrShown: '',
      stderrFull: '',
      stderrTruncated: false,
    })),
    steps: [
      { ply: 0, seat: null, line: null, by: null, state: { ply: 0 }, chargedMs: null },
      ...lines.map((line, i) => ({
        ply: i + 1,
        seat: i % 2,
        line,
        by: 'bot' as const,
        state: { ply: i + 1 },
        chargedMs: 10 * (i + 1),
      })),
    ],
    limits: null,
  };
}

const fake = {
  tournamentReplay: vi.fn(async ({ index }: { id: string; index: number }) =>
    replay(['a1', 'b2', 'c3'], [3, 1], index),
  ),
  tournamentRerun: vi.fn(async ({ index }: { id: string; index: number }) =>
    replay(['a1', 'b2', 'c3'], [3, 1], index),
  ),
};
vi.mock('../bridge/index.ts', () => ({ jury: () => fake, isDesktop: () => false }));

beforeEach(() => {
  setActivePinia(createPinia());
  vi.clearAllMocks();
});

describe('compareReplays', () => {
  it('finds an identical game', () => {
    expect(compareReplays(replay(['a', 'b']), replay(['a', 'b']))).toEqual({
      sameResult: true,
      sameMoves: true,
      firstDifference: null,
    });
  });

  it('names the first ply that differs, or where one game goes on', () => {
    expect(compareReplays(replay(['a', 'b', 'c']), replay(['a', 'x', 'c']))).toEqual({
      sameResult: true,
      sameMoves: false,
      firstDifference: 2,
    });
    const longer = compareReplays(replay(['a', 'b']), replay(['a', 'b', 'c'], [1, 3]));
    expect(longer).toEqual({ sameResult: false, sameMoves: false, firstDifference: 3 });
  });

  it('sees a different ending or status as a different result', () => {
    const other = replay(['a', 'b']);
    expect(
      compareReplays(replay(['a', 'b']), { ...other, end: { kind: 'move-limit', moves: 2 } }).sameResult,
    ).toBe(false);
    const timeout = {
      ...other,
      seats: other.seats.map((s, i) => (i === 1 ? { ...s, status: 'TIMEOUT' as const } : s)),
    };
    expect(compareReplays(replay(['a', 'b']), timeout).sameResult).toBe(false);
  });
});

describe('the replay store', () => {
  it('loads a game at its opening position and steps through it', async () => {
    const store = useReplayStore();
    await store.load('t1', 4);
    expect(fake.tournamentReplay).toHaveBeenCalledWith({ id: 't1', index: 4 });
    expect(store.count).toBe(4);
    expect(store.step).toBe(0);
    expect(store.current?.state).toEqual({ ply: 0 });
    store.act('next');
    store.act('next');
    expect(store.current?.line).toBe('b2');
    store.act('last');
    expect(store.step).toBe(3);
    store.act('next');
    expect(store.step).toBe(3);
    store.go(-5);
    expect(store.step).toBe(0);
    store.go(99);
    expect(store.current?.state).toEqual({ ply: 3 });
  });

  it('keeps the reason when a game cannot be replayed', async () => {
    fake.tournamentReplay.mockRejectedValueOnce(new Error('game 7 is not finished'));
    const store = useReplayStore();
    await store.load('t1', 7);
    expect(store.replay).toBeNull();
    expect(store.error).toBe('game 7 is not finished');
    expect(store.loading).toBe(false);
  });

  it('shows only the last of two quick loads', async () => {
    const store = useReplayStore();
    let release: (value: GameReplay) => void = () => undefined;
    fake.tournamentReplay.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const slow = store.load('t1', 1);
    await store.load('t1', 2);
    release(replay(['zz'], [0, 0], 1));
    await slow;
    expect(store.replay?.index).toBe(2);
    expect(store.count).toBe(4);
  });

  it('re-runs the game and compares with the stored one', async () => {
    const store = useReplayStore();
    await store.load('t1', 4);
    expect(store.comparison).toBeNull();
    fake.tournamentRerun.mockResolvedValueOnce(replay(['a1', 'b2', 'd4'], [1, 3]));
    const running = store.runAgain();
    expect(store.rerunning).toBe(true);
    await running;
    expect(fake.tournamentRerun).toHaveBeenCalledWith({ id: 't1', index: 4 });
    expect(store.rerunning).toBe(false);
    expect(store.comparison).toEqual({ sameResult: false, sameMoves: false, firstDifference: 3 });
    // Another game clears the re-run.
    await store.load('t1', 5);
    expect(store.rerun).toBeNull();
  });

  it('shows a failed re-run as a notice', async () => {
    const store = useReplayStore();
    await store.load('t1', 4);
    fake.tournamentRerun.mockRejectedValueOnce(new Error('bot missing'));
    await store.runAgain();
    expect(store.rerun).toBeNull();
    expect(useNotices().items.map((n) => n.message)).toEqual(['bot missing']);
  });
});
