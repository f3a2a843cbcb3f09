import type { SampleSpec } from '../../registration.ts';
import { MoreSession } from './session.ts';
import { greedyMoreMove, randomMoreMove } from './strategies.ts';

/** More's sample bots, the random player first. */
export const moreSamples: readonly SampleSpec[] = [
  {
    strength: 'random',
    description: 'Plays a random legal move.',
    session: (seed) => new MoreSession(randomMoreMove, seed),
  },
  {
    strength: 'greedy',
    description: 'Plays the move with the fewest points now plus distance home after it.',
    session: (seed) => new MoreSession(greedyMoreMove, seed),
  },
];
