import type { SampleSpec } from '../../registration.ts';
import { FlitSession } from './session.ts';
import { greedyFlitMove, randomFlitMove } from './strategies.ts';

/** Flit's sample bots, the random player first. */
export const flitSamples: readonly SampleSpec[] = [
  {
    strength: 'random',
    description: 'Moves a random piece to a random cell it may go to.',
    session: (seed) => new FlitSession(randomFlitMove, seed),
  },
  {
    strength: 'greedy',
    description: 'Converts neutral pieces, else moves towards the nearest one, else stays.',
    session: (seed) => new FlitSession(greedyFlitMove, seed),
  },
];
