import type { GameOutcome, ScheduledGame, SeatStatus } from '../../../shared/tournament/types.ts';
import type { GameRecord, SeatRecord } from '../../../electron/engine/record/schema.ts';
import { StoreError, type StoreErrorCode } from '../../../electron/engine/store/errors.ts';
import type { StoredParticipant } from '../../../electron/engine/store/validate.ts';

// Sample data for store tests: deterministic from the game index, so a test can recompute what a child wrote.

/** `n` participants p0, p1, ... with a command and a hash. */
export function sampleParticipants(n: number): StoredParticipant[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    name: `Player ${i}`,
    command: ['/usr/bin/bot', `--id=${i}`],
    executableHash: `hash${i}`,
  }));
}

/** Scheduled games `from` .. `from + count - 1`, two seats each, rotating through `players` participants. */
export function sampleSchedule(from: number, count: number, players = 4): ScheduledGame[] {
  return Array.from({ length: count }, (_, k) => {
    const index = from + k;
    const a = index % players;
    const b = (index + 1 + Math.floor(index / players)) % players;
    return {
      index,
      stage: index % 10 < 7 ? 'swiss' : 'final',
      round: 1 + Math.floor(index / players),
      seats: [`p${a}`, `p${b === a ? (a + 1) % players : b}`],
      seed: (index * 2654435761) >>> 0,
      board: null,
      match: `m${Math.floor(index / 2)}`,
    };
  });
}

const STATUSES: readonly SeatStatus[] = ['OK', 'OK', 'OK', 'TIMEOUT', 'OK', 'CRASH', 'OK', 'ILLEGAL', 'EXIT'];

/** The outcome of a sample game: scores and statuses vary with the index. */
export function sampleOutcome(game: ScheduledGame): GameOutcome {
  return {
    index: game.index,
    seats: game.seats,
    scores: game.seats.map((_, s) => (game.index + s * 7) % 21),
    statuses: game.seats.map((_, s) => STATUSES[(game.index + s) % STATUSES.length] ?? 'OK'),
    end: 'all-home',
    times: game.seats.map((_, s) => ({ chargedUs: 1000 * (game.index + s), maxMoveUs: 100 + s, moves: 20 })),
    budgetUs: 30_000_000,
  };
}

/** A valid full record of a sample game with `lines` dialogue lines (make it large to slow commits). */
export function sampleRecord(game: ScheduledGame, lines = 10): GameRecord {
  const outcome = sampleOutcome(game);
  const seat = (s: number): SeatRecord => ({
    name: `Player ${s}`,
    command: ['/usr/bin/bot'],
    executableHash: null,
    status: outcome.statuses[s] ?? 'OK',
    failure: null,
    takeover: null,
    score: outcome.scores[s] ?? 0,
    time: { chargedUs: 1, wallUs: 1, cpuUs: 1, moves: 20, maxChargedUs: 1 },
    missed: { timeout: 0, invalid: 0, gone: 0 },
    stderr: { shown: '', full: '', truncated: false, bytes: 0 },
    exit: { code: 0, signal: null },
    killedAfterEnd: false,
  });
  return {
    format: 'jury-game-record',
    version: 1,
    jury: '0.1.0',
    game: 'less',
    rulesVersion: '1',
    seed: game.seed,
    board: game.board,
    timing: { mode: 'official', control: { kind: 'game-total', budgetMs: 30_000 } },
    limits: null,
    startedAt: '2025-01-01T00:00:00.000Z',
    durationUs: 5,
    seats: game.seats.map((_, s) => seat(s)),
    lines: Array.from({ length: lines }, (_, i) => ({
      t: i,
      dir: i % 2 ? 'out' : 'in',
      seat: i % game.seats.length,
      text: `game ${game.index} line ${i}`,
    })),
    moves: [],
    end: { kind: 'all-home' },
    scores: [...outcome.scores],
  };
}

/** Asserts that `f` throws a StoreError with `code` and a message matching `pattern` (vitest-free: children import this file). */
export function refuses(f: () => unknown, code: StoreErrorCode, pattern: RegExp): void {
  let error: unknown = null;
  try {
    f();
  } catch (e) {
    error = e;
  }
  if (!(error instanceof StoreError)) throw new Error(`expected a ${code} StoreError, got ${String(error)}`);
  if (error.code !== code) throw new Error(`expected code ${code}, got ${error.code}: ${error.message}`);
  if (!pattern.test(error.message)) {
    throw new Error(`message ${JSON.stringify(error.message)} does not match ${pattern}`);
  }
}
