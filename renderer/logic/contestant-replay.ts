import type { z } from 'zod';
import type { GameEnd } from '../../shared/games/end.ts';
import type { MissedTurnCause } from '../../shared/games/types.ts';
import { findGame } from '../../shared/games/registry.ts';
import type { replayStepSchema } from '../../shared/ipc/app-schemas.ts';

/**
 * A contestant's game, move by move, in the browser: what the page needs of the game record that
 * `GET /event/competitions/<id>/games/<n>` answers (electron/engine/record/schema.ts; the other seats'
 * stderr and command lines already emptied by the server), and its positions found by stepping the
 * game module through the moves, as the app's replay does (electron/app/tournaments/replay.ts).
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

/** One applied move of the record. */
export interface ContestantMove {
  readonly ply: number;
  readonly seat: number;
  readonly line: string;
  readonly by: 'bot' | 'takeover' | 'missed';
  readonly cause?: MissedTurnCause;
  readonly chargedUs?: number;
}

/** A game record as a contestant receives it. */
export interface ContestantRecord {
  readonly game: string;
  readonly seed: number;
  readonly board: string | null;
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
  const game = findGame(record.game);
  if (!game || record.moves.length === 0) return null;
  const setup = game.setup(
    record.board === null ? { seed: record.seed } : { seed: record.seed, board: record.board },
  );
  if (!setup.ok) return null;
  let state: unknown = setup.value;
  const steps: ReplayStep[] = [
    { ply: 0, seat: null, line: null, by: null, state: game.toJson(state), chargedMs: null },
  ];
  for (const m of record.moves) {
    if (game.toAct(state) !== m.seat) return null;
    if (m.by === 'missed') {
      if (!game.missedTurn || !m.cause) return null;
      state = game.missedTurn(state, m.cause);
    } else {
      const parsed = game.parseReply(state, m.line);
      if (!parsed.ok || game.checkMove(state, parsed.value) !== null) return null;
      state = game.apply(state, parsed.value);
    }
    steps.push({
      ply: m.ply + 1,
      seat: m.seat,
      line: m.line === '' ? null : m.line,
      by: m.by,
      state: game.toJson(state),
      chargedMs: m.chargedUs === undefined ? null : m.chargedUs / 1000,
    });
  }
  return steps;
}

/** The moves alone, as steps without positions: what the page lists when it cannot step the game. */
export function moveOnlySteps(record: ContestantRecord): ReplayStep[] {
  return record.moves.map((m) => ({
    ply: m.ply + 1,
    seat: m.seat,
    line: m.line === '' ? null : m.line,
    by: m.by,
    state: null,
    chargedMs: m.chargedUs === undefined ? null : m.chargedUs / 1000,
  }));
}

/** The seats whose stderr the contestant may see, with their numbers: their own (the server keeps their command line). */
export function ownSeats(record: ContestantRecord): { readonly i: number; readonly seat: ContestantSeat }[] {
  return record.seats.flatMap((seat, i) => (seat.command !== null ? [{ i, seat }] : []));
}
