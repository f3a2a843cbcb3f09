import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { processAlive, processStart } from '../pid.ts';
import { StoreError } from './errors.ts';
import { transaction, type Db } from './sqlite.ts';

/**
 * The run lock of a store: while a tournament is being run (`jury run`, the app), `<store>.lock` beside
 * the file names the holder, and a second run is refused with that name. Readers (standings, exports, the
 * app's screens) ignore it: SQLite's WAL lets them read while the run writes.
 *
 * Why a JSON file taken inside an SQLite write transaction: the file is readable by people (it says who
 * runs the tournament) and goes away with the run; a kernel lock (flock) is out of Node's reach without a
 * native module, and `proper-lockfile` judges a lock stale by its age, so it would refuse a rerun for
 * seconds after a `kill -9` and give the lock away when a laptop sleeps. Here a lock is stale when its
 * process is gone: same host and no process with its pid (or, on Linux, a process with that pid that
 * started at another time: a reused pid). Every acquisition, including the removal of a stale lock, runs
 * inside `BEGIN IMMEDIATE` on the store, so two runs starting at once are put in order by SQLite's own
 * write lock and cannot both take over the same stale lock; the file itself is created with O_EXCL.
 */

/** What the lock file holds. */
export interface RunLockInfo {
  readonly pid: number;
  readonly host: string;
  /** When the run took the lock (ISO 8601). */
  readonly startedAt: string;
  /** Who runs it, for people: `jury run club.json`, `the Jury app`. */
  readonly holder: string;
  /** The holder's process start time (Linux), to notice a pid used again by another process. */
  readonly processStart: string | null;
  /** Tells this lock from a later one of the same process. */
  readonly token: string;
}

/** The lock file of the store at `storePath`. */
export function runLockPath(storePath: string): string {
  return `${storePath}.lock`;
}

/** The holder of the store's run lock when a live run holds it, else null (no lock, or a stale one). */
export function runLockHolder(storePath: string): RunLockInfo | null {
  const found = readLock(storePath);
  return found !== null && found !== 'unreadable' && isHeld(found) ? found : null;
}

/** The holder in words: `jury run club.json (pid 4242, since 2025-03-01T12:00:00.000Z)`, host if not this. */
export function describeHolder(info: RunLockInfo): string {
  const where = info.host === hostname() ? `pid ${info.pid}` : `pid ${info.pid} on ${info.host}`;
  return `${info.holder} (${where}, since ${info.startedAt})`;
}

/** The `locked` StoreError for a store held by `info`: names the holder and what to do. */
export function lockedError(storePath: string, info: RunLockInfo): StoreError {
  return new StoreError(
    'locked',
    `${storePath} is being run by ${describeHolder(info)}; a second run is refused: wait for that run to ` +
      `end or stop it (if it is no longer running, delete ${runLockPath(storePath)})`,
  );
}

/** A held run lock; {@link RunLock.release} removes the file (also done when the process exits). */
export interface RunLock {
  readonly info: RunLockInfo;
  release(): void;
}

const held = new Set<{ path: string; token: string }>();

/**
 * Takes the run lock of the store at `storePath`, whose read-write connection is `db`, for `holder`.
 * Refused with `locked`, naming the holder, while a live run holds it; a lock whose process is gone is
 * taken over.
 */
export function acquireRunLock(db: Db, storePath: string, holder: string): RunLock {
  const path = runLockPath(storePath);
  const info: RunLockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    holder,
    processStart: processStart(process.pid),
    token: randomBytes(8).toString('hex'),
  };
  transaction(db, () => {
    const found = readLock(storePath);
    if (found !== null && found !== 'unreadable' && isHeld(found)) throw lockedError(storePath, found);
    // Stale (its process is gone) or unreadable (a process killed while writing it): inside this
    // transaction no other run can be taking it at the same time.
    if (found !== null) unlinkSync(path);
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, `${JSON.stringify(info)}\n`);
    } finally {
      closeSync(fd);
    }
  });
  const entry = { path, token: info.token };
  if (held.size === 0) process.once('exit', releaseAll);
  held.add(entry);
  return {
    info,
    release: () => {
      held.delete(entry);
      removeIfOurs(entry);
      if (held.size === 0) process.off('exit', releaseAll);
    },
  };
}

function releaseAll(): void {
  for (const entry of held) removeIfOurs(entry);
  held.clear();
}

function removeIfOurs({ path, token }: { path: string; token: string }): void {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<RunLockInfo>;
    if (info.token === token) unlinkSync(path);
  } catch {
    // Gone already, or no longer ours: nothing to release.
  }
}

function readLock(storePath: string): RunLockInfo | 'unreadable' | null {
  let text: string;
  try {
    text = readFileSync(runLockPath(storePath), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new StoreError('locked', `${runLockPath(storePath)} cannot be read: ${(e as Error).message}`);
  }
  try {
    const v = JSON.parse(text) as Partial<RunLockInfo>;
    if (typeof v.pid !== 'number' || typeof v.host !== 'string') return 'unreadable';
    return {
      pid: v.pid,
      host: v.host,
      startedAt: String(v.startedAt ?? 'an unknown time'),
      holder: String(v.holder ?? 'another Jury'),
      processStart: typeof v.processStart === 'string' ? v.processStart : null,
      token: String(v.token ?? ''),
    };
  } catch {
    return 'unreadable';
  }
}

/** Whether the lock's process still runs. A lock of another host cannot be checked: it counts as held. */
function isHeld(info: RunLockInfo): boolean {
  if (info.host !== hostname()) return true;
  if (!processAlive(info.pid)) return false;
  const now = processStart(info.pid);
  return info.processStart === null || now === null || now === info.processStart;
}
