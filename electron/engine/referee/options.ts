import type { AnyGameModule, Seat, TimeControl } from '../../../shared/games/types.ts';
import type { LimitsReport } from '../process/limits.ts';
import type { MoveRecord } from '../record/schema.ts';
import type { TimingMode } from '../timing/time-keeper.ts';
import type { Failure } from './failure.ts';

/**
 * What a caller can watch while a game runs (live boards, progress). Listeners must be quick; they hear
 * of a move (or a failure) once the next prompt is written, so that they never delay it.
 */
export type RefereeEvent =
  | {
      readonly kind: 'move';
      readonly ply: number;
      readonly seat: Seat;
      readonly line: string;
      readonly by: MoveRecord['by'];
      readonly chargedUs: number | null;
      /** The game state after the move (pass it back only to the same game module). */
      readonly state: unknown;
    }
  | { readonly kind: 'failure'; readonly seat: Seat; readonly failure: Failure };

/** How to referee one game. */
export interface RefereeOptions {
  readonly game: AnyGameModule;
  readonly seed: number;
  /** A board string to play on instead of the one generated from the seed. */
  readonly board?: string;
  readonly timing: TimingMode;
  /**
   * Overrides the game's own time control. It changes only how time is charged: what follows a failure
   * (takeover or missed turn) is always the game's failure policy.
   */
  readonly control?: TimeControl;
  /** How long a program may take to exit after its last line (Quit) before it is killed (default 1000 ms). */
  readonly graceMs?: number;
  /** Per-move controls: extra time for each program's first reply, for process start-up (default 2000 ms). */
  readonly startupAllowanceMs?: number;
  /** The resource limits the programs run under, for the record. */
  readonly limits?: LimitsReport | null;
  readonly onEvent?: (event: RefereeEvent) => void;
}
