import { z } from 'zod';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import { VouchedRecord } from '../record/vouched.ts';
import { StoreError } from './errors.ts';
import { scheduledGame } from './queries.ts';
import { addToRankingTotals, rebuildRankingTotals, shapeOfGame } from './ranking.ts';
import { packRecord } from './record-codec.ts';
import { num, text, transaction, type Db } from './sqlite.ts';
import { check, checkOutcome, checkVouched, scheduledGameSchema } from './validate.ts';

const ADD_TOTAL_SQL = `
  INSERT INTO totals (participant, stage, games, points, ok, timeout, illegal, crash, exit, charged_us,
    max_move_us, moves) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (participant, stage) DO UPDATE SET games = games + 1, points = points + excluded.points,
    ok = ok + excluded.ok, timeout = timeout + excluded.timeout, illegal = illegal + excluded.illegal,
    crash = crash + excluded.crash, exit = exit + excluded.exit,
    charged_us = charged_us + excluded.charged_us, max_move_us = max(max_move_us, excluded.max_move_us),
    moves = moves + excluded.moves`;

/**
 * One finished game as handed to {@link finishGames}: its outcome and its full record, both validated. The
 * record is checked in full (record-check.ts and zod) and stored packed (record-codec.ts), unless it is a
 * {@link VouchedRecord}: a remote worker's record whose seal the coordinator verified, which the worker
 * checked with the same check and packed before sealing it; its bytes are then stored as they came (see
 * docs/workers.md).
 */
export interface FinishedGame {
  readonly index: number;
  readonly outcome: unknown;
  readonly record: unknown;
}

/**
 * Stores games of the schedule before any of them starts, all or none. Indexes must continue the schedule
 * exactly (the next is the number of games already scheduled), and every seat must be a known participant.
 */
export function addScheduled(db: Db, games: readonly unknown[], now: Date): ScheduledGame[] {
  const valid = games.map((g, i) =>
    check(scheduledGameSchema, g, `scheduled game ${i + 1} of ${games.length}`),
  );
  const at = now.toISOString();
  transaction(db, () => {
    const next = num(db.sql('SELECT coalesce(max(idx), -1) + 1 AS n FROM scheduled_games').get() ?? {}, 'n');
    const known = new Set(
      db
        .sql('SELECT id FROM participants')
        .all()
        .map((r) => text(r, 'id')),
    );
    valid.forEach((game, i) => {
      if (game.index !== next + i) {
        const holds = next === 0 ? 'no games yet' : `games 0 to ${next - 1}`;
        throw new StoreError(
          'conflict',
          `scheduled game ${i + 1} of ${valid.length} has index ${game.index}, expected ${next + i}: ` +
            `the schedule holds ${holds} and indexes continue it without gaps`,
        );
      }
      const unknown = game.seats.find((seat) => !known.has(seat));
      if (unknown !== undefined) {
        throw new StoreError(
          'conflict',
          `scheduled game ${game.index}: no participant ${JSON.stringify(unknown)}`,
        );
      }
      db.sql(
        'INSERT INTO scheduled_games (idx, stage, round, seats, seed, board, match, scheduled_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        game.index,
        game.stage,
        game.round,
        JSON.stringify(game.seats),
        game.seed,
        game.board,
        game.match,
        at,
      );
    });
  });
  return valid;
}

/** Options of {@link finishGames}. */
export interface FinishOptions {
  /**
   * Rebuild the ranking totals once from every stored outcome after the games are in, instead of adding
   * each game to them: for many games at once (an import of 17,190 games: each addition rewrites the
   * entries it touches, which for 60 players costs about a millisecond a game). The same totals either way.
   */
  readonly rebuildTotals?: boolean;
}

/**
 * Stores finished games with their full records, all in one transaction: after a crash either every one
 * of them is stored completely (result, record and per-seat rows) or none is. A game that already has a
 * result is refused with `already-finished`, so no game is ever stored twice.
 */
export function finishGames(
  db: Db,
  games: readonly FinishedGame[],
  now: Date,
  options: FinishOptions = {},
): void {
  // Packed before the transaction: its write lock is then held only for the writes.
  const valid = games.map((g) => {
    if (g.record instanceof VouchedRecord) {
      return { index: g.index, packed: g.record.bytes, ...checkVouched(g.index, g.outcome, g.record) };
    }
    const checked = checkOutcome(g.index, g.outcome, g.record);
    return { index: g.index, packed: packRecord(checked.record), ...checked };
  });
  const at = now.toISOString();
  transaction(db, () => {
    for (const { index, packed, outcome, record } of valid) {
      const game = scheduledGame(db, index);
      if (!game) throw new StoreError('conflict', `game ${index} is not in the schedule`);
      const done = db.sql('SELECT finished_at FROM results WHERE idx = ?').get(index);
      if (done) {
        throw new StoreError(
          'already-finished',
          `game ${index} is already finished (stored ${text(done, 'finished_at')}); it is never stored twice`,
        );
      }
      const mismatch =
        JSON.stringify(outcome.seats) !== JSON.stringify(game.seats)
          ? `the outcome seats ${outcome.seats.join(', ')}, the schedule ${game.seats.join(', ')}`
          : record.seed !== game.seed
            ? `the record has seed ${record.seed}, the schedule ${game.seed}`
            : game.board !== null && record.board !== game.board
              ? 'the record was played on another board than the scheduled one'
              : null;
      if (mismatch) throw new StoreError('invalid', `game ${index}: ${mismatch}`);

      // seq: the finish order, which the ranking's openskill ratings follow.
      db.sql(
        'INSERT INTO results (idx, outcome, finished_at, seq) ' +
          'VALUES (?, ?, ?, (SELECT coalesce(max(seq), -1) + 1 FROM results))',
      ).run(index, JSON.stringify(outcome), at);
      // `record` holds the JSON text of records stored before schema version 3 only (migrations.ts).
      db.sql("INSERT INTO records (idx, record, packed) VALUES (?, '', ?)").run(index, packed);
      const seatRow = db.sql(
        'INSERT INTO results_seats (idx, seat, participant, stage, round, score, status, charged_us, ' +
          'max_move_us, moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      const addTotal = db.sql(ADD_TOTAL_SQL);
      outcome.seats.forEach((participant, seat) => {
        const time = outcome.times[seat];
        const [score, status] = [outcome.scores[seat], outcome.statuses[seat]];
        // checkOutcome guarantees equal lengths; this only satisfies the compiler.
        if (!time || score === undefined || status === undefined) throw new Error('unreachable');
        seatRow.run(
          index,
          seat,
          participant,
          game.stage,
          game.round,
          score,
          status,
          time.chargedUs,
          time.maxMoveUs,
          time.moves,
        );
        const is = (s: string): number => (status === s ? 1 : 0);
        addTotal.run(
          participant,
          game.stage,
          score,
          is('OK'),
          is('TIMEOUT'),
          is('ILLEGAL'),
          is('CRASH'),
          is('EXIT'),
          time.chargedUs,
          time.maxMoveUs,
          time.moves,
        );
      });
      if (!options.rebuildTotals) addToRankingTotals(db, outcome, game, shapeOfGame(record.game));
    }
    if (options.rebuildTotals) rebuildRankingTotals(db);
  });
}

/**
 * Rebuilds the `totals` rows of these (participant, stage) pairs from their remaining seat rows. A plain
 * subtraction would not do: `max_move_us` is a maximum, which cannot be un-added, and REAL sums that are
 * added and then subtracted may drift from a fresh sum. Reading a few participants' rows from the
 * covering index `results_seats_standings` stays cheap whatever the size of the event.
 */
const REBUILD_TOTAL_SQL = `
  INSERT INTO totals (participant, stage, games, points, ok, timeout, illegal, crash, exit, charged_us,
    max_move_us, moves)
  SELECT participant, stage, count(*), total(score), sum(status = 'OK'), sum(status = 'TIMEOUT'),
    sum(status = 'ILLEGAL'), sum(status = 'CRASH'), sum(status = 'EXIT'), total(charged_us),
    max(max_move_us), sum(moves)
  FROM results_seats WHERE participant = ?1 AND stage = ?2 GROUP BY participant, stage`;

const reopenIndexes = z.array(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/**
 * Makes finished games unfinished again, all in one transaction: their result, full record and seat rows
 * are removed and the `totals` rows of their participants are rebuilt, so the totals stay equal to a
 * recomputation from the seat rows. The scheduled games stay as they are (same seats, seed and board),
 * so the runner plays them again from the start. Used when a bot's program changed and only its games
 * are to be replayed; for adaptive formats the later rounds keep the pairings made from the old results.
 *
 * Refuses, changing nothing, with `conflict` naming every index that is not in the schedule or has not
 * finished (a repeated index counts once). Returns how many games were reopened.
 */
export function reopenGames(db: Db, indexes: readonly unknown[]): number {
  const wanted = [...new Set(check(reopenIndexes, indexes, 'the games to reopen'))].sort((a, b) => a - b);
  return transaction(db, () => {
    const unknown: number[] = [];
    const unfinished: number[] = [];
    for (const index of wanted) {
      if (!db.sql('SELECT 1 FROM scheduled_games WHERE idx = ?').get(index)) unknown.push(index);
      else if (!db.sql('SELECT 1 FROM results WHERE idx = ?').get(index)) unfinished.push(index);
    }
    if (unknown.length > 0 || unfinished.length > 0) {
      const problems = [
        unknown.length > 0 ? `not in the schedule: ${unknown.join(', ')}` : null,
        unfinished.length > 0 ? `not finished: ${unfinished.join(', ')}` : null,
      ].filter((p) => p !== null);
      throw new StoreError('conflict', `cannot reopen games (${problems.join('; ')}); nothing was changed`);
    }
    // The (participant, stage) pairs whose totals lose games, keyed so each is rebuilt once.
    const touched = new Map<string, readonly [string, string]>();
    for (const index of wanted) {
      for (const row of db.sql('SELECT participant, stage FROM results_seats WHERE idx = ?').all(index)) {
        const pair = [text(row, 'participant'), text(row, 'stage')] as const;
        touched.set(JSON.stringify(pair), pair);
      }
      // Children first: records and seat rows reference results.
      db.sql('DELETE FROM records WHERE idx = ?').run(index);
      db.sql('DELETE FROM results_seats WHERE idx = ?').run(index);
      db.sql('DELETE FROM results WHERE idx = ?').run(index);
    }
    for (const [participant, stage] of touched.values()) {
      db.sql('DELETE FROM totals WHERE participant = ? AND stage = ?').run(participant, stage);
      // No row is inserted when no game of the pair is left, as a recomputation would have none either.
      db.sql(REBUILD_TOTAL_SQL).run(participant, stage);
    }
    // The ranking totals hold ratings that were updated game by game: recomputed from what is left.
    rebuildRankingTotals(db);
    return wanted.length;
  });
}
