import { basename } from 'node:path';
import { StoreError } from './errors.ts';
import { reopenGames } from './games.ts';
import { openStoreFile } from './lifecycle.ts';
import { describeHolder, runLockHolder } from './run-lock.ts';
import type { Db } from './sqlite.ts';

/**
 * Deleting one finished game's result so the next run plays it again (Banksia's "delete game"): the
 * organiser's correction of a game that went wrong for reasons outside the bots (a machine that hung, a
 * bot that was replaced). The game stays scheduled with the same seats, seed and board; later pairings of
 * an adaptive format (Swiss, groups by standing, knockout) that were made from its old result stay too.
 *
 * Messages number games from 1, as the app shows them (`game #4` is index 3).
 */

/** Options of {@link resetStoredGame}. */
export interface ResetGameOptions {
  /** Who holds the run lock while the result is deleted (`the Jury app`). */
  readonly holder: string;
}

/**
 * Deletes the result of the finished game `index` on an open read-write connection: checks first that
 * the store is no imported event and that the game is scheduled and finished, then removes its result,
 * record and seat rows and rebuilds the running totals (`totals` and the ranking totals) from the
 * remaining results, in one transaction (`reopenGames`). A refusal throws `conflict` and changes nothing.
 * The caller must hold the store's run lock, so that no run writes meanwhile.
 */
export function resetFinishedGame(db: Db, index: number): void {
  const number = Number.isSafeInteger(index) && index >= 0 ? index + 1 : null;
  if (number === null) throw new StoreError('invalid', `the game index ${String(index)} is not a game`);
  if (db.sql("SELECT 1 FROM meta WHERE key = 'imported'").get()) {
    throw new StoreError(
      'conflict',
      `cannot play game #${number} again: this tournament is imported and read-only; nothing was changed`,
    );
  }
  if (!db.sql('SELECT 1 FROM scheduled_games WHERE idx = ?').get(index)) {
    throw new StoreError('conflict', `there is no game #${number} in the schedule; nothing was changed`);
  }
  if (!db.sql('SELECT 1 FROM results WHERE idx = ?').get(index)) {
    throw new StoreError(
      'conflict',
      `game #${number} has not finished: it has no result to delete; nothing was changed`,
    );
  }
  reopenGames(db, [index]);
}

/**
 * Deletes the result of the finished game `index` of the store file at `storePath` (see
 * {@link resetFinishedGame}), holding the store's run lock meanwhile: refused with `locked`, naming the
 * run, while a tournament run (`jury run`, the app) holds it, and with `conflict` for an imported event
 * or a game without a result. A refusal leaves the file as it was.
 */
export function resetStoredGame(storePath: string, index: number, options: ResetGameOptions): void {
  const holder = runLockHolder(storePath);
  if (holder) throw runningError(storePath, index, describeHolder(holder));
  let opened: ReturnType<typeof openStoreFile>;
  try {
    opened = openStoreFile(storePath, { lock: options.holder });
  } catch (e) {
    // A run that took the lock in between is named the same way.
    const now = runLockHolder(storePath);
    if (e instanceof StoreError && e.code === 'locked' && now)
      throw runningError(storePath, index, describeHolder(now));
    throw e;
  }
  try {
    resetFinishedGame(opened.db, index);
  } finally {
    opened.db.db.close();
    opened.lock?.release();
  }
}

function runningError(storePath: string, index: number, holder: string): StoreError {
  return new StoreError(
    'locked',
    `cannot play game #${index + 1} again: ${basename(storePath)} is being run by ${holder}; stop the run ` +
      'first; nothing was changed',
  );
}
