import type { GameRecord } from '../../electron/engine/record/schema.ts';

/**
 * A small finished 6561 record for tests of what is written from a record (transcripts, exports): two
 * seats, Alpha and Beta, 3 points each, no moves, seed 7, cpu timing; `limits` as the caller gives it.
 */
export function smallRecord(limits: GameRecord['limits'] = null): GameRecord {
  const seat = (name: string, score: number): GameRecord['seats'][number] => ({
    name,
    command: null,
    executableHash: null,
    status: 'OK',
    failure: null,
    takeover: null,
    score,
    time: { chargedUs: 1000, wallUs: 1000, cpuUs: 900, moves: 1, maxChargedUs: 1000 },
    missed: { timeout: 0, invalid: 0, gone: 0 },
    stderr: { shown: '', full: '', truncated: false, bytes: 0 },
    exit: null,
    killedAfterEnd: false,
  });
  return {
    format: 'jury-game-record',
    version: 1,
    jury: '0.1.0',
    game: '6561',
    rulesVersion: 'test',
    seed: 7,
    board: null,
    timing: { mode: 'cpu', control: { kind: 'game-total', budgetMs: 60_000 } },
    limits,
    startedAt: '2025-01-01T00:00:00Z',
    durationUs: 5000,
    seats: [seat('Alpha', 3), seat('Beta', 3)],
    lines: [],
    moves: [],
    end: { kind: 'no-valid-move', seat: 0 },
    scores: [3, 3],
  };
}
