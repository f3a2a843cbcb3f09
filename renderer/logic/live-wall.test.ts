import { describe, expect, it } from 'vitest';
import { wallOrder } from './live-wall.ts';

const card = (game: number, done = false) => ({ game, done });

describe('wallOrder', () => {
  it('puts the running games first in game order, then the finished ones as they finished', () => {
    const frames = [card(4, true), card(6), card(1, true), card(5), card(9), card(2, true)];
    const finishedAt = new Map([
      [1, 2],
      [2, 0],
      [4, 1],
    ]);
    expect(wallOrder(frames, finishedAt).map((f) => f.game)).toEqual([5, 6, 9, 2, 4, 1]);
  });

  it('puts a finished game without a turn last, and keeps every frame', () => {
    expect(wallOrder([card(3, true), card(1, true), card(2)], new Map([[1, 0]]))).toEqual([
      card(2),
      card(1, true),
      card(3, true),
    ]);
    expect(wallOrder([], new Map())).toEqual([]);
  });
});
