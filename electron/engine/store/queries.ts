import { z } from 'zod';
import type {
  GameOutcome,
  ScheduledGame,
  ScheduleHistory,
  SeatStatus,
} from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { parseStoredJson, StoreError } from './errors.ts';
import { num, text, textOrNull, type Db, type Row } from './sqlite.ts';
import { recordOfRow } from './stored-record.ts';

/** One seat of one finished game, as standings, crosstables and time statistics read it. */
export interface SeatRow {
  readonly index: number;
  readonly seat: number;
  readonly participant: string;
  readonly stage: string;
  readonly round: number;
  readonly score: number;
  readonly status: SeatStatus;
  readonly chargedUs: number;
  readonly maxMoveUs: number;
  readonly moves: number;
}

/** A participant's totals over finished games, computed by SQL aggregation (see {@link seatTotals}). */
export interface SeatTotals {
  readonly participant: string;
  readonly games: number;
  readonly points: number;
  /** Games by how the program ended them: OK plus CodeCup's four irregular statuses. */
  readonly statuses: Readonly<Record<SeatStatus, number>>;
  readonly chargedUs: number;
  readonly maxMoveUs: number;
  readonly moves: number;
}

/** How far the tournament is: for the progress figure and the ETA. */
export interface StoreCounts {
  readonly scheduled: number;
  readonly finished: number;
  readonly unfinished: number;
}

const seatsColumn = z.array(z.string());

function scheduledFromRow(row: Row): ScheduledGame {
  const index = num(row, 'idx');
  return {
    index,
    stage: text(row, 'stage'),
    round: num(row, 'round'),
    seats: seatsColumn.parse(parseStoredJson(text(row, 'seats'), `game ${index}: seats`)),
    seed: num(row, 'seed'),
    board: textOrNull(row, 'board'),
    match: text(row, 'match'),
  };
}

/** One scheduled game, or null when the schedule has no game with this index. */
export function scheduledGame(db: Db, index: number): ScheduledGame | null {
  const row = db.sql('SELECT * FROM scheduled_games WHERE idx = ?').get(index);
  return row ? scheduledFromRow(row) : null;
}

/** Every scheduled game, in schedule order. */
export function scheduledGames(db: Db): ScheduledGame[] {
  return db.sql('SELECT * FROM scheduled_games ORDER BY idx').all().map(scheduledFromRow);
}

/** Scheduled games without a result, in schedule order: after a crash they restart from the start. */
export function unfinishedGames(db: Db): ScheduledGame[] {
  // A finished event (the common case for a leaderboard) answers from two counts instead of a scan that
  // looks up every scheduled game's result (≈ 40 ms on 100,000 games).
  const scheduled = num(
    db.sql('SELECT coalesce(max(idx), -1) + 1 AS n FROM scheduled_games').get() ?? {},
    'n',
  );
  const finished = num(db.sql('SELECT count(*) AS n FROM results').get() ?? {}, 'n');
  if (finished >= scheduled) return [];
  return db
    .sql(
      'SELECT g.* FROM scheduled_games g LEFT JOIN results r ON r.idx = g.idx WHERE r.idx IS NULL ORDER BY g.idx',
    )
    .all()
    .map(scheduledFromRow);
}

/** Every stored outcome, in schedule order. */
export function storedOutcomes(db: Db): GameOutcome[] {
  return (
    db
      .sql('SELECT idx, outcome FROM results ORDER BY idx')
      .all()
      // Validated by gameOutcomeSchema on the way in; re-validating 100,000 of them here would cost seconds.
      .map((row) => parseStoredJson(text(row, 'outcome'), `game ${num(row, 'idx')}: outcome`) as GameOutcome)
  );
}

/** What every scheduler sees: the whole schedule and the finished outcomes by index. */
export function scheduleHistory(db: Db): ScheduleHistory {
  return {
    scheduled: scheduledGames(db),
    outcomes: new Map(storedOutcomes(db).map((o) => [o.index, o])),
  };
}

/** A finished game's full record (validated again on the way out), or null when it has none. */
export function storedRecord(db: Db, index: number): GameRecord | null {
  // `*`: a store at schema version 2, opened read-only, has no `packed` column (stored-record.ts).
  const row = db.sql('SELECT * FROM records WHERE idx = ?').get(index);
  return row ? recordOfRow(row, index) : null;
}

/** Every seat of every finished game (optionally of one stage), by game then seat. */
export function seatRows(db: Db, stage?: string): SeatRow[] {
  const rows =
    stage === undefined
      ? db.sql('SELECT * FROM results_seats ORDER BY idx, seat').all()
      : db.sql('SELECT * FROM results_seats WHERE stage = ? ORDER BY idx, seat').all(stage);
  return rows.map((r) => ({
    index: num(r, 'idx'),
    seat: num(r, 'seat'),
    participant: text(r, 'participant'),
    stage: text(r, 'stage'),
    round: num(r, 'round'),
    score: num(r, 'score'),
    status: text(r, 'status') as SeatStatus,
    chargedUs: num(r, 'charged_us'),
    maxMoveUs: num(r, 'max_move_us'),
    moves: num(r, 'moves'),
  }));
}

/** The standings totals from the running `totals` table: a few rows per participant, whatever the games. */
export const SEAT_TOTALS_SQL = `
  SELECT participant, sum(games) AS games, total(points) AS points, sum(ok) AS ok, sum(timeout) AS timeout,
    sum(illegal) AS illegal, sum(crash) AS crash, sum(exit) AS exit, total(charged_us) AS charged,
    max(max_move_us) AS max_move, sum(moves) AS moves
  FROM totals WHERE ?1 IS NULL OR stage = ?1 GROUP BY participant ORDER BY participant`;

/** The same totals aggregated from the seat rows (covering index `results_seats_standings`). */
export const SEAT_TOTALS_FROM_ROWS_SQL = `
  SELECT participant, count(*) AS games, total(score) AS points,
    total(status = 'OK') AS ok, total(status = 'TIMEOUT') AS timeout, total(status = 'ILLEGAL') AS illegal,
    total(status = 'CRASH') AS crash, total(status = 'EXIT') AS exit,
    total(charged_us) AS charged, coalesce(max(max_move_us), 0) AS max_move, total(moves) AS moves
  FROM results_seats WHERE ?1 IS NULL OR stage = ?1 GROUP BY participant ORDER BY participant`;

/**
 * Per-participant totals over finished games (optionally of one stage): the base of the standings. With
 * `fromRows`, they are recomputed from every seat row instead (a cross-check; slower on big events).
 */
export function seatTotals(db: Db, stage?: string, fromRows = false): SeatTotals[] {
  return db
    .sql(fromRows ? SEAT_TOTALS_FROM_ROWS_SQL : SEAT_TOTALS_SQL)
    .all(stage ?? null)
    .map((r) => ({
      participant: text(r, 'participant'),
      games: num(r, 'games'),
      points: num(r, 'points'),
      statuses: {
        OK: num(r, 'ok'),
        TIMEOUT: num(r, 'timeout'),
        ILLEGAL: num(r, 'illegal'),
        CRASH: num(r, 'crash'),
        EXIT: num(r, 'exit'),
      },
      chargedUs: num(r, 'charged'),
      maxMoveUs: num(r, 'max_move'),
      moves: num(r, 'moves'),
    }));
}

/** The number of scheduled, finished and unfinished games. */
export function storeCounts(db: Db): StoreCounts {
  const scheduled = num(db.sql('SELECT count(*) AS n FROM scheduled_games').get() ?? {}, 'n');
  const finished = num(db.sql('SELECT count(*) AS n FROM results').get() ?? {}, 'n');
  return { scheduled, finished, unfinished: scheduled - finished };
}

/**
 * The finished games a participant sat in, by index (from the covering index, which leads with the
 * participant); throws `conflict` for an unknown participant so a mistyped id is not read as "no games".
 */
export function gamesOf(db: Db, participant: string): number[] {
  if (!db.sql('SELECT 1 FROM participants WHERE id = ?').get(participant)) {
    throw new StoreError('conflict', `no participant ${JSON.stringify(participant)}`);
  }
  return db
    .sql('SELECT DISTINCT idx FROM results_seats WHERE participant = ? ORDER BY idx')
    .all(participant)
    .map((r) => num(r, 'idx'));
}
