import { describe, expect, it } from 'vitest';
import { deriveSeed, Prng } from '../../random/prng.ts';
import { game6561 as game } from './index.ts';
import type { State6561 } from './state.ts';

function start(): State6561 {
  const setup = game.setup({ seed: 1 });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

describe('takeover', () => {
  it('picks uniformly among the legal moves with a generator seeded by the game seed and move number', () => {
    const s = start();
    const expected = Prng.fromSeed(deriveSeed(99, 1)).pick(game.legalMoves(s));
    expect(game.takeover(s, 99)).toEqual(expected);
  });

  it('is deterministic and always legal through a whole game', () => {
    let s = start();
    let plies = 0;
    while (game.toAct(s) !== null) {
      const move = game.takeover(s, 12345);
      expect(game.takeover(s, 12345)).toEqual(move);
      expect(game.checkMove(s, move)).toBeNull();
      s = game.apply(s, move);
      plies++;
    }
    expect(plies).toBe(s.moves);
    expect(game.end(s)).not.toBeNull();
  });

  it('depends on the seed: different seeds choose differently on the empty board', () => {
    const s = start();
    const choices = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => game.formatMove(game.takeover(s, seed))));
    expect(choices.size).toBeGreaterThan(3);
  });

  it('covers all 16 fields over many seeds (uniform choice)', () => {
    const s = start();
    const counts = new Map<string, number>();
    for (let seed = 0; seed < 1600; seed++) {
      const line = game.formatMove(game.takeover(s, seed));
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    expect(counts.size).toBe(16);
    for (const n of counts.values()) expect(n).toBeGreaterThan(50);
  });
});
