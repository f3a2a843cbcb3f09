import type { EventTotals } from '../../../shared/tournament/ranking/index.ts';
import type { GameOutcome, ScheduledGame, ScheduleHistory } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import { parseStoredJson, StoreError } from './errors.ts';
import { addScheduled, finishGames, reopenGames, type FinishedGame, type FinishOptions } from './games.ts';
import { createStoreFile, openStoreFile, toJson, type StoreInit, type StoreOptions } from './lifecycle.ts';
import type { RunLock } from './run-lock.ts';
import { readVersion } from './migrations.ts';

export type { StoreInit, StoreOptions } from './lifecycle.ts';
import * as people from './participants.ts';
import * as q from './queries.ts';
import { readRankingTotals } from './ranking.ts';
import { text, type Db } from './sqlite.ts';
import type { StoredParticipant } from './validate.ts';

/** The tournament's fixed facts. */
export interface StoreInfo {
  readonly path: string;
  readonly seed: number;
  readonly createdAt: string;
  /** The Jury version that created the file. */
  readonly juryVersion: string;
  readonly schemaVersion: number;
}

/**
 * One tournament's SQLite file (see docs/tournaments.md, "The store"). Every write is one transaction
 * that is validated first, so a refused write changes nothing; every finished game commits atomically
 * with its full record; the schedule is stored before its games start.
 */
export class TournamentStore {
  /** The file this store reads and writes. */
  readonly path: string;
  #db: Db | null;
  #lock: RunLock | null;
  readonly #now: () => Date;
  readonly #readOnly: boolean;

  private constructor(path: string, db: Db, lock: RunLock | null, now: () => Date, readOnly: boolean) {
    this.path = path;
    this.#db = db;
    this.#lock = lock;
    this.#now = now;
    this.#readOnly = readOnly;
  }

  /**
   * Creates a new store at `path` (refused if the file exists). The file is built under a temporary
   * name and renamed into place once complete, so a crash during creation never leaves half a store.
   */
  static create(path: string, init: StoreInit, options: StoreOptions = {}): TournamentStore {
    createStoreFile(path, init, options.now?.() ?? new Date(), options);
    return TournamentStore.open(path, options);
  }

  /**
   * Opens an existing store, migrating an older schema. A file that is no sound Jury store of a known
   * version is refused unchanged (see inspect.ts), and with `lock` so is a store another live run holds.
   */
  static open(path: string, options: StoreOptions = {}): TournamentStore {
    const { db, lock } = openStoreFile(path, options);
    return new TournamentStore(path, db, lock, options.now ?? (() => new Date()), options.readOnly ?? false);
  }

  /** Closes the file and lets go of the run lock; later calls throw `closed`. Closing twice is harmless. */
  close(): void {
    this.#db?.close();
    this.#db = null;
    this.#lock?.release();
    this.#lock = null;
  }

  get #use(): Db {
    if (!this.#db) throw new StoreError('closed', `the store ${this.path} is closed`);
    return this.#db;
  }

  #meta(key: string): string {
    const row = this.#use.sql('SELECT value FROM meta WHERE key = ?').get(key);
    if (!row) throw new StoreError('not-a-store', `${this.path}: meta ${key} is missing`);
    return text(row, 'value');
  }

  /** The tournament's seed, creation time, creating Jury version and schema version. */
  info(): StoreInfo {
    return {
      path: this.path,
      seed: Number(this.#meta('seed')),
      createdAt: this.#meta('created_at'),
      juryVersion: this.#meta('jury_version'),
      // The file's own: a read-only store may be older than this Jury's (OLDEST_READ_ONLY_SCHEMA).
      schemaVersion: readVersion(this.#use).version,
    };
  }

  /** Replaces the stored config (any JSON value). */
  saveConfig(config: unknown): void {
    const value = toJson(config, 'the config');
    this.#use.sql("UPDATE meta SET value = ? WHERE key = 'config'").run(value);
  }

  /** The stored config, as saved (null if none was given). */
  loadConfig(): unknown {
    return parseStoredJson(this.#meta('config'), 'the config');
  }

  /**
   * What an imported event keeps of its source (`StoreInit.imported`), or null for an event Jury plays.
   * An imported event is read-only: its games are results, nothing runs it.
   */
  imported(): unknown {
    const row = this.#use.sql("SELECT value FROM meta WHERE key = 'imported'").get();
    return row ? parseStoredJson(text(row, 'value'), 'the import') : null;
  }

  /** Every participant, in the order added. */
  participants(): StoredParticipant[] {
    return people.listParticipants(this.#use);
  }

  /** One participant, or null. */
  participant(id: string): StoredParticipant | null {
    return people.getParticipant(this.#use, id);
  }

  /** Adds participants, all or none (see {@link people.addParticipants}). */
  addParticipants(participants: readonly unknown[]): void {
    people.addParticipants(this.#use, participants);
  }

  /** Changes a participant's name, command or executable hash. */
  updateParticipant(id: string, patch: people.ParticipantPatch): StoredParticipant {
    return people.updateParticipant(this.#use, id, patch);
  }

  /** Removes a participant that is seated in no scheduled game. */
  removeParticipant(id: string): void {
    people.removeParticipant(this.#use, id);
  }

  /** Stores the next games of the schedule, all or none, before any of them starts. */
  addScheduled(games: readonly unknown[]): ScheduledGame[] {
    return addScheduled(this.#use, games, this.#now());
  }

  /** Stores one finished game with its full record, atomically; a second finish throws `already-finished`. */
  finishGame(index: number, outcome: unknown, record: unknown): void {
    finishGames(this.#use, [{ index, outcome, record }], this.#now());
  }

  /** Stores several finished games in one transaction, all or none (imports, benchmarks). */
  finishGames(games: readonly FinishedGame[], options: FinishOptions = {}): void {
    finishGames(this.#use, games, this.#now(), options);
  }

  /**
   * Makes finished games unfinished again so the runner plays them from the start (after a bot's program
   * changed), in one transaction: their results, records and seat rows go and the running totals are
   * rebuilt to match the remaining seat rows; the scheduled games themselves stay (same seats, seeds and
   * boards). Adaptive formats keep their later pairings, which were made from the old results. Unknown or
   * unfinished indexes are refused with `conflict`, naming them, and nothing changes. Returns how many games
   * were reopened.
   */
  reopenGames(indexes: readonly number[]): number {
    return reopenGames(this.#use, indexes);
  }

  /** The finished games a participant sat in, by index; `conflict` for an unknown participant. */
  gamesOf(participantId: string): number[] {
    return q.gamesOf(this.#use, participantId);
  }

  /** The schedule and the finished outcomes, as schedulers read them. */
  history(): ScheduleHistory {
    return q.scheduleHistory(this.#use);
  }

  /** Every scheduled game, in order. */
  scheduled(): ScheduledGame[] {
    return q.scheduledGames(this.#use);
  }

  /** Scheduled games without a result: the ones to (re)start. */
  unfinished(): ScheduledGame[] {
    return q.unfinishedGames(this.#use);
  }

  /** A finished game's full record, or null if the game has not finished. */
  record(index: number): GameRecord | null {
    return q.storedRecord(this.#use, index);
  }

  /** Every finished game's outcome, in schedule order. */
  outcomes(): GameOutcome[] {
    return q.storedOutcomes(this.#use);
  }

  /**
   * The event's running ranking totals (shared/tournament/ranking), kept up to date by every
   * `finishGame` in the same transaction: read in one query, whatever the number of games. This is what
   * every view ranks: `rankEvent(store.totals(), context)`. Never reload every outcome for a leaderboard.
   */
  totals(): EventTotals {
    return readRankingTotals(this.#use, this.#readOnly);
  }

  /** Every seat of every finished game, optionally of one stage. */
  seatRows(stage?: string): q.SeatRow[] {
    return q.seatRows(this.#use, stage);
  }

  /** Per-participant totals (running totals; `fromRows` recomputes them from the seat rows). */
  seatTotals(stage?: string, fromRows = false): q.SeatTotals[] {
    return q.seatTotals(this.#use, stage, fromRows);
  }

  /** Scheduled, finished and unfinished game counts. */
  counts(): q.StoreCounts {
    return q.storeCounts(this.#use);
  }

  /** SQLite's integrity check: an empty list when the file is sound, otherwise its complaints. */
  integrityCheck(): string[] {
    const rows = this.#use
      .sql('PRAGMA integrity_check')
      .all()
      .map((r) => text(r, 'integrity_check'));
    return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
  }
}
