import { Prng, type Seed } from '../../random/prng.ts';
import type { Seat } from '../types.ts';
import { CELLS, cellAt, countCells } from './board.ts';
import { BOTS, FRESH_RECORD, type FlitState, type SeatRecord, type Update } from './state.ts';

/** What {@link composeState} builds a position from; everything but `pieces` has a default. */
export interface Composition {
  /** The non-empty squares (c 1–4 or 5); later entries overwrite earlier ones on the same square. */
  readonly pieces: readonly Update[];
  /** The seat to move (default 0). */
  readonly next?: Seat;
  /** Turns taken so far (default 0). */
  readonly turns?: number;
  /** Turns in a row without a move (default 0). */
  readonly passStreak?: number;
  /** The seed of the neutral-piece generator (default 0). */
  readonly seed?: Seed;
  /** Seat records to use instead of fresh ones, by seat. */
  readonly seats?: Readonly<Record<number, Partial<SeatRecord>>>;
}

/**
 * A position set up by hand, for tests, examples and debugging: the given pieces on an otherwise empty
 * board, with a fresh generator from `seed` and no pending updates. It is not checked against the rules
 * (it may hold adjacent neutral pieces); the caller must keep coordinates in 0–31.
 */
export function composeState(composition: Composition): FlitState {
  const board = new Uint8Array(CELLS);
  for (const { x, y, c } of composition.pieces) board[cellAt(x, y)] = c;
  const seats: SeatRecord[] = [];
  for (let seat = 0; seat < BOTS; seat++) seats.push({ ...FRESH_RECORD, ...composition.seats?.[seat] });
  return {
    board,
    counts: countCells(board),
    rng: Prng.fromSeed(composition.seed ?? 0).state(),
    turns: composition.turns ?? 0,
    next: composition.next ?? 0,
    passStreak: composition.passStreak ?? 0,
    seats,
    changes: [],
  };
}
