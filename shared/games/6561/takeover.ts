import { deriveSeed, Prng, type Seed } from '../../random/prng.ts';
import { legalMoves } from './rules.ts';
import type { Move6561, State6561 } from './state.ts';

/**
 * The judge's player for a failed program: a uniformly random legal move, drawn from a generator seeded
 * with the game seed and the number of the move, so that replaying a game reproduces every takeover move.
 * The caller must only call it while the game runs (there is then always a legal move).
 */
export function takeoverMove(state: State6561, seed: Seed): Move6561 {
  const moves = legalMoves(state);
  if (moves.length === 0)
    throw new Error(`6561 takeover called after the end of the game (move ${state.moves})`);
  return Prng.fromSeed(deriveSeed(seed, state.moves + 1)).pick(moves);
}
