import type { ExitInfo } from '../channel.ts';

/** CodeCup's official status words for a program that failed. */
export type StatusWord = 'TIMEOUT' | 'ILLEGAL' | 'CRASH' | 'EXIT';

/**
 * Every way a program can fail a game, as one closed union. {@link statusWord} maps each to CodeCup's
 * status word; {@link describeFailure} says in a sentence what happened. `ply` is the 0-based index of the
 * move the program failed at.
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
      readonly code: 'empty-line' | 'too-long' | 'undecodable';
      readonly detail: string;
    }
  /** It died from a signal or exited with a non-zero code before the game ended. */
  | { readonly kind: 'crash'; readonly ply: number; readonly exit: ExitInfo | null; readonly pending: string }
  /** It exited with code 0 (or closed its output) before the game ended. */
  | { readonly kind: 'exit'; readonly ply: number; readonly exit: ExitInfo | null; readonly pending: string }
  /** The game's own rules declared it failed (Less: not home within the rush's move cap). */
  | { readonly kind: 'rules'; readonly ply: number; readonly reason: string }
  /**
   * It could not be started (an argument list too long, not a program this system runs, a missing
   * interpreter inside the sandbox). CodeCup has no word of its own for it: the status is CRASH.
   */
  | { readonly kind: 'start'; readonly ply: number; readonly reason: string };

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

function exitText(exit: ExitInfo | null): string {
  if (!exit) return 'its output closed';
  if (exit.memoryCapMiB !== undefined) {
    return `it was killed for reaching its memory cap of ${exit.memoryCapMiB} MiB`;
  }
  if (exit.signal) return `it was killed by ${exit.signal}`;
  return `it exited with code ${exit.code ?? '?'}`;
}

function flushHint(pending: string): string {
  return pending
    ? `; it had written ${JSON.stringify(pending.slice(0, 40))} without a newline (forgot to flush?)`
    : '';
}

/** One English sentence describing a failure, for transcripts, the CLI and the UI. */
export function describeFailure(failure: Failure): string {
  const at = `at move ${failure.ply + 1}`;
  switch (failure.kind) {
    case 'timeout':
      return `time limit exceeded ${at} after ${(failure.usedUs / 1e6).toFixed(3)} s${flushHint(failure.pending)}`;
    case 'illegal':
      return `illegal move ${JSON.stringify(failure.line)} ${at}: ${failure.reason}`;
    case 'unreadable':
      return `unreadable reply ${JSON.stringify(failure.line.slice(0, 60))} ${at}: ${failure.reason}`;
    case 'protocol':
      return `protocol error ${at}: ${failure.detail}`;
    case 'crash':
      return `crashed ${at}: ${exitText(failure.exit)}${flushHint(failure.pending)}`;
    case 'exit':
      return `stopped before the game ended ${at}: ${exitText(failure.exit)}${flushHint(failure.pending)}`;
    case 'rules':
      return `failed by the rules ${at}: ${failure.reason}`;
    case 'start':
      return `could not be started: ${failure.reason}`;
  }
}
