import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from './pid.ts';

/**
 * Writes `content` to `path` so that a crash, a power cut or a full disk leaves either the old or the new
 * file, never half of one: a temporary file in the same folder (a rename is only atomic within a file
 * system) is written, flushed to disk and renamed over the target, then the folder is flushed. Creates
 * the folder when missing. The one atomic writer of Jury: settings and library files, exports, saves.
 * With `mode` (0o600 for a file holding a password), the file has that mode from its creation on, whatever
 * the umask, and so has `path` after the rename, whatever mode the file it replaced had.
 */
export async function writeFileAtomic(
  path: string,
  content: string,
  options: { readonly mode?: number } = {},
): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', options.mode ?? 0o666);
    try {
      if (options.mode !== undefined) await handle.chmod(options.mode);
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (e) {
    await unlink(temp).catch(() => undefined);
    throw e;
  }
  await syncFolder(folder);
}

/** Flushes the folder's entry of the renamed file; folders cannot be opened for this on Windows. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself has still happened.
  }
}

/** The marker in the names of {@link writeFolderAtomic}'s temporary siblings. */
const FOLDER_MARK = '.jury-';

/**
 * Writes a whole folder so that a crash or a kill leaves either the old folder or the new one, never half
 * of one: `fill` writes into a temporary sibling `.<name>.jury-new-<pid>-<random>`, which is renamed into
 * place when complete (an existing folder is first renamed aside to `.<name>.jury-old-…` and then
 * removed). Siblings that a killed process left are removed first. The caller decides whether `path` may
 * be replaced (exports only replace a folder of their own files). Resolves with what `fill` returned.
 */
export async function writeFolderAtomic<T>(path: string, fill: (dir: string) => Promise<T>): Promise<T> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  await removeLeftovers(folder, basename(path));
  const sibling = (kind: string): string =>
    join(folder, `.${basename(path)}${FOLDER_MARK}${kind}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const temp = sibling('new');
  await mkdir(temp);
  let result: T;
  let replacing = false;
  const old = sibling('old');
  try {
    result = await fill(temp);
    replacing = await rename(path, old).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return false;
        throw e;
      },
    );
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { recursive: true, force: true });
    // The old folder goes back if the new one could not take its place.
    if (replacing) await rename(old, path).catch(() => undefined);
    throw e;
  }
  if (replacing) await rm(old, { recursive: true, force: true });
  await syncFolder(folder);
  return result;
}

/** Removes `.<name>.jury-new-<pid>-…` and `.<name>.jury-old-<pid>-…` siblings of processes that are gone. */
async function removeLeftovers(folder: string, name: string): Promise<void> {
  const prefix = `.${name}${FOLDER_MARK}`;
  for (const entry of await readdir(folder)) {
    const pid = new RegExp(`^(?:new|old)-(\\d+)-[0-9a-f]+$`).exec(entry.slice(prefix.length))?.[1];
    if (!entry.startsWith(prefix) || pid === undefined || processAlive(Number(pid))) continue;
    await rm(join(folder, entry), { recursive: true, force: true });
  }
}
