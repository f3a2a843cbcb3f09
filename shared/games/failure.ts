/**
 * How a program failed a game, as facts: the closed union the referee records (electron/engine/referee/
 * failure.ts re-exports it), the seat's record keeps, and the game viewer receives, so that every side
 * words it in its own language (failure-texts.ts) rather than passing English along.
 */

/** CodeCup's official status words for a program that failed. */
export type StatusWord = 'TIMEOUT' | 'ILLEGAL' | 'CRASH' | 'EXIT';

/** How a program ended (electron/engine/channel.ts `ExitInfo` has the same shape). */
export interface FailureExit {
  readonly code: number | null;
  readonly signal: string | null;
  /** Set when the program could not be started at all; says why (E2BIG, ENOEXEC, no interpreter …). */
  readonly startError?: string | undefined;
  /** Set when the kernel killed it for reaching its memory cap: the cap in MiB. */
  readonly memoryCapMiB?: number | undefined;
}

/** The ways a reply can break the line protocol. */
export const PROTOCOL_CODES = ['empty-line', 'too-long', 'undecodable'] as const;

/**
 * Every way a program can fail a game, as one closed union. {@link statusWord} maps each to CodeCup's
 * status word; failure-texts.ts says in a sentence what happened. `ply` is the 0-based index of the move
 * the program failed at.
 */
export type Failure =
  /** Its time ran out. `pending` is output without a newline that was waiting: it probably forgot to flush. */
  | { readonly kind: 'timeout'; readonly ply: number; readonly usedUs: number; readonly pending: string }
  /** A reply that parsed but broke the rules. */
  | { readonly kind: 'illegal'; readonly ply: number; readonly line: string; readonly reason: string }
  /** A reply that is not a move at all. */
  | { readonly kind: 'unreadable'; readonly ply: number; readonly line: string; readonly reason: string }
  /** A reply that broke the line protocol: empty, over-long, or not UTF-8. */
  | {
      readonly kind: 'protocol';
      readonly ply: number;
      readonly code: (typeof PROTOCOL_CODES)[number];
      readonly detail: string;
    }
  /** It died from a signal or exited with a non-zero code before the game ended. */
  | {
      readonly kind: 'crash';
      readonly ply: number;
      readonly exit: FailureExit | null;
      readonly pending: string;
    }
  /** It exited with code 0 (or closed its output) before the game ended. */
  | {
      readonly kind: 'exit';
      readonly ply: number;
      readonly exit: FailureExit | null;
      readonly pending: string;
    }
  /** The game's own rules declared it failed (Less: not home within the rush's move cap). */
  | { readonly kind: 'rules'; readonly ply: number; readonly reason: string }
  /**
   * It could not be started (an argument list too long, not a program this system runs, a missing
   * interpreter inside the sandbox). CodeCup has no word of its own for it: the status is CRASH.
   */
  | { readonly kind: 'start'; readonly ply: number; readonly reason: string };

/** Every kind of {@link Failure}. */
export const FAILURE_KINDS = [
  'timeout',
  'illegal',
  'unreadable',
  'protocol',
  'crash',
  'exit',
  'rules',
  'start',
] as const satisfies readonly Failure['kind'][];

/** Whether a value has the shape of a {@link Failure} (its kind and ply), for schemas that trust the engine. */
export function isFailure(value: unknown): value is Failure {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, ply } = value as { kind?: unknown; ply?: unknown };
  return (FAILURE_KINDS as readonly unknown[]).includes(kind) && typeof ply === 'number';
}

/** The official CodeCup status word of a failure. */
export function statusWord(failure: Failure): StatusWord {
  switch (failure.kind) {
    case 'timeout':
      return 'TIMEOUT';
    case 'illegal':
    case 'unreadable':
    case 'protocol':
    case 'rules':
      return 'ILLEGAL';
    case 'crash':
    case 'start':
      return 'CRASH';
    case 'exit':
      return 'EXIT';
  }
}
