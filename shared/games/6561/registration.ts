import type { GameRegistration } from '../registration.ts';
import { game6561 } from './index.ts';
import { samples6561 } from './samples/index.ts';
import { texts6561 } from './texts.ts';

/** 6561 as the registry lists it (shared/games/registry.ts): the module, its sample bots and its texts. */
export const registration6561: GameRegistration = {
  module: game6561,
  samples: samples6561,
  texts: texts6561,
  // What a game of the sample bots adds to a store: 1,000 moves are 29 to 31 KB packed (240 KB of JSON).
  storedBytes: 32_000,
};
