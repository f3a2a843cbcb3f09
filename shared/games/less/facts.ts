import type { Seat } from '../types.ts';

/**
 * The fixed facts of Less (CodeCup 2017) as Jury plays it: seats, corners and limits. Squares are 0-based
 * indexes `row * 8 + col` with row a at the top and column 1 at the left, as in shared/games/walls/grid.ts.
 */

/** The board is 8 × 8 squares. */
export const SIZE = 8;

/** Seat names in playing order, exactly as the protocol spells the colour words. */
export const SEAT_NAMES: readonly string[] = ['Yellow', 'Black', 'White', 'Red'];

/** One letter per seat for pictures: Y, B, W, R. */
export const SEAT_LETTERS: readonly string[] = ['Y', 'B', 'W', 'R'];

/** The two teams: Yellow + White (team 0) and Black + Red (team 1). */
export const TEAMS: readonly (readonly Seat[])[] = [
  [0, 2],
  [1, 3],
];

/**
 * Where each seat's four pieces start, ascending: Yellow g1 g2 h1 h2, Black a1 a2 b1 b2, White g7 g8 h7 h8,
 * Red a7 a8 b7 b8.
 */
export const START_SQUARES: readonly (readonly number[])[] = [
  [48, 49, 56, 57],
  [0, 1, 8, 9],
  [54, 55, 62, 63],
  [6, 7, 14, 15],
];

/** Each seat's target: the 2×2 corner diagonally opposite its start (which is where the seat 3 − s starts). */
export const TARGET_SQUARES: readonly (readonly number[])[] = [0, 1, 2, 3].map(
  (seat) => START_SQUARES[3 - seat] as readonly number[],
);

/** Points in one turn; a move costing more than the points left is illegal. */
export const TURN_POINTS = 3;

/** Normal turns per player; a player due for turn 21 rushes home instead. */
export const TURN_LIMIT = 20;

/**
 * Jury's cap on one player's final rush (the rules set none): a player whose four pieces are not home
 * after this many rush moves has failed the rush. The judge then finishes it with a cheapest plan (its
 * points are charged to the team) and the player scores 0. A sensible rush needs well under 60 moves.
 */
export const RUSH_MOVE_LIMIT = 100;

/** The sample board string of the rules text (its Figure 1). */
export const SAMPLE_BOARD =
  '0100000010000020000101001211000110000010010000101000000000010001101010001001000010000000000000100000101011001010';

/** The partner of a seat: Yellow ↔ White, Black ↔ Red. */
export function partnerOf(seat: Seat): Seat {
  return (seat + 2) % 4;
}

/** The team index (0 Yellow + White, 1 Black + Red) of a seat. */
export function teamOf(seat: Seat): number {
  return seat % 2;
}
