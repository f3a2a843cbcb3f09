import type { GameEnd } from '../end.ts';
import type { Seat } from '../types.ts';
import { block, type WallGrid } from '../walls/grid.ts';

/** More is played on 6×6 squares: rows a–f from the top, columns 1–6 from the left. */
export const SIZE = 6;

/** The board of Figure 1 of the rules text (also the board of its dialogue example). */
export const SAMPLE_BOARD = '010200100010010100110001000011000010000000000101010100100000';

/** Seat 0 is White (moves first), seat 1 is Black, as the rules name them. */
export const WHITE: Seat = 0;
/** See {@link WHITE}. */
export const BLACK: Seat = 1;

/** The seat names, in playing order. */
export const SEAT_NAMES: readonly string[] = ['White', 'Black'];

/** Each seat's start corner: White e5 e6 f5 f6 (bottom right), Black a1 a2 b1 b2 (top left). */
export const START_SQUARES: readonly (readonly number[])[] = [block(SIZE, 4, 4), block(SIZE, 0, 0)];

/** Each seat's target corner: the other seat's start corner. */
export const TARGET_SQUARES: readonly (readonly number[])[] = [block(SIZE, 0, 0), block(SIZE, 4, 4)];

/** After this many moves of both players together the game is cut off (issue 2, section 3). */
export const MOVE_LIMIT = 80;

/** One value per seat, indexed by {@link Seat}. */
export type PerSeat<T> = readonly [T, T];

/**
 * A move, exactly what one reply line such as `a1c1` means: the stone on square `from` goes to square
 * `to` (0-based indices `row * 6 + column`). Whether it is a step or a jump follows from the squares.
 */
export interface MoreMove {
  readonly from: number;
  readonly to: number;
}

/**
 * A More position. `board`, `stones`, `moves` and `penalties` are the facts; `toAct`, `end` and
 * `remaining` follow from them (see rules.ts `settle`) and are kept so that nobody recomputes the
 * end-of-game distances, which take a search.
 */
export interface MoreState {
  /** The board string as the programs read it. */
  readonly board: string;
  /** `board`, parsed. */
  readonly grid: WallGrid;
  /** The squares of each seat's four stones; a moved stone keeps its place in the list. */
  readonly stones: PerSeat<readonly number[]>;
  /** Moves made by each seat. */
  readonly moves: PerSeat<number>;
  /** Penalty points of each seat: 1 per single wall and 2 per double wall stepped across. */
  readonly penalties: PerSeat<number>;
  /** The seat to move, or `null` when the game is over. */
  readonly toAct: Seat | null;
  /** How the game ended, or `null` while it runs. */
  readonly end: GameEnd | null;
  /**
   * Points charged at the end to each seat that was not home (cut-off or stuck end): the minimum moves
   * plus penalties to bring its stones home alone on the board. Zero while the game runs.
   */
  readonly remaining: PerSeat<number>;
}

/** The value of `seat` in a per-seat pair. */
export function forSeat<T>(pair: PerSeat<T>, seat: Seat): T {
  return seat === WHITE ? pair[0] : pair[1];
}

/** A copy of `pair` with the value of `seat` replaced. */
export function withSeat<T>(pair: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  return seat === WHITE ? [value, pair[1]] : [pair[0], value];
}

/** The other seat. */
export function opponent(seat: Seat): Seat {
  return seat === WHITE ? BLACK : WHITE;
}

/** Whether all four stones of `seat` stand in its target corner. */
export function isHome(stones: PerSeat<readonly number[]>, seat: Seat): boolean {
  const targets = TARGET_SQUARES[seat] as readonly number[];
  return forSeat(stones, seat).every((sq) => targets.includes(sq));
}

/** The seat whose stone stands on `square`, or `null` when it is empty. */
export function ownerOf(state: Pick<MoreState, 'stones'>, square: number): Seat | null {
  if (state.stones[0].includes(square)) return WHITE;
  if (state.stones[1].includes(square)) return BLACK;
  return null;
}

/** A seat's points: moves plus penalties plus, after a cut-off or stuck end, its remaining points. */
export function points(state: MoreState, seat: Seat): number {
  return forSeat(state.moves, seat) + forSeat(state.penalties, seat) + forSeat(state.remaining, seat);
}
