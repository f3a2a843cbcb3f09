import type { GameId } from '../../shared/games/types.ts';
import { findGameDriver } from '../../shared/games/driver.ts';

/**
 * How far a running game is, for the live card of a game whose driver gives its length in turns (Flit:
 * up to 32,768 turns at 50 ms each), where the seat clocks alone say nothing about the game's end: the
 * turns taken of the most, the share, and at most how long it can still take at the pace so far (the
 * game may end sooner: every bot passing, or one out of reach).
 */

/** A running game's progress. */
export interface GameProgress {
  readonly done: number;
  readonly of: number;
  /** 0 … 100, rounded down (100 only at the limit). */
  readonly percent: number;
  /** At most this long still, at the time charged per turn so far; null before the first turn. */
  readonly leftMs: number | null;
}

/**
 * The progress inside a running game of `game`, or null for games without a length in turns (their clocks
 * show it: a time budget per game, as Less, More and 6561) and for a state that cannot be read.
 */
export function inGameProgress(
  game: GameId,
  state: unknown,
  clocksMs: readonly number[],
): GameProgress | null {
  const length = findGameDriver(game)?.length;
  if (!length) return null;
  const done = length.turnsTaken(state);
  if (done === null) return null;
  const of = length.turns;
  const charged = clocksMs.reduce((sum, ms) => sum + ms, 0);
  const leftMs = done === 0 ? null : (charged / done) * Math.max(0, of - done);
  return { done, of, percent: Math.min(100, Math.floor((done / of) * 100)), leftMs };
}
