import type { GameRegistration } from '../registration.ts';
import { moreGame } from './index.ts';
import { moreSamples } from './samples/index.ts';
import { moreTexts } from './texts.ts';

/** More as the registry lists it (shared/games/registry.ts): the module, its sample bots and its texts. */
export const moreRegistration: GameRegistration = {
  module: moreGame,
  samples: moreSamples,
  texts: moreTexts,
  // What a game of the sample bots adds to a store: about 4 KB packed (17 to 23 KB of JSON).
  storedBytes: 5_000,
};
