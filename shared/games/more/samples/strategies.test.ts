import { describe, expect, it } from 'vitest';
import { Prng } from '../../../random/prng.ts';
import { moreGame } from '../index.ts';
import { greedyMoreMove } from './strategies.ts';

const rng = (): Prng => Prng.fromSeed(5);

describe('More strategies', () => {
  it('greedy prefers a free jump to a step on an open board', () => {
    const setup = moreGame.setup({ seed: 0, board: '0'.repeat(60) });
    if (!setup.ok) throw new Error(setup.error.message);
    const move = moreGame.formatMove(greedyMoreMove(setup.value, rng()));
    // From e5 e6 f5 f6 towards a1: the jumps f5d5 and e6e4 gain two squares for one point.
    expect(['f5d5', 'e6e4']).toContain(move);
  });
});
