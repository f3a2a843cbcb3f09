import { describe, expect, it } from 'vitest';
import { inGameProgress } from './game-progress.ts';

describe('progress inside a running game', () => {
  it('counts a Flit game’s turns of the 32,768 and how long it can still take at its pace', () => {
    // 4,096 turns taken, 20 ms charged per turn on average (four seats' clocks together).
    const p = inGameProgress('flit', { turns: 4096 }, [20_000, 20_000, 20_000, 21_920]);
    expect(p).toEqual({ done: 4096, of: 32_768, percent: 12, leftMs: 20 * (32_768 - 4096) });
  });

  it('has no time left before the first turn, and reaches 100% only at the limit', () => {
    expect(inGameProgress('flit', { turns: 0 }, [0, 0, 0, 0])).toEqual({
      done: 0,
      of: 32_768,
      percent: 0,
      leftMs: null,
    });
    expect(inGameProgress('flit', { turns: 32_767 }, [1, 1, 1, 1])?.percent).toBe(99);
    expect(inGameProgress('flit', { turns: 32_768 }, [1, 1, 1, 1])).toMatchObject({
      percent: 100,
      leftMs: 0,
    });
  });

  it('leaves games with a budget per game, and unreadable states, to their clocks', () => {
    expect(inGameProgress('more', { turns: 5 }, [1, 1])).toBeNull();
    expect(inGameProgress('flit', null, [])).toBeNull();
    expect(inGameProgress('flit', { turns: 'x' }, [])).toBeNull();
  });
});
