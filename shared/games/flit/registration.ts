import type { GameRegistration } from '../registration.ts';
import { flitGame } from './index.ts';
import { TURN_LIMIT } from './state.ts';
import { flitSamples } from './samples/index.ts';
import { flitTexts } from './texts.ts';

/** Flit as the registry lists it (shared/games/registry.ts): the module, its sample bots and its texts. */
export const flitRegistration: GameRegistration = {
  module: flitGame,
  samples: flitSamples,
  texts: flitTexts,
  length: { turns: TURN_LIMIT, turnsTaken },
  // What a game of the sample bots adds to a store: one of 32,768 turns is 864 KB packed (16.5 MB of JSON).
  storedBytes: 900_000,
};

/** Turns taken from a Flit state's JSON (`turns`), or null when it has none. */
function turnsTaken(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const turns = (state as { turns?: unknown }).turns;
  return typeof turns === 'number' && Number.isFinite(turns) && turns >= 0 ? turns : null;
}
