import type { PrngState } from '../../random/prng.ts';
import type { Seat } from '../types.ts';
import type { Board, Cell } from './board.ts';

/** Number of bots; seat `s` plays colour `s + 1`. */
export const BOTS = 4;

/** The most turns a game has: the game ends once this many turns were taken (8,192 per bot). */
export const TURN_LIMIT = 32_768;

/** Consecutive timeouts after which a bot is frozen. */
export const FREEZE_AFTER = 5;

/** A neutral piece is placed on an available drawn square with probability 1 / NEUTRAL_ODDS. */
export const NEUTRAL_ODDS = 16;

/** One change of one square, exactly as the update line `x y c` tells it to every bot. */
export interface Update {
  readonly x: number;
  readonly y: number;
  readonly c: Cell;
}

/**
 * A reply: move the piece on (`x0`, `y0`) to (`x1`, `y1`). Equal origin and destination mean not moving,
 * whatever the square holds.
 */
export interface FlitMove {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** The canonical not-moving move, `0 0 0 0`; any move with origin equal to destination means the same. */
export const PASS: FlitMove = { x0: 0, y0: 0, x1: 0, y1: 0 };

/** Whether `move` is a non-move (origin and destination are the same square). */
export function isPass(move: FlitMove): boolean {
  return move.x0 === move.x1 && move.y0 === move.y1;
}

/** Why a bot is frozen: 5 consecutive timeouts, or its program crashed or exited. */
export type FreezeReason = 'timeouts' | 'gone';

/**
 * What happened to one bot so far, for the record. Every turn of the bot counts in exactly one of
 * `moves`, `passes`, `invalid`, `timeouts`, `frozenTurns`, or is the turn on which it was gone.
 */
export interface SeatRecord {
  /** Turns on which it moved a piece. */
  readonly moves: number;
  /** Turns on which it answered with a non-move. */
  readonly passes: number;
  /** Turns on which its reply was unreadable or illegal (counted as not moving). */
  readonly invalid: number;
  /** Turns on which it did not answer within the time limit (counted as not moving). */
  readonly timeouts: number;
  /** Timeouts in a row up to now; reaching {@link FREEZE_AFTER} freezes the bot. */
  readonly timeoutStreak: number;
  /** Turns passed automatically because the bot was frozen. */
  readonly frozenTurns: number;
  /** Since which turn (1-based, the turn that froze it) and why the bot is frozen, or `null`. */
  readonly frozen: { readonly reason: FreezeReason; readonly turn: number } | null;
}

/** A bot's record before its first turn. */
export const FRESH_RECORD: SeatRecord = {
  moves: 0,
  passes: 0,
  invalid: 0,
  timeouts: 0,
  timeoutStreak: 0,
  frozenTurns: 0,
  frozen: null,
};

/**
 * A Flit position. Immutable: every transition makes a new state (the board is copied, 1 KiB). Whether
 * and how the game has ended follows from `counts`, `passStreak` and `turns` (see {@link findEnd}).
 */
export interface FlitState {
  readonly board: Board;
  /** Cells per value, derived from `board`: index 0 empty, 1–4 colours, 5 neutral. */
  readonly counts: readonly number[];
  /** The generator that draws the neutral pieces, as it stands after the last transition. */
  readonly rng: PrngState;
  /** Turns taken so far, including non-moves, missed turns and the turns of frozen bots. */
  readonly turns: number;
  /** The seat whose turn is next (never a frozen one while the game runs). */
  readonly next: Seat;
  /** How many turns in a row ended without a piece being moved. */
  readonly passStreak: number;
  /** One record per seat. */
  readonly seats: readonly SeatRecord[];
  /**
   * The updates made by the last transition, in the order the bots must read them: for the setup the 8
   * initial pieces; after a turn the move (origin, destination, conversions) and any new neutral piece,
   * then the same for every frozen bot's automatic turn that followed.
   */
  readonly changes: readonly Update[];
}
