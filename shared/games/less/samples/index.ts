import type { SampleSpec } from '../../registration.ts';
import { LessSession } from './session.ts';
import { greedyLessTurn, randomLessTurn } from './strategies.ts';

/**
 * Less's sample bots, the random player first. Both rush home along a cheapest plan: wandering at random
 * would hit the rush's move cap and score 0.
 */
export const lessSamples: readonly SampleSpec[] = [
  {
    strength: 'random',
    description: 'Plays a random legal turn; rushes home along a cheapest plan.',
    session: (seed) => new LessSession(randomLessTurn, seed),
  },
  {
    strength: 'greedy',
    description: 'Plays the turn that brings its team closest to home; rushes home along a cheapest plan.',
    session: (seed) => new LessSession(greedyLessTurn, seed),
  },
];
