import type { GameRegistration } from '../registration.ts';
import { lessGame } from './index.ts';
import { lessSamples } from './samples/index.ts';
import { lessTexts } from './texts.ts';

/** Less as the registry lists it (shared/games/registry.ts): the module, its sample bots and its texts. */
export const lessRegistration: GameRegistration = {
  module: lessGame,
  samples: lessSamples,
  texts: lessTexts,
  // What a game of the sample bots adds to a store: about 4 KB packed (25 KB of JSON).
  storedBytes: 5_000,
};
