import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

// Where an export may be written, judged before anything is: a refused target leaves every file as it was.

/** Whether `name` is a file that a transcripts export writes (`game-<n>.txt`). */
export function isTranscriptFile(name: string): boolean {
  return /^game-\d+\.txt$/.test(name);
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ENOTDIR: a part of the path is a file; folderProblem names it.
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw e;
  }
}

/** The nearest part of `path` (itself or a parent) that exists. */
function nearestExisting(path: string): string {
  for (let p = path; ; p = dirname(p)) {
    try {
      statSync(p);
      return p;
    } catch {
      if (dirname(p) === p) return p;
    }
  }
}

/** What stands in the way of creating `folder` (a file where a folder must be), or null. */
function folderProblem(folder: string): string | null {
  const existing = nearestExisting(folder);
  return statSync(existing).isDirectory() ? null : `${existing} is a file, not a folder`;
}

/** Why a single-file export cannot be written to `path` (a folder is there, …), or null when it can. */
export function fileTargetProblem(path: string, example: string): string | null {
  const stat = statOrNull(path);
  if (stat?.isDirectory())
    return `${path} is a folder; give the file to write, such as ${join(path, example)}`;
  if (stat && !stat.isFile()) return `${path} is not a regular file`;
  return folderProblem(dirname(path));
}

/**
 * Why the transcripts folder `path` cannot be written (or replaced) as a whole, or null. A missing
 * folder, an empty one and one that holds only `game-<n>.txt` files (an earlier export) may be replaced;
 * a folder with other files is refused, naming one, so an export never removes what it did not write.
 */
export function transcriptsTargetProblem(path: string): string | null {
  const stat = statOrNull(path);
  if (stat === null) return folderProblem(dirname(path));
  if (!stat.isDirectory()) return `${path} is a file; transcripts go into a folder`;
  const other = readdirSync(path).find((name) => !isTranscriptFile(name));
  return other === undefined
    ? null
    : `${path} holds files other than transcripts (${other}); give an empty or new folder`;
}

/** Where writing `path` lands: `..` and symbolic links resolved, also a link to a file not there yet. */
function landing(path: string, links = 0): string {
  try {
    return realpathSync(path);
  } catch {
    // Not there (yet): a dangling link leads to its target; otherwise the parent's landing plus the name.
  }
  let target: string | null = null;
  try {
    if (lstatSync(path).isSymbolicLink()) target = readlinkSync(path);
  } catch {
    // Not there at all.
  }
  // 40: the kernel's own limit on links in one path (ELOOP).
  if (target !== null && links < 40) return landing(resolve(dirname(path), target), links + 1);
  const parent = dirname(path);
  return parent === path ? path : join(landing(parent, links), basename(path));
}

/**
 * The first of `files` that `path` is, or null: the same file (device and inode) where both exist,
 * otherwise the same place once `..` and symbolic links are resolved (a `-wal` that is not there yet, a
 * link to it). Relative paths start at the working folder.
 */
export function sameFileAmong(path: string, files: readonly string[]): string | null {
  const identity = (p: string): Stats | null => {
    try {
      return statSync(resolve(p));
    } catch {
      return null; // not there, a link loop, no permission: compared by place alone
    }
  };
  const stat = identity(path);
  const place = landing(resolve(path));
  for (const file of files) {
    const other = identity(file);
    if (stat && other && stat.dev === other.dev && stat.ino === other.ino) return file;
    if (landing(resolve(file)) === place) return file;
  }
  return null;
}
