import type { GameEnd } from './end.ts';
import type { InputError, Result } from './result.ts';
import type { Seed } from '../random/prng.ts';
import type { BuiltInGameId } from './registry.ts';

/** A seat at the table: a 0-based index into {@link GameInfo.seatNames}. Seat 0 moves first. */
export type Seat = number;

/**
 * The identifier of a game: a built-in one (a folder under shared/games/, listed once in registry.ts) or
 * one added at run time with `registerGame` (a test game now, CodeCup game packages later).
 *
 * Why two parts: data every built-in game must have (a board component, a colour table) is typed
 * `Record<BuiltInGameId, X>`, so the compiler refuses a table that misses a game; code that only passes a
 * game along (configs, stores, records, standings) takes a `GameId`, and so takes a registered game too.
 * A registered id is a branded string: a plain string becomes a `GameId` only through the registry's
 * checks (`isGameId`, `gameIdSchema`, `registerGame`), never by accident. Look its module up with
 * `gameModule(id)` (a record indexed by a `GameId` cannot promise an entry).
 */
export type GameId = BuiltInGameId | RegisteredGameId;

declare const registeredGame: unique symbol;

/** The id of a game added with `registerGame` (see {@link GameId}). */
export type RegisteredGameId = string & { readonly [registeredGame]: true };

/** A JSON value, for serialised states and records. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * How a program's thinking time is limited. Running out of time is a timeout failure; what follows from
 * it (the takeover player, or a missed turn) is the game's {@link FailurePolicy}, never the control's kind.
 * - `game-total`: one budget per program per game (Less and More 30 s, 6561 60 s).
 * - `per-move`: a deadline per prompt (Flit 50 ms); a late reply is discarded when it arrives. After
 *   `freezeAfter` consecutive late turns the game's own rules stop prompting the program (Flit).
 */
export type TimeControl =
  | { readonly kind: 'game-total'; readonly budgetMs: number }
  | { readonly kind: 'per-move'; readonly deadlineMs: number; readonly freezeAfter: number };

/**
 * What the referee does when a program fails (crash, timeout, illegal or unreadable reply), whatever the
 * time control:
 * - `takeover`: the program scores 0 and the module's {@link GameModuleBase.takeover} plays its seat to
 *   the end ({@link TakeoverGameModule});
 * - `missed-turn`: the turn counts as not moving ({@link MissedTurnGameModule.missedTurn}) and the game
 *   goes on; a program that is gone (crashed, exited or never started) misses every turn after.
 */
export type FailurePolicy = 'takeover' | 'missed-turn';

/** Why a `missed-turn` game records a turn without a move from the program. */
export type MissedTurnCause = 'timeout' | 'invalid' | 'gone';

/** The static facts of a game. */
export interface GameInfo {
  readonly id: GameId;
  readonly title: string;
  /** 2 or 4. */
  readonly seats: number;
  /** One name per seat, in playing order, exactly as the protocol spells them where it does. */
  readonly seatNames: readonly string[];
  /** Seats that share a score, one array per team; one seat per team when everybody plays alone. */
  readonly teams: readonly (readonly Seat[])[];
  /** Both players always receive the same score (6561). */
  readonly cooperative: boolean;
  readonly timeControl: TimeControl;
  readonly failurePolicy: FailurePolicy;
  /** Whether the game is played on a board string that can be given or generated (Less, More). */
  readonly hasBoard: boolean;
  /** The smallest and largest score a seat can get (6561: the maximum board sum is open-ended). */
  readonly scoreRange: { readonly min: number; readonly max: number | null };
  /** Short sentence naming the rules version, for records and the UI. */
  readonly rulesVersion: string;
}

/**
 * What every game, with a module or from a game package, tells about itself: its {@link GameInfo} without
 * the failure policy (a package's referee decides what a failure costs). Standings, exports and the UI
 * take these (the registry's `gameInfo`); only what plays or replays a game needs its module.
 */
export type GameFacts = Omit<GameInfo, 'failurePolicy'>;

/** How to set a game up: the game seed drives every random event; `board` replaces the generated one. */
export interface SetupOptions {
  readonly seed: Seed;
  readonly board?: string;
}

/** One line the referee must write to one seat's standard input (without the newline). */
export interface Delivery {
  readonly seat: Seat;
  readonly line: string;
  /** This is the last line this seat will receive (Quit): afterwards it is expected to exit. */
  readonly last?: boolean;
}

/**
 * What every game module fulfils, whatever its failure policy. `S` is the game state: immutable (every
 * function returns a new one and never changes its argument) and cheap to copy. `M` is a move: exactly what one reply line of
 * the acting program means (Less: a whole turn, or one rush step; 6561: a placement or a slide).
 *
 * The referee's loop is: `setup`, write `opening`; then while `toAct` is not null: read a line from that
 * seat, `parseReply`, `checkMove`, `apply`, write `afterMove`. A failed seat is played by `takeover`
 * (policy `takeover`) or gets `missedTurn` and `afterMissedTurn` (policy `missed-turn`). When `end` is
 * set, the referee closes every seat's input, whether or not a line was marked `last`.
 *
 * A module is one of the two kinds of {@link GameModule}: its `info.failurePolicy` says which, and the
 * type holds it to the members that policy needs.
 */
export interface GameModuleBase<S, M> {
  readonly info: GameInfo;

  /** A fresh board string from a seed; `null` for games without a board string. */
  generateBoard(seed: Seed): string | null;
  /** The initial state. Fails with a clear error when `options.board` is not a valid board string. */
  setup(options: SetupOptions): Result<S, InputError>;

  /** The seat that must act now, or `null` when the game is over. */
  toAct(state: S): Seat | null;
  /** Every legal move of the acting seat (empty when the game is over). Used by tests and players. */
  legalMoves(state: S): readonly M[];
  /** `null` when `move` is legal for the acting seat, otherwise the precise reason it is not. */
  checkMove(state: S, move: M): string | null;
  /** The state after a legal move by the acting seat. The caller must have checked the move. */
  apply(state: S, move: M): S;
  /** How the game ended, or `null` while it is running. */
  end(state: S): GameEnd | null;
  /**
   * Seats the game's own rules have failed (Less: not home within the rush's move cap), each with the
   * reason, or null. Those seats score 0 by the rules already; the referee records them as failures.
   */
  ruleFailures?(state: S): readonly (string | null)[];
  /**
   * The final score of every seat. `failed[seat]` marks programs that failed (they score 0 under the
   * `takeover` policy while the others score normally). Only meaningful when {@link GameModuleBase.end} is set.
   */
  scores(state: S, failed: readonly boolean[]): readonly number[];

  /** The judge's deterministic player for the acting seat: the same state and seed give the same move. */
  takeover(state: S, seed: Seed): M;

  /** The lines each seat reads before the first reply is expected, in the order they must be written. */
  opening(state: S): readonly Delivery[];
  /**
   * The lines to write after `move` turned `before` into `after`, in order: the move as the other seats
   * must read it, prompts, Nil and Move lines, and Quit lines (marked `last`) for seats that are done.
   */
  afterMove(before: S, move: M, after: S): readonly Delivery[];
  /** Parses one reply line of the acting seat into a move, or says precisely why it cannot. */
  parseReply(state: S, line: string): Result<M, InputError>;
  /** A move as the acting program would write it; `parseReply` of it gives the same move back. */
  formatMove(move: M): string;

  /** A JSON form of the state; {@link GameModuleBase.fromJson} of it gives an equal state. */
  toJson(state: S): Json;
  /** Restores a state from {@link GameModuleBase.toJson}, validating it. */
  fromJson(json: unknown): Result<S, InputError>;
  /** A multi-line text picture of the position, for transcripts and debugging. */
  render(state: S): string;
}

/**
 * A game whose failed programs are replaced by the takeover player (Less, More, 6561). It has no missed
 * turns: `missedTurn` and `afterMissedTurn` must be absent, so nobody can ask it for one.
 */
export interface TakeoverGameModule<S, M> extends GameModuleBase<S, M> {
  readonly info: GameInfo & { readonly failurePolicy: 'takeover' };
  readonly missedTurn?: never;
  readonly afterMissedTurn?: never;
}

/** A game where a failed turn counts as not moving and the program plays on (Flit). */
export interface MissedTurnGameModule<S, M> extends GameModuleBase<S, M> {
  readonly info: GameInfo & { readonly failurePolicy: 'missed-turn' };
  /** The state after the acting seat's turn passed without a move (`cause` says why). */
  missedTurn(state: S, cause: MissedTurnCause): S;
  /** The lines to write after `missedTurn` turned `before` into `after`, as {@link GameModuleBase.afterMove}. */
  afterMissedTurn(before: S, after: S): readonly Delivery[];
}

/**
 * The contract every game module fulfils: one of the two kinds, by its failure policy. To reach the
 * missed-turn members, narrow with {@link isMissedTurnGame} (TypeScript cannot narrow on
 * `info.failurePolicy`).
 */
export type GameModule<S, M> = TakeoverGameModule<S, M> | MissedTurnGameModule<S, M>;

/**
 * A game module with its state and move types hidden, as the registry and the referee hold it. States and
 * moves that come from one module must only ever be passed back to that same module.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- existential type: see the TSDoc above
export type AnyGameModule = GameModule<any, any>;

/**
 * Whether `game`'s failure policy is `missed-turn`, narrowing it so its `missedTurn` and
 * `afterMissedTurn` can be called. Decide about missed turns with this, never with the time control.
 */
export function isMissedTurnGame<S, M>(game: GameModule<S, M>): game is MissedTurnGameModule<S, M> {
  return game.info.failurePolicy === 'missed-turn';
}
