import { findRegistration } from '../../shared/games/registry.ts';
import type { SeatStatus } from '../../shared/tournament/types.ts';

/** Whether `game` hands a failed seat to the judge's stand-in (its module's `takeover` failure policy). */
export function hasStandIn(game: string): boolean {
  return findRegistration(game)?.module.info.failurePolicy === 'takeover';
}

/** What the note needs of one seat of a finished game. */
export interface StandInSeat {
  readonly name: string;
  readonly status: SeatStatus;
  readonly score: number;
  /**
   * The judge's stand-in for this seat (the record's `takeover`): from which ply and how many moves; null
   * when it never played for the seat, undefined when not known (the game list: see {@link standInNote}).
   */
  readonly takeover?: { readonly fromPly: number; readonly moves: number } | null | undefined;
}

/** A sentence as a message key with its values (the i18n texts are under `games.standIn.`). */
export interface StandInNote {
  readonly key: 'games.standIn.beat' | 'games.standIn.beatInList' | 'games.standIn.played';
  /** The seats' names; `failed` and `beaten` are lists of them, joined by the caller in its language. */
  readonly failed: readonly string[];
  readonly beaten: readonly string[];
  readonly move: number | null;
  readonly moves: number | null;
}

/**
 * Why the scores of a game in which a bot failed look the way they do, when its game hands a failed seat
 * to the judge's stand-in (a `takeover` failure policy): the failed bot scores 0 and the stand-in plays on,
 * and when the stand-in beats an opponent so well that it scores 0 too, the game reads "0–0, a draw",
 * right by the rules but a puzzle without this sentence. From the game viewer (the record's takeover
 * facts: `takeover` given) it also says, for any game the stand-in played on in, from which move and how
 * many moves. The game list knows only statuses and scores (`takeover` undefined): it explains only the
 * 0-scoring opponents, and only for a game with a stand-in (`standIn`). Null when there is nothing to say.
 */
export function standInNote(seats: readonly StandInSeat[], standIn: boolean): StandInNote | null {
  if (!standIn) return null;
  // A seat that failed and was played on for (when the record says so: a failure at the last move was not).
  const failed = seats.filter(
    (s) => s.status !== 'OK' && (s.takeover === undefined || (s.takeover?.moves ?? 0) > 0),
  );
  const [one] = failed;
  if (one === undefined) return null;
  const beaten = seats.filter((s) => s.status === 'OK' && s.score === 0).map((s) => s.name);
  // The move and the count are one seat's: with two failed seats the sentence names neither.
  const first = one.takeover;
  const known = first !== undefined && first !== null && failed.length === 1;
  const names = failed.map((s) => s.name);
  if (beaten.length > 0) {
    return known
      ? { key: 'games.standIn.beat', failed: names, beaten, move: first.fromPly + 1, moves: first.moves }
      : { key: 'games.standIn.beatInList', failed: names, beaten, move: null, moves: null };
  }
  if (!known) return null;
  return { key: 'games.standIn.played', failed: names, beaten, move: first.fromPly + 1, moves: first.moves };
}
