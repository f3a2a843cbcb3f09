import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, cp, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PlayerChannel } from '../channel.ts';
import type { GamePackage } from './load.ts';

/**
 * A referee's own working folder for one game, as caiaio's referees expect one: copies of the files the
 * manifest names (`referee.txt`, tiles …) at their paths in the package, and room for its log (argv[1]).
 * The copies keep the package itself out of the referee's reach; the folder is removed after the game.
 */
export interface RefereeFolder {
  /** The folder's absolute path (the referee's working directory). */
  readonly path: string;
  /** Removes the folder and everything in it. Never throws. */
  remove(): Promise<void>;
}

/** Jury's folder of referee folders, beside the process layer's working folders. */
function refereesRoot(): string {
  return join(tmpdir(), `jury-referees-${process.getuid?.() ?? 0}`);
}

let swept = false;

/** Removes the folders of Jury processes that are gone (killed before they could clean up). */
async function sweepStale(root: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const pid = /^(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !existsSync(`/proc/${pid}`)) {
      await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/**
 * Lets every user read what was copied (and enter folders, run programs): as root, Jury starts the
 * referee under a uid of its own, which sees the files as "others" do.
 */
async function openUp(path: string): Promise<void> {
  const s = await lstat(path);
  if (s.isSymbolicLink()) return;
  if (s.isDirectory()) {
    await chmod(path, (s.mode & 0o7777) | 0o755);
    for (const name of await readdir(path)) await openUp(join(path, name));
    return;
  }
  const exec = (s.mode & 0o100) !== 0 ? 0o011 : 0;
  await chmod(path, (s.mode & 0o7777) | 0o044 | exec);
}

/** Makes a fresh referee folder for one game of `pkg`, with copies of its files. */
export async function makeRefereeFolder(pkg: GamePackage): Promise<RefereeFolder> {
  const root = refereesRoot();
  await mkdir(root, { recursive: true, mode: 0o711 });
  await chmod(root, 0o711);
  if (!swept) await sweepStale(root);
  swept = true;
  const path = join(root, `${process.pid}-${randomUUID()}`);
  const remove = (): Promise<void> =>
    rm(path, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  try {
    await mkdir(path, { mode: 0o755 });
    for (const file of pkg.files) {
      const target = join(path, file.name);
      await mkdir(dirname(target), { recursive: true, mode: 0o755 });
      if (file.kind === 'folder') await cp(file.path, target, { recursive: true, dereference: true });
      else await copyFile(file.path, target);
    }
    await openUp(path);
  } catch (e) {
    await remove();
    throw new Error(`cannot make the referee's working folder: ${(e as Error).message}`, { cause: e });
  }
  return { path, remove };
}

/**
 * Where a referee started in `folder` writes what it writes there: inside the sandbox its working
 * folder is a private one the process layer binds over `folder` (see PlayerChannel.writableFolder),
 * else `folder` itself.
 */
export function writableFolder(channel: PlayerChannel, folder: string): string {
  const writable = channel.writableFolder?.() ?? null;
  return writable !== null && writable.inside === folder ? writable.host : folder;
}
