import type { SeatStatus } from '../../../shared/tournament/types.ts';
import type { ExitInfo, PlayerChannel, StderrCapture } from '../channel.ts';
import type { Failure } from '../referee/failure.ts';
import type { TimingMode } from '../timing/time-keeper.ts';
import type { VerdictOption } from '../../../shared/games/packages/verdict-option.ts';
import type { CaiaReport } from './report.ts';
import type { SeatVerdict } from './verdict.ts';

/** How to host one game between a Caia referee and its players (all already started by the caller). */
export interface CaiaGameOptions {
  /** The referee's channel: its standard output is read as lines, its standard input gets the replies. */
  readonly referee: PlayerChannel;
  /** Player k (1-based, as the referee numbers them) is `players[k - 1]`. */
  readonly players: readonly PlayerChannel[];
  /** Each player's time budget for the whole game, in ms, before the time factor. */
  readonly budgetMs: number;
  /** caiaio's time factor (cpu_speed gamepc / mypc): budgets are multiplied by it (default 1). */
  readonly timeFactor?: number;
  /** `official` (default): wall-clock waiting time, as caiaio; `cpu`: the player's CPU time. */
  readonly mode?: TimingMode;
  /** The monotonic clock in microseconds (default: the channels' {@link monotonicUs}). */
  readonly clock?: () => number;
  /** Stop every other player while one is listened to (Jury's official mode; caiaio does not). */
  readonly suspendOthers?: boolean;
  /** The whole game's wall-time limit (default: every player's budget plus 60 s). */
  readonly watchdogMs?: number;
  /** How long the referee may stay silent while no player is listened to (default 60 s). */
  readonly idleMs?: number;
  /** After the report, how long the referee may go on (its last lines, `Quit`s) and take to exit (default 1 s). */
  readonly graceMs?: number;
  /**
   * How the referee words each player's verdict in its report message (the manifest's `verdict`;
   * default `codecup`, CodeCup's `PLAYER_1:_ILLEGAL;_PLAYER_2:_WIN`): a failure it names is the status
   * of a player that got no tag (verdict.ts).
   */
  readonly verdict?: VerdictOption;
  /** Ends the game at once (the tournament was stopped): the end is `aborted`. */
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: CaiaEvent) => void;
}

/** One line of the game's dialogue. */
export interface CaiaLine {
  /** Microseconds since the game started. */
  readonly t: number;
  /** 0 for the referee, k for player k. */
  readonly program: number;
  /** `in`: written to the program's standard input; `out`: read from its standard output. */
  readonly dir: 'in' | 'out';
  readonly text: string;
  /** A referee line that went nowhere (an unknown first word, a player number out of range). */
  readonly ignored?: true;
}

/** What a caller can watch while the game runs (live transcript). Listeners must be quick. */
export type CaiaEvent =
  | { readonly kind: 'line'; readonly line: CaiaLine }
  /** Player `player` failed for the first time: the referee was sent `tag`. */
  | { readonly kind: 'failure'; readonly player: number; readonly tag: string; readonly failure: Failure };

/** How a hosted game ended. Only `reported` has a result; every other kind is the referee's failure. */
export type CaiaEnd =
  | ({ readonly kind: 'reported' } & CaiaReport)
  /** The referee's `M report …` could not be read. */
  | { readonly kind: 'bad-report'; readonly line: string; readonly reason: string }
  /** The referee sent a command it may not send, or a line Jury cannot read: caiaio stops there too. */
  | { readonly kind: 'referee-error'; readonly line: string; readonly reason: string }
  /** The referee exited (or closed its output) without reporting. */
  | { readonly kind: 'referee-exited'; readonly exit: ExitInfo | null }
  /** The referee went silent too long (`idle`) or the game outlasted its limit (`total`). */
  | { readonly kind: 'watchdog'; readonly limit: 'idle' | 'total'; readonly afterUs: number }
  /** Jury stopped the game (options.signal). */
  | { readonly kind: 'aborted' };

/** The first tag a player's failure made Jury send, and at which of its listens (0-based). */
export interface CaiaTag {
  readonly tag: string;
  readonly listen: number;
  readonly t: number;
}

/** One player's part of a hosted game. */
export interface CaiaPlayerResult {
  /** 1-based, as the referee numbers it. */
  readonly number: number;
  /**
   * CodeCup's status: the word of the failure behind the first tag the referee was sent, else a failure
   * the referee's report names for it (ILLEGAL for an illegal move), else OK ({@link SeatVerdict}).
   */
  readonly status: SeatStatus;
  /** The referee's word, caiaio's tag and which of the two decided {@link status}. */
  readonly verdict: SeatVerdict;
  /** Why the first tag was sent, in Jury's failure terms (null: the referee never got a tag for it). */
  readonly failure: Failure | null;
  readonly firstTag: CaiaTag | null;
  /** How many tags the referee got for it in all (a sticky timeout repeats). */
  readonly tags: number;
  /** Charged, wall and CPU microseconds over its listens, how many listens waited, and the longest charge. */
  readonly time: {
    readonly chargedUs: number;
    readonly wallUs: number;
    readonly cpuUs: number;
    readonly listens: number;
    readonly maxChargedUs: number;
  };
  /** Its standard error (the first 10,000 characters are what CodeCup shows). */
  readonly stderr: StderrCapture;
  readonly exit: ExitInfo | null;
}

/** Everything a hosted game produced. */
export interface CaiaGameResult {
  readonly end: CaiaEnd;
  readonly players: readonly CaiaPlayerResult[];
  readonly referee: { readonly exit: ExitInfo | null; readonly stderr: StderrCapture };
  /** Lines the referee sent the manager other than the report (`M …`). */
  readonly managerLines: readonly string[];
  readonly transcript: readonly CaiaLine[];
  readonly durationUs: number;
  /** Each player's budget after the time factor, in microseconds. */
  readonly limitUs: number;
  readonly timeFactor: number;
  /** Whether the referee still held the lock when the game ended. */
  readonly lockedAtEnd: boolean;
}
