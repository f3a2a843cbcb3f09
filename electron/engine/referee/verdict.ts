import type { AnyGameModule, MissedTurnCause } from '../../../shared/games/types.ts';
import type { ReadResult } from '../channel.ts';
import type { MoveTime } from '../timing/time-keeper.ts';
import type { Failure } from './failure.ts';

/** One turn's reply as the referee read and timed it. */
export interface Turn {
  readonly reply: ReadResult;
  /** The reply's time; null when the program was gone before it replied (nothing is charged then). */
  readonly time: MoveTime | null;
  /** The time a timeout failure reports: this move's under a per-move control, else the game's total so far. */
  readonly usedUs: number;
}

/** A reply judged: the move it stands for, or the failure it is. */
export type Verdict =
  | { readonly ok: true; readonly move: unknown; readonly line: string }
  | { readonly ok: false; readonly failure: Failure };

/**
 * Judges the reply to move `ply` in `state`: parses it once and checks it, or says how the program failed.
 * A line that came too late is a timeout, however good the move.
 */
export function judgeReply(game: AnyGameModule, state: unknown, ply: number, turn: Turn): Verdict {
  const { reply, time, usedUs } = turn;
  const failed = (failure: Failure): Verdict => ({ ok: false, failure });
  switch (reply.kind) {
    case 'timeout':
      return failed({ kind: 'timeout', ply, usedUs, pending: reply.pending });
    case 'closed': {
      const exit = reply.exit;
      if (exit?.startError !== undefined) return failed({ kind: 'start', ply, reason: exit.startError });
      // Killed by our own SIGKILL only after it closed its output: that is stopping early, not a crash.
      const crashed =
        exit !== null && (exit.code !== 0 || (exit.signal !== null && exit.signal !== 'SIGKILL'));
      return failed({ kind: crashed ? 'crash' : 'exit', ply, exit, pending: reply.pending });
    }
    case 'bad-line':
      return failed({ kind: 'protocol', ply, code: reply.code, detail: reply.detail });
    case 'line': {
      if (time?.late) return failed({ kind: 'timeout', ply, usedUs, pending: '' });
      if (reply.line.trim() === '') {
        return failed({
          kind: 'protocol',
          ply,
          code: 'empty-line',
          detail: 'an empty line instead of a move',
        });
      }
      const parsed = game.parseReply(state, reply.line);
      if (!parsed.ok)
        return failed({ kind: 'unreadable', ply, line: reply.line, reason: parsed.error.message });
      const reason = game.checkMove(state, parsed.value);
      if (reason !== null) return failed({ kind: 'illegal', ply, line: reply.line, reason });
      return { ok: true, move: parsed.value, line: reply.line };
    }
  }
}

/** Whether the program is gone: it crashed, exited or never started, so it can never reply again. */
export function isGone(failure: Failure): boolean {
  return failure.kind === 'crash' || failure.kind === 'exit' || failure.kind === 'start';
}

/** What a failed turn counts as in a `missed-turn` game. */
export function missedTurnCause(failure: Failure): MissedTurnCause {
  if (failure.kind === 'timeout') return 'timeout';
  return isGone(failure) ? 'gone' : 'invalid';
}
