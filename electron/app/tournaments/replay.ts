import type { z } from 'zod';
import { isImportedGameId } from '../../../shared/games/imported.ts';
import { recordSteps } from '../../../shared/games/replay-steps.ts';
import type { gameReplaySchema, replayStepSchema } from '../../../shared/ipc/app-schemas.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { gameLimits } from '../protections.ts';
import { recordTranscript } from './package-replay.ts';

/** One step of a replay: the position after a move (ply 0: the opening position). */
export type ReplayStep = z.output<typeof replayStepSchema>;
/** A finished game, ready to replay move by move. */
export type GameReplay = z.output<typeof gameReplaySchema>;

/**
 * Every position of a recorded game: the opening (ply 0) and the state after each recorded move, found
 * by stepping the game module through the record's moves (shared/games/replay-steps.ts `recordSteps`;
 * the check of a whole record is electron/engine/record/replay.ts). States are the module's JSON form.
 * A record that does not replay is an error naming the first move that fails. A game package's game is
 * one step: its whole protocol transcript ({@link recordTranscript}).
 */
export function replaySteps(record: GameRecord): ReplayStep[] {
  // A game imported from CodeCup's result file is its result only: one step, an empty transcript. Its
  // game is an imported one, or (`--game`) a known game whose record has no moves and a reported end,
  // which a game Jury played never has.
  const imported =
    isImportedGameId(record.game) ||
    (record.moves.length === 0 && record.end.kind === 'referee-report' && record.caia === undefined);
  const transcript = imported
    ? { kind: 'transcript' as const, players: record.seats.length, lines: [], failures: [], omitted: 0 }
    : recordTranscript(record);
  if (transcript !== null) {
    return [{ ply: 0, seat: null, line: null, by: null, state: transcript, chargedMs: null }];
  }
  const steps = recordSteps(record);
  if (!steps.ok) throw new Error(steps.error.message);
  return steps.value;
}

/** A stored (or re-run) game as `tournament.replay` answers it. */
export function gameReplay(tournament: string, index: number, record: GameRecord): GameReplay {
  return {
    tournament,
    index,
    game: record.game,
    seed: record.seed,
    board: record.board,
    end: record.end,
    durationMs: record.durationUs / 1000,
    seats: record.seats.map((s) => ({
      name: s.name,
      score: s.score,
      status: s.status,
      failure: s.failure,
      takeover: s.takeover,
      chargedMs: s.time.chargedUs / 1000,
      stderrShown: s.stderr.shown,
      stderrFull: s.stderr.full,
      stderrTruncated: s.stderr.truncated,
    })),
    steps: replaySteps(record),
    limits: gameLimits(record.limits),
  };
}
