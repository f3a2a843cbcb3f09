import type { SampleSpec } from '../../registration.ts';
import { Session6561 } from './session.ts';
import { greedy6561Move, random6561Move } from './strategies.ts';

/** 6561's sample bots, the random player first. */
export const samples6561: readonly SampleSpec[] = [
  {
    strength: 'random',
    description: 'Plays a random legal move.',
    session: (seed) => new Session6561(random6561Move, seed),
  },
  {
    strength: 'greedy',
    description: 'Plays the move after which the board looks best, one move ahead.',
    session: (seed) => new Session6561(greedy6561Move, seed),
  },
];
