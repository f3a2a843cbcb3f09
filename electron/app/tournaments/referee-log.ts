import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import type { RefereeLog } from '../../../shared/ipc/app-schemas.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { refereeLogsFolder } from '../../engine/tournament/game-player.ts';

/** The most of a referee's log the game viewer is sent (a CodeCup HTML replay is well under this). */
export const REFEREE_LOG_SHOWN_BYTES = 2 * 1024 * 1024;

/**
 * The referee's own log of a game package's game, as the game viewer shows it: the file name and kind the
 * manifest gave, and the text Jury kept beside the tournament's store (`<store>-referee-logs/`), at most
 * {@link REFEREE_LOG_SHOWN_BYTES}. Null for a game without a referee (a built-in game). `text` is null,
 * with `missing` saying why, when the referee wrote no log, the file has gone, or the record names a
 * file outside the store's log folder: a record is data, and the viewer never reads a file it names
 * elsewhere.
 */
export function refereeLogOf(record: GameRecord, store: string): RefereeLog | null {
  const log = record.caia?.log;
  if (log === undefined) return null;
  const shown = { file: log.file, kind: log.kind };
  if (log.path === null) return { ...shown, text: null, truncated: false, missing: 'not-kept' };
  const inside = relative(refereeLogsFolder(store), log.path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    return { ...shown, text: null, truncated: false, missing: 'elsewhere' };
  }
  let fd: number;
  try {
    fd = openSync(log.path, 'r');
  } catch {
    return { ...shown, text: null, truncated: false, missing: 'gone' };
  }
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, REFEREE_LOG_SHOWN_BYTES));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return {
      ...shown,
      text: buffer.subarray(0, read).toString('utf8'),
      truncated: size > read,
      missing: null,
    };
  } finally {
    closeSync(fd);
  }
}
