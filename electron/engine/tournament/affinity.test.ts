import { describe, expect, it } from 'vitest';
import { coresOfSlot } from '../play-match.ts';

describe('coresOfSlot', () => {
  it('gives each running game a core of its own, the last cores first', () => {
    expect(coresOfSlot({ slot: 0, concurrency: 1 }, 2)).toEqual([1]);
    expect(coresOfSlot({ slot: 0, concurrency: 2 }, 2)).toEqual([1]);
    expect(coresOfSlot({ slot: 1, concurrency: 2 }, 2)).toEqual([0]);
    expect(coresOfSlot({ slot: 3, concurrency: 4 }, 8)).toEqual([4]);
  });

  it('pins nothing when games at once outnumber the cores', () => {
    expect(coresOfSlot({ slot: 0, concurrency: 3 }, 2)).toBeNull();
    expect(coresOfSlot({ slot: 2, concurrency: 2 }, 2)).toBeNull();
  });
});
