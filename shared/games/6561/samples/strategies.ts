import type { Prng } from '../../../random/prng.ts';
import { game6561, type Move6561, type State6561 } from '../index.ts';
import { DIRECTIONS, sameBoard, slideBoard, slideLines, type Board, type Piece } from '../board.ts';

/** How a sample 6561 player picks its move (the seat to move is the player's own). */
export type Chooser6561 = (state: State6561, rng: Prng) => Move6561;

/** A uniformly random legal move. */
export const random6561Move: Chooser6561 = (state, rng) => rng.pick(game6561.legalMoves(state));

/**
 * The move with the best immediate outlook (see {@link outlook}): for a placement, how good the board
 * looks after it and after the best slide that could follow; for a slide, how good the board looks after
 * it. Ties go to chance. It looks only one move ahead and knows nothing of the partner's plans.
 */
export const greedy6561Move: Chooser6561 = (state, rng) => {
  let best: Move6561[] = [];
  let bestValue = -Infinity;
  for (const move of game6561.legalMoves(state)) {
    const after = game6561.apply(state, move);
    let value = outlook(after.board);
    // A move after which the rhythm cannot go on (no slide changes the board, or it is full when a
    // piece is due) ends the game: the score can only grow while the game lasts.
    if (game6561.end(after)?.kind === 'no-valid-move') value = -Infinity;
    else if (move.kind === 'place') {
      // A placement is judged together with the best slide after it: that is where it merges or clashes.
      for (const d of DIRECTIONS) {
        const slid = slideBoard(after.board, d);
        if (!sameBoard(slid, after.board)) value = Math.max(value, outlook(slid));
      }
    }
    if (value > bestValue) {
      bestValue = value;
      best = [];
    }
    if (value === bestValue) best.push(move);
  }
  return rng.pick(best);
};

/** What an empty field is worth: room to place the next pieces, so that the game goes on. */
const EMPTY_FIELD = 1;
/** Two equal pieces of one colour next to each other in a line: a merge waiting to happen. */
const TWIN = 2;
/** Two equal pieces of different colours next to each other: a slide that way would wipe both out. */
const CLASH = 1;

/**
 * A board's worth for the greedy player: the board sum (the score is the largest sum reached), plus
 * room, plus merges in prospect, minus clashes in prospect; the last two weighted by the pieces' value.
 */
export function outlook(board: Board): number {
  let value = 0;
  for (const piece of board) value += piece === null ? EMPTY_FIELD : piece.value;
  for (const direction of ['L', 'U'] as const) {
    for (const line of slideLines(direction)) {
      let previous: Piece | null = null;
      for (const field of line) {
        const piece = board[field] ?? null;
        if (piece === null) continue;
        if (previous !== null && previous.value === piece.value) {
          value += previous.colour === piece.colour ? TWIN * piece.value : -CLASH * piece.value;
        }
        previous = piece;
      }
    }
  }
  return value;
}
