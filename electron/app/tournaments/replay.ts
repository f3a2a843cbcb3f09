import type { z } from 'zod';
import { isImportedGameId } from '../../../shared/games/imported.ts';
import { findGame } from '../../../shared/games/registry.ts';
import type { gameReplaySchema, replayStepSchema } from '../../../shared/ipc/app-schemas.ts';
import type { GameRecord, MoveRecord } from '../../engine/record/schema.ts';
import { describeFailure } from '../../engine/referee/failure.ts';
import { gameLimits } from '../protections.ts';
import { recordTranscript } from './package-replay.ts';

/** One step of a replay: the position after a move (ply 0: the opening position). */
export type ReplayStep = z.output<typeof replayStepSchema>;
/** A finished game, ready to replay move by move. */
export type GameReplay = z.output<typeof gameReplaySchema>;

/**
 * Every position of a recorded game: the opening (ply 0) and the state after each recorded move, found
 * by stepping the game module through the record's moves the way the referee applied them (a bot's or
 * the takeover player's line is parsed and applied, a missed turn goes through `missedTurn`; see
 * electron/engine/record/replay.ts). States are the module's JSON form. A record that does not replay is
 * an error naming the first move that fails. A game package's game is one step: its whole protocol
 * transcript ({@link recordTranscript}).
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
  const game = findGame(record.game);
  if (!game) throw new Error(`unknown game ${record.game}`);
  const setup = game.setup(
    record.board === null ? { seed: record.seed } : { seed: record.seed, board: record.board },
  );
  if (!setup.ok) throw new Error(`the record's board does not set up: ${setup.error.message}`);
  let state: unknown = setup.value;
  const steps: ReplayStep[] = [
    { ply: 0, seat: null, line: null, by: null, state: game.toJson(state), chargedMs: null },
  ];
  for (const m of record.moves) {
    const actor = game.toAct(state);
    if (actor !== m.seat) notReplayed(m, `seat ${m.seat} moved but seat ${actor} was to act`);
    if (m.by === 'missed') {
      if (!game.missedTurn || !m.cause) notReplayed(m, 'a missed turn in a game without missed turns');
      state = game.missedTurn(state, m.cause);
    } else {
      const parsed = game.parseReply(state, m.line);
      if (!parsed.ok) notReplayed(m, parsed.error.message);
      const reason = game.checkMove(state, parsed.value);
      if (reason !== null) notReplayed(m, reason);
      state = game.apply(state, parsed.value);
    }
    steps.push({
      ply: m.ply + 1,
      seat: m.seat,
      line: m.line === '' ? null : m.line,
      by: m.by,
      state: game.toJson(state),
      chargedMs: m.chargedUs === undefined ? null : m.chargedUs / 1000,
    });
  }
  return steps;
}

function notReplayed(move: MoveRecord, why: string): never {
  throw new Error(
    `the record does not replay at move ${move.ply + 1} (${JSON.stringify(move.line)}): ${why}`,
  );
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
      failure: s.failure ? describeFailure(s.failure) : null,
      chargedMs: s.time.chargedUs / 1000,
      stderrShown: s.stderr.shown,
      stderrFull: s.stderr.full,
      stderrTruncated: s.stderr.truncated,
    })),
    steps: replaySteps(record),
    limits: gameLimits(record.limits),
  };
}
