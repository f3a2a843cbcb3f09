import type { GameEndKind } from '../games/end.ts';
import type { GameId } from '../games/types.ts';

/** A bot in a tournament, by a stable id (unique in the tournament) and a display name. */
export interface Participant {
  readonly id: string;
  readonly name: string;
}

/** How a seat's program ended its game: OK, or CodeCup's status word for its failure. */
export type SeatStatus = 'OK' | 'TIMEOUT' | 'ILLEGAL' | 'CRASH' | 'EXIT';

/**
 * One game of the schedule, decided (and stored) before it is played. `index` is its place in the whole
 * schedule, from 0; the game seed derives from the tournament seed and this place, so a rerun with the
 * same bots reproduces every board and every judge decision.
 */
export interface ScheduledGame {
  readonly index: number;
  /** The stage it belongs to, such as `main`, `swiss`, `final` or `knockout`. */
  readonly stage: string;
  /** Round number within the stage, from 1. */
  readonly round: number;
  /** Participant ids in seat order. */
  readonly seats: readonly string[];
  readonly seed: number;
  /** The board string, when the game has boards (one per group set in Less). */
  readonly board: string | null;
  /** Games that belong together (a knockout match, a group set): the same key. */
  readonly match: string;
}

/** Time statistics of one seat in one game, for the per-bot time figures. */
export interface SeatTime {
  /** Time charged over the game (µs). */
  readonly chargedUs: number;
  /** The slowest single reply (µs). */
  readonly maxMoveUs: number;
  /** Timed replies. */
  readonly moves: number;
}

/** What a finished game contributes to standings, ratings and the next rounds' pairings. */
export interface GameOutcome {
  readonly index: number;
  readonly seats: readonly string[];
  readonly scores: readonly number[];
  readonly statuses: readonly SeatStatus[];
  /**
   * Each seat's win, draw or loss as published (an imported CodeCup game: the file's word, LOSE for a
   * failed seat). When present it is the result, whatever the scores say (`seatResults`): in Box a player
   * loses with 93 against an opponent who timed out with 0. Absent for a game Jury played, whose results
   * follow from its scores and statuses.
   */
  readonly results?: readonly ('WIN' | 'DRAW' | 'LOSE')[];
  readonly end: GameEndKind;
  readonly times: readonly SeatTime[];
  /** The time budget per program per game (µs), or the per-move deadline for per-move games. */
  readonly budgetUs: number;
}

/** A stage of the event with its games so far, as every scheduler sees the history. */
export interface ScheduleHistory {
  /** Every game scheduled so far, in schedule order. */
  readonly scheduled: readonly ScheduledGame[];
  /** The outcomes of the finished ones, by schedule index. */
  readonly outcomes: ReadonlyMap<number, GameOutcome>;
}

/** The context a scheduler needs: the game, the players, and the tournament seed. */
export interface ScheduleContext {
  readonly game: GameId;
  readonly seats: number;
  readonly participants: readonly Participant[];
  readonly seed: number;
  /** A board for a board index (generated from the seed or taken from a fixed list), or null. */
  readonly boardFor: (boardIndex: number) => string | null;
}

/** What a scheduler answers when asked for more games. */
export type NextGames =
  /** These games can be played now (they are stored before any starts). */
  | { readonly kind: 'games'; readonly games: readonly ScheduledGame[] }
  /** The next games depend on results not in yet: come back when the running games are done. */
  | { readonly kind: 'wait' }
  /** The schedule is complete. */
  | { readonly kind: 'done' };

/**
 * A tournament format: a small, pure scheduler. Given the history (every game scheduled so far and the
 * finished outcomes) it returns the next games, so it resumes exactly from stored state; it never keeps
 * state of its own. The same context and history always give the same answer.
 */
export interface Scheduler {
  next(context: ScheduleContext, history: ScheduleHistory): NextGames;
  /** The total number of games, exact when known in advance, otherwise the best estimate. */
  total(context: ScheduleContext, history: ScheduleHistory): number;
}
