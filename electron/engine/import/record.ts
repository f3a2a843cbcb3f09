import { DEFAULT_TIMING_MODE } from '../../../shared/timing/modes.ts';
import { gameInfo } from '../../../shared/games/registry.ts';
import type { CodecupEvent } from '../../../shared/tournament/codecup/event.ts';
import type { GameOutcome } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { JURY_VERSION } from '../version.ts';
import type { ImportedInfo } from './imported-info.ts';

const NO_STDERR = { shown: '', full: '', truncated: false, bytes: 0 };
const NO_TIME = { chargedUs: 0, wallUs: 0, cpuUs: 0, moves: 0, maxChargedUs: 0 };
const NO_MISSES = { timeout: 0, invalid: 0, gone: 0 };

/**
 * The record of an imported game: every store keeps one per finished game, and this one says what Jury
 * knows of it, which is its result: the seats' names, scores, statuses and wins, draws or losses as the
 * file published them, CodeCup's game number in its end (a `referee-report`), no moves, no dialogue, no
 * times (all 0).
 */
export function importedRecord(event: CodecupEvent, outcome: GameOutcome, info: ImportedInfo): GameRecord {
  const facts = gameInfo(event.game);
  const names = new Map(event.participants.map((p) => [p.id, p.name]));
  const number = event.gameNumbers[outcome.index] ?? outcome.index + 1;
  return {
    format: 'jury-game-record',
    version: 1,
    jury: JURY_VERSION,
    game: event.game,
    rulesVersion: facts.rulesVersion,
    seed: 0,
    board: null,
    timing: { mode: DEFAULT_TIMING_MODE, control: facts.timeControl },
    limits: null,
    startedAt: info.importedAt,
    durationUs: 0,
    seats: outcome.seats.map((id, seat) => ({
      name: names.get(id) ?? id,
      command: null,
      executableHash: null,
      status: outcome.statuses[seat] ?? 'OK',
      ...(outcome.results?.[seat] === undefined ? {} : { result: outcome.results[seat] }),
      failure: null,
      takeover: null,
      score: outcome.scores[seat] ?? 0,
      time: NO_TIME,
      missed: NO_MISSES,
      stderr: NO_STDERR,
      exit: null,
      killedAfterEnd: false,
    })),
    lines: [],
    moves: [],
    end: { kind: 'referee-report', message: `CodeCup game ${number}, imported from ${info.file}` },
    scores: [...outcome.scores],
  };
}
