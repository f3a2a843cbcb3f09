import type { Seat } from './types.ts';

/**
 * Every way a game can end, as one closed union over all games. Standings, exports and the UI switch over
 * `kind` exhaustively (see {@link describeEnd}); a new way to end is added here first, and the compiler
 * then lists every place that must learn about it.
 */
export type GameEnd =
  /** Less and More: every piece of every player reached its target corner in normal play. */
  | { readonly kind: 'all-home' }
  /** Less: the 20-turn limit sent the unfinished players into the final rush, and it was completed. */
  | { readonly kind: 'turn-limit-rush' }
  /** Less: `seat` had no legal move, so every unfinished player rushed home. */
  | { readonly kind: 'stuck-rush'; readonly seat: Seat }
  /** More: `seat` had no legal move, so the game stopped and unfinished players were charged as at the cut-off. */
  | { readonly kind: 'stuck-cutoff'; readonly seat: Seat }
  /** More: the 80-move cut-off; unfinished players were charged their minimum remaining points. */
  | { readonly kind: 'move-cutoff'; readonly moves: number }
  /** 6561 (1000 moves) and Flit (32,768 turns): the game's length limit was reached. */
  | { readonly kind: 'move-limit'; readonly moves: number }
  /** 6561: `seat` had to move but no valid move existed (board full for a placement, or no slide changes it). */
  | { readonly kind: 'no-valid-move'; readonly seat: Seat }
  /** Flit: all four bots did not move on consecutive turns. */
  | { readonly kind: 'all-passed' }
  /** Flit: `seat` has more pieces than any other bot could still reach. */
  | { readonly kind: 'out-of-reach'; readonly seat: Seat }
  /**
   * A game package: its referee reported the result (`M report <scores> <message>`); `message` is the
   * referee's own words, as it wrote them ("" when it wrote none).
   */
  | { readonly kind: 'referee-report'; readonly message: string }
  /**
   * A game package: its referee failed before it reported a result, so the game has none (a tournament
   * does not count it: see docs/caia.md). `reason` is one English sentence.
   */
  | { readonly kind: 'referee-failed'; readonly cause: RefereeFailureCause; readonly reason: string };

/**
 * Why a game package's referee gave no result: an unreadable report, a command it may not send (or a
 * line Jury cannot read), it exited or crashed, Jury's watchdog stopped it, or Jury stopped the game.
 */
export type RefereeFailureCause = (typeof REFEREE_FAILURE_CAUSES)[number];

/** Every {@link RefereeFailureCause}, for schemas. */
export const REFEREE_FAILURE_CAUSES = ['bad-report', 'protocol', 'exited', 'watchdog', 'aborted'] as const;

/** Each {@link RefereeFailureCause}'s key in the texts of people (`badReport` …). */
export const REFEREE_CAUSE_KEYS = {
  'bad-report': 'badReport',
  protocol: 'protocol',
  exited: 'exited',
  watchdog: 'watchdog',
  aborted: 'aborted',
} as const satisfies Record<RefereeFailureCause, string>;

/** The `kind` of every {@link GameEnd}. */
export type GameEndKind = GameEnd['kind'];

/**
 * A one-line English description of how a game ended, with seat names filled in. `judgeFrom` tells, for a
 * seat whose moves the judge was making (a takeover after its bot failed), the move it took over from:
 * a 6561 game that ends for want of a valid move on that seat's turn then says so, as its bot did not fail
 * to find one.
 */
export function describeEnd(
  end: GameEnd,
  seatNames: readonly string[],
  judgeFrom: (seat: Seat) => number | null = () => null,
): string {
  const name = (seat: Seat): string => seatNames[seat] ?? `seat ${seat + 1}`;
  switch (end.kind) {
    case 'all-home':
      return 'all pieces reached their target corners';
    case 'turn-limit-rush':
      return 'turn limit reached; unfinished players rushed home';
    case 'stuck-rush':
      return `${name(end.seat)} had no legal move; unfinished players rushed home`;
    case 'stuck-cutoff':
      return `${name(end.seat)} had no legal move; remaining distances were added`;
    case 'move-cutoff':
      return `cut off after ${end.moves} moves; remaining distances were added`;
    case 'move-limit':
      return `move limit of ${end.moves} reached`;
    case 'no-valid-move': {
      const from = judgeFrom(end.seat);
      return from === null
        ? `${name(end.seat)} had no valid move`
        : `no valid move was left on ${name(end.seat)}'s turn, which the judge was playing since move ${from}`;
    }
    case 'all-passed':
      return 'all four bots did not move in a row';
    case 'out-of-reach':
      return `${name(end.seat)} could no longer be caught`;
    case 'referee-report':
      return end.message === '' ? 'the referee reported the result' : `the referee reported: ${end.message}`;
    case 'referee-failed':
      return `no result: ${end.reason}`;
  }
}
