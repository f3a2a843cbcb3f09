import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, type Dirent } from 'node:fs';
import { chmod, readdir, rename, rmdir, unlink } from 'node:fs/promises';
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

/**
 * Removes a working folder and whatever the program left in it, a tree of any depth included. Never
 * throws. Node's rmSync gives up on a chain deeper than its file descriptors last (a 20,000-deep one a
 * bot builds in a second): such a tree is then dissolved in the background ({@link dissolve}).
 */
export function removeWorkdir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Dissolved below.
  }
  if (existsSync(dir)) void dissolve(dir).catch(() => undefined); // else a later run's sweep tries again
}

/**
 * Removes `dir` and everything below it, whatever the depth, with paths never longer than two names
 * below it: each folder directly in it is dissolved (its entries moved up into `dir` under new names,
 * then it is removed), files and links are unlinked (never followed), until `dir` is empty. Every entry
 * is moved at most once: a few system calls per entry, on libuv's thread pool (removing a folder took
 * milliseconds on this machine's disk: the judge goes on meanwhile).
 */
export async function dissolve(dir: string): Promise<void> {
  let fresh = 0;
  for (;;) {
    const entries = await readdirOpened(dir);
    if (entries.length === 0) break;
    for (const e of entries) {
      const path = join(dir, e.name);
      if (!e.isDirectory()) {
        await unlink(path);
        continue;
      }
      for (const inner of await readdirOpened(path))
        await rename(join(path, inner.name), join(dir, `~${fresh++}`));
      await rmdir(path);
    }
  }
  await rmdir(dir);
}

/** A folder's entries; one the program closed to its owner (chmod 0) is opened again first. */
async function readdirOpened(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    await chmod(dir, 0o700);
    return readdir(dir, { withFileTypes: true });
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
