import type { SeatStatus, SeatTime } from '../../../shared/tournament/types.ts';
import type { ExitInfo } from '../channel.ts';
import type { CaiaEnd, CaiaGameResult } from './types.ts';

/**
 * A hosted game in Jury's terms: the parts of a tournament GameOutcome (scores, CodeCup statuses, time
 * figures) and one English sentence for how it ended. Only a game the referee reported has scores; any
 * other end is the referee's failure, for the caller to treat as a void game.
 */
export interface CaiaOutcomeParts {
  /** One score per player from the report, or null when the referee never reported one. */
  readonly scores: readonly number[] | null;
  /**
   * Per player: OK, or the CodeCup word (TIMEOUT, CRASH, EXIT, ILLEGAL) of its first tag's failure,
   * else of the failure the referee's report names (verdict.ts).
   */
  readonly statuses: readonly SeatStatus[];
  readonly times: readonly SeatTime[];
}

/** The scores, statuses and time figures of a hosted game (see {@link CaiaOutcomeParts}). */
export function caiaOutcomeParts(result: CaiaGameResult): CaiaOutcomeParts {
  return {
    scores: result.end.kind === 'reported' ? [...result.end.scores] : null,
    statuses: result.players.map((p) => p.status),
    times: result.players.map((p) => ({
      chargedUs: p.time.chargedUs,
      maxMoveUs: p.time.maxChargedUs,
      moves: p.time.listens,
    })),
  };
}

function exitText(exit: ExitInfo | null): string {
  if (exit === null) return 'closed its output';
  if (exit.startError !== undefined) return `could not be started (${exit.startError})`;
  if (exit.signal !== null) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code ?? '?'}`;
}

const seconds = (us: number): string => `${(us / 1e6).toFixed(1)} s`;

/** One English sentence saying how a hosted game ended, for the CLI, transcripts and the UI. */
export function describeCaiaEnd(end: CaiaEnd): string {
  switch (end.kind) {
    case 'reported':
      return `the referee reported ${end.scores.join(' – ')}${end.message === '' ? '' : ` (${end.message})`}`;
    case 'bad-report':
      return `the referee's report ${JSON.stringify(end.line.slice(0, 120))} could not be read: ${end.reason}`;
    case 'referee-error':
      return `the referee broke the Caia protocol, so the game was stopped: ${end.reason}`;
    case 'referee-exited':
      return `the referee ${exitText(end.exit)} before it reported a result`;
    case 'watchdog':
      return end.limit === 'idle'
        ? `the referee sent nothing for too long and was stopped after ${seconds(end.afterUs)} without a result`
        : `the game passed its time limit after ${seconds(end.afterUs)} without a result from the referee`;
    case 'aborted':
      return 'the game was stopped before the referee reported a result';
  }
}
