import type { z } from 'zod';
import type { GameEnd } from '../../shared/games/end.ts';
import {
  moveStep,
  recordSteps,
  type RecordedMove,
  type SteppedRecord,
} from '../../shared/games/replay-steps.ts';
import type { replayStepSchema } from '../../shared/ipc/app-schemas.ts';

/**
 * A contestant's game, move by move, in the browser: what the page needs of the game record that
 * `GET /event/competitions/<id>/games/<n>` answers (electron/engine/record/schema.ts; the other seats'
 * stderr and command lines already emptied by the server), and its positions found by stepping the
 * game module through the moves, with the app's replay's one implementation (shared/games/replay-steps.ts).
 */

/** One seat of a contestant's game record (the fields the page shows). */
export interface ContestantSeat {
  readonly name: string;
  /** Null in another contestant's seat: the server empties it. */
  readonly command: readonly string[] | null;
  readonly status: string;
  readonly score: number;
  readonly stderr: { readonly shown: string; readonly full: string; readonly truncated: boolean };
}

/** One applied move of the record (shared/games/replay-steps.ts). */
export type ContestantMove = RecordedMove;

/** A game record as a contestant receives it (game, seed, board and moves: what stepping needs). */
export interface ContestantRecord extends SteppedRecord {
  readonly end: GameEnd;
  readonly durationUs: number;
  readonly seats: readonly ContestantSeat[];
  readonly moves: readonly ContestantMove[];
}

/** One position of a replay (ply 0: the opening), as the app's move list and board take it. */
export type ReplayStep = z.output<typeof replayStepSchema>;

/**
 * Every position of `record`: the opening and the state after each move (the game module's JSON), or
 * null when the page cannot step it (a game package's game, which has no module, or a record that does
 * not replay): the page then lists the moves without a board.
 */
export function contestantSteps(record: ContestantRecord): ReplayStep[] | null {
  if (record.moves.length === 0) return null;
  const steps = recordSteps(record);
  return steps.ok ? steps.value : null;
}

/** The moves alone, as steps without positions: what the page lists when it cannot step the game. */
export function moveOnlySteps(record: ContestantRecord): ReplayStep[] {
  return record.moves.map((m) => moveStep(m, null));
}

/** The seats whose stderr the contestant may see, with their numbers: their own (the server keeps their command line). */
export function ownSeats(record: ContestantRecord): { readonly i: number; readonly seat: ContestantSeat }[] {
  return record.seats.flatMap((seat, i) => (seat.command !== null ? [{ i, seat }] : []));
}
