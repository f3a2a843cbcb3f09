import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `content` to `path` so that a crash, a power cut or a full disk leaves either the old or the new
 * file, never half of one: a temporary file in the same folder (a rename is only atomic within a file
 * system) is written, flushed to disk and renamed over the target, then the folder is flushed. Creates
 * the folder when missing. The one atomic writer of Jury: settings and library files, exports, saves.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temp = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w');
    try {
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
