import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Private working folders: one per confined bot per game, made empty before the bot starts and removed
 * with everything in it when the bot is shut down. They live in one folder of Jury's own under the
 * system's temporary folder, readable only by Jury's user (and the bot's uid for its own folder).
 */

/** Jury's folder of working folders (made on first use). */
export function workdirRoot(): string {
  const uid = process.getuid?.() ?? 0;
  return join(tmpdir(), `jury-sandbox-${uid}`);
}

/** Makes a fresh, empty working folder, owned by `uid` when given (Jury runs as root). */
export function makeWorkdir(uid: number | null): string {
  const root = workdirRoot();
  mkdirSync(root, { recursive: true, mode: 0o711 });
  chmodSync(root, 0o711); // others may pass through to their own folder, never list the others
  if (!swept) sweepStale(root);
  swept = true;
  const dir = join(root, `${process.pid}-${randomUUID()}`);
  mkdirSync(dir, { mode: 0o700 });
  if (uid !== null) chownSync(dir, uid, uid);
  return dir;
}

let swept = false;

/** Removes the working folders of Jury processes that are gone (killed before they could clean up). */
function sweepStale(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = /^(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !existsSync(`/proc/${pid}`)) removeWorkdir(join(root, name));
  }
}

/** Removes a working folder and whatever the bot left in it. Never throws. */
export function removeWorkdir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Best effort: a later run's sweep removes what is left.
  }
}

/** The entries of a bot's own folder (shown read-only inside its working folder), at most `max`. */
export function folderEntries(folder: string, max: number): string[] | null {
  try {
    const names = readdirSync(folder);
    return names.length > max ? null : names.map((n) => join(folder, n));
  } catch {
    return [];
  }
}
