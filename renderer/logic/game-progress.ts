import type { GameId } from '../../shared/games/types.ts';
import { flitGame } from '../../shared/games/flit/index.ts';
import { TURN_LIMIT } from '../../shared/games/flit/state.ts';

/**
 * How far a running game is, for the live card of a game whose length is counted in turns and whose time
 * is charged per move (Flit: up to 32,768 turns at 50 ms each), where the seat clocks alone say nothing
 * about the game's end: the turns taken of the most, the share, and at most how long it can still take
 * at the pace so far (the game may end sooner: every bot passing, or one out of reach).
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

/** Turns taken from a Flit state's JSON (`turns`), or null when it has none. */
function flitTurns(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const turns = (state as { turns?: unknown }).turns;
  return typeof turns === 'number' && Number.isFinite(turns) && turns >= 0 ? turns : null;
}

/**
 * The progress inside a running game of `game`, or null for games whose clocks show it already (a time
 * budget per game: Less, More, 6561) and for a state that cannot be read.
 */
export function inGameProgress(
  game: GameId,
  state: unknown,
  clocksMs: readonly number[],
): GameProgress | null {
  if (game !== flitGame.info.id) return null;
  const done = flitTurns(state);
  if (done === null) return null;
  const of = TURN_LIMIT;
  const charged = clocksMs.reduce((sum, ms) => sum + ms, 0);
  const leftMs = done === 0 ? null : (charged / done) * Math.max(0, of - done);
  return { done, of, percent: Math.min(100, Math.floor((done / of) * 100)), leftMs };
}
