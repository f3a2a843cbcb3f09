import type { GameRegistration } from '../registration.ts';
import { flitGame } from './index.ts';
import { flitSamples } from './samples/index.ts';
import { flitTexts } from './texts.ts';

/** Flit as the registry lists it (shared/games/registry.ts): the module, its sample bots and its texts. */
export const flitRegistration: GameRegistration = {
  module: flitGame,
  samples: flitSamples,
  texts: flitTexts,
};
