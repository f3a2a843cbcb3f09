import type { Seat } from '../types.ts';
import type { Colour } from './board.ts';

/** What one turn of the rhythm asks for: placing a 1-piece of a colour, or sliding the board. */
export type RhythmStep = { readonly kind: 'place'; readonly colour: Colour } | { readonly kind: 'slide' };

/**
 * The rhythm of 10 turns from the rules' table, repeated for the whole game. Players alternate, so turn
 * 1, 3, 5, 7, 9 belong to A and 2, 4, 6, 8, 10 to B.
 */
export const RHYTHM: readonly RhythmStep[] = [
  { kind: 'place', colour: 'blue' },
  { kind: 'place', colour: 'red' },
  { kind: 'place', colour: 'gray' },
  { kind: 'slide' },
  { kind: 'slide' },
  { kind: 'place', colour: 'blue' },
  { kind: 'place', colour: 'red' },
  { kind: 'place', colour: 'gray' },
  { kind: 'slide' },
  { kind: 'slide' },
];

/** The number of moves after which the game ends (100 times the rhythm). */
export const MOVE_LIMIT = 1000;

/** The 0-based position in {@link RHYTHM} of the move made after `movesMade` moves. */
export function rhythmIndex(movesMade: number): number {
  return movesMade % RHYTHM.length;
}

/** What the move made after `movesMade` moves must be. */
export function rhythmStep(movesMade: number): RhythmStep {
  return RHYTHM[rhythmIndex(movesMade)] as RhythmStep;
}

/** The seat that makes the move after `movesMade` moves: A (0) makes the odd-numbered moves. */
export function seatToMove(movesMade: number): Seat {
  return movesMade % 2;
}
