import { findGame } from './registry.ts';
import { err, ok, type InputError, type Result } from './result.ts';
import type { MissedTurnCause } from './types.ts';

/**
 * A recorded game, move by move: every position found by stepping the game module through the
 * record's moves the way the referee applied them (a bot's or the takeover player's line is parsed and
 * applied, a missed turn goes through `missedTurn`). The one implementation behind the app's replay
 * (electron/app/tournaments/replay.ts) and the contestant page's (renderer/logic/contestant-replay.ts).
 */

/** One applied move of a game record: what stepping needs of it (the engine's `MoveRecord` has it). */
export interface RecordedMove {
  /** 0-based: the move's number in the game. */
  readonly ply: number;
  readonly seat: number;
  /** The line as sent; empty for a missed turn without one. */
  readonly line: string;
  readonly by: 'bot' | 'takeover' | 'missed';
  /** Why the turn was missed (a missed turn only). */
  readonly cause?: MissedTurnCause | undefined;
  /** Time charged for the move (µs), when timed. */
  readonly chargedUs?: number | undefined;
}

/** What stepping needs of a game record (the engine's `GameRecord` has it). */
export interface SteppedRecord {
  readonly game: string;
  readonly seed: number;
  /** The board it was played on, or null for the one its seed makes. */
  readonly board: string | null;
  readonly moves: readonly RecordedMove[];
}

/**
 * One position of a replay (ply 0: the opening), as the move list and board take it: the same shape as
 * shared/ipc/app-schemas.ts's `replayStepSchema` (replay-steps.test.ts checks it at compile time).
 */
export interface ReplayStep {
  readonly ply: number;
  readonly seat: number | null;
  readonly line: string | null;
  readonly by: 'bot' | 'takeover' | 'missed' | null;
  /** The game module's JSON form of the position, or null where it is not known. */
  readonly state: unknown;
  /** Time charged for this move (ms), when timed. */
  readonly chargedMs: number | null;
}

/** The step a move makes, with the position after it (`null`: not known). */
export function moveStep(move: RecordedMove, state: unknown): ReplayStep {
  return {
    ply: move.ply + 1,
    seat: move.seat,
    line: move.line === '' ? null : move.line,
    by: move.by,
    state,
    chargedMs: move.chargedUs === undefined ? null : move.chargedUs / 1000,
  };
}

/**
 * Every position of a built-in (or registered) game's record: the opening (ply 0) and the state after
 * each move, as the module's JSON. A record that does not step is an error whose message names why: an
 * unknown game (`unknown-game`; a game package's game has no module), a board that does not set up
 * (`bad-board`), or the first move that fails (`not-replayed`). Callers decide what a failure means: the
 * app throws it, the contestant page lists the moves without a board.
 */
export function recordSteps(record: SteppedRecord): Result<ReplayStep[], InputError> {
  const game = findGame(record.game);
  if (!game) return err({ code: 'unknown-game', message: `unknown game ${record.game}` });
  const setup = game.setup(
    record.board === null ? { seed: record.seed } : { seed: record.seed, board: record.board },
  );
  if (!setup.ok) {
    const message = `the record's board does not set up: ${setup.error.message}`;
    return err({ code: 'bad-board', message });
  }
  let state: unknown = setup.value;
  const steps: ReplayStep[] = [
    { ply: 0, seat: null, line: null, by: null, state: game.toJson(state), chargedMs: null },
  ];
  for (const m of record.moves) {
    const actor = game.toAct(state);
    if (actor !== m.seat) return notReplayed(m, `seat ${m.seat} moved but seat ${actor} was to act`);
    if (m.by === 'missed') {
      if (!game.missedTurn || !m.cause) return notReplayed(m, 'a missed turn in a game without missed turns');
      state = game.missedTurn(state, m.cause);
    } else {
      const parsed = game.parseReply(state, m.line);
      if (!parsed.ok) return notReplayed(m, parsed.error.message);
      const reason = game.checkMove(state, parsed.value);
      if (reason !== null) return notReplayed(m, reason);
      state = game.apply(state, parsed.value);
    }
    steps.push(moveStep(m, game.toJson(state)));
  }
  return ok(steps);
}

function notReplayed(move: RecordedMove, why: string): { readonly ok: false; readonly error: InputError } {
  const message = `the record does not replay at move ${move.ply + 1} (${JSON.stringify(move.line)}): ${why}`;
  return err({ code: 'not-replayed', message });
}
