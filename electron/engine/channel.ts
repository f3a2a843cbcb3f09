/**
 * The abstract player channel: everything the referee needs from a player, whether it is a real bot
 * process (process/bot-process.ts, the only module that spawns) or an in-memory player in tests.
 * Times are microseconds on the monotonic clock of {@link monotonicUs}.
 */

/** How a process ended: exit code or signal name (both null while unknown). */
export interface ExitInfo {
  readonly code: number | null;
  readonly signal: string | null;
  /** Set when the program could not be started at all; says why (E2BIG, ENOEXEC, no interpreter …). */
  readonly startError?: string | undefined;
  /** Set when the kernel killed it for reaching its memory cap: the cap in MiB. */
  readonly memoryCapMiB?: number | undefined;
}

/** What a player's CPU time counts (see PlayerChannel.cpuSource). */
export type CpuSource = 'cgroup' | 'process';

/** The outcome of waiting for one reply line. */
export type ReadResult =
  /** A complete line (without its newline), and when its newline arrived. */
  | { readonly kind: 'line'; readonly line: string; readonly atUs: number }
  /** No complete line within the time; `pending` is what arrived after the last newline (a forgotten flush?). */
  | { readonly kind: 'timeout'; readonly pending: string }
  /** Standard output closed (the process exited or closed it); `pending` as for timeout. */
  | { readonly kind: 'closed'; readonly exit: ExitInfo | null; readonly pending: string }
  /** A line that broke the framing: longer than the limit, or not valid UTF-8. */
  | {
      readonly kind: 'bad-line';
      readonly code: 'too-long' | 'undecodable';
      readonly detail: string;
      readonly atUs: number;
    };

/** A bot's standard error: the part CodeCup shows, and a bounded full log. */
export interface StderrCapture {
  /** The first 10,000 characters (CodeCup's cap). */
  readonly shown: string;
  /** Everything, up to the configured cap. */
  readonly full: string;
  /** Whether `full` was cut at the cap. */
  readonly truncated: boolean;
  /** Total bytes the bot wrote to standard error. */
  readonly bytes: number;
}

/** One player of one game, as the referee drives it. Implementations never throw from these methods. */
export interface PlayerChannel {
  /**
   * Writes lines, each followed by a newline, in one write. Writing to a player that is gone is ignored.
   * The array is the caller's, reused after the call: keep its lines, never the array.
   */
  send(lines: readonly string[]): void;
  /**
   * The next reply line, waiting at most `timeoutUs` of wall time. Lines that arrived before the call are
   * returned at once, oldest first. Only one read may be outstanding.
   */
  read(timeoutUs: number): Promise<ReadResult>;
  /** Drops every complete line received but not yet read, and returns how many (Flit's stale replies). */
  discardReceived(): number;
  /**
   * Stops the player's processes while another player thinks (its cgroup's freezer, else SIGSTOP);
   * no-op where impossible.
   */
  suspend(): void;
  /** Lets a suspended player run again. */
  resume(): void;
  /**
   * CPU time the player has used so far, in microseconds (0 where it cannot be measured). `knownThreads`:
   * a quicker reading for a player that waits for its prompt, which may leave out a thread started since
   * the last reading (the next full one counts it whole).
   */
  cpuUs(knownThreads?: boolean): number;
  /**
   * What {@link PlayerChannel.cpuUs} counts: `cgroup`, every process of the player (its cgroup's clock:
   * children, a script's program, ended processes); `process`, its own process only. Absent: `process`.
   */
  cpuSource?(): CpuSource;
  /**
   * Whether the player has started a child process that is still there, whose CPU time is not in
   * {@link PlayerChannel.cpuUs} (always false where the cgroup's clock counts children), so official
   * timing stops such a player during the others' turns as it stops one caught computing then. Absent
   * where it cannot be told (the player counts as childless).
   */
  startedChildren?(): boolean;
  /**
   * Resolves once the player's own program runs and waits for its first line (its start-up is over: past
   * the wrappers Jury starts it through, it sleeps), or has ended, or `timeoutMs` has passed; never
   * rejects. The referee waits for every seat's before the first prompt, so that the programs start up
   * side by side, none of it in a game's turns. Absent: nothing to wait for.
   */
  waitingForInput?(timeoutMs: number): Promise<void>;
  /**
   * Where the player's writable working folder is: `inside`, the path it sees, is a private folder of
   * `host` on Jury's side (confined players Jury reads files of: a referee); null or absent where what
   * it sees is the host's own path, or a folder in memory no one reads (a contestant's bot).
   */
  writableFolder?(): { readonly host: string; readonly inside: string } | null;
  /**
   * Ends the player: closes its input, waits up to `graceMs` for it to exit by itself, then kills it and
   * everything it started. Resolves with how it ended. Safe to call more than once.
   */
  shutdown(graceMs: number): Promise<ExitInfo | null>;
  /** Whether the player is known to have exited (its exit status is then in `exit`). */
  readonly exited: boolean;
  readonly exit: ExitInfo | null;
  /** What the player wrote to standard error so far. */
  stderr(): StderrCapture;
}

/** The monotonic wall clock every channel and the referee use, in microseconds. */
export function monotonicUs(): number {
  return performance.now() * 1000;
}
