import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { sha256File } from '../bots/hash.ts';

/**
 * Programs travel to workers as content-addressed file trees, like git's: a tree lists each file's
 * path, whether it is executable and the SHA-256 of its content; the tree's own hash covers that list.
 * Files are stored (and cached) by their hash, so a file two bots share travels once, a worker fetches
 * each program once, and every byte is checked against its hash before it is used. Written here rather
 * than with tar because a tarball's bytes change with file times and order, and a tree's hash must be the
 * same for the same files on every run.
 */

/** One file of a tree. */
export interface TreeEntry {
  /** The path inside the tree, with `/` between folders. */
  readonly path: string;
  readonly executable: boolean;
  readonly size: number;
  readonly hash: string;
}

/** A tree: its hash and its files, sorted by path. */
export interface FileTree {
  readonly hash: string;
  readonly entries: readonly TreeEntry[];
}

/** How big a program may be to travel to workers. */
export const TREE_LIMITS = { files: 5000, bytes: 512 * 1024 * 1024 } as const;

/** The hash of a tree's entries (they must be sorted by path). */
export function treeHash(entries: readonly TreeEntry[]): string {
  const text = entries.map((e) => `${e.path}\0${e.executable ? 'x' : '-'}\0${e.hash}\n`).join('');
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Reads the folder `root` as a tree (every regular file below it; symbolic links and other special
 * files are left out), or only the files `only` names (paths inside `root`); never the files `exclude`
 * names by absolute path (a tournament store kept in a bot's folder). Throws with a clear message when
 * the folder holds more than {@link TREE_LIMITS} allow.
 */
export async function readTree(
  root: string,
  only?: readonly string[],
  exclude: readonly string[] = [],
): Promise<{ tree: FileTree; files: Map<string, string> }> {
  const listed = only ? [...only] : await listFiles(root);
  const paths = listed.filter((path) => !exclude.includes(join(root, path)));
  const entries: TreeEntry[] = [];
  const files = new Map<string, string>();
  let bytes = 0;
  for (const path of paths.sort()) {
    const abs = join(root, path);
    const info = await stat(abs);
    bytes += info.size;
    if (entries.length >= TREE_LIMITS.files || bytes > TREE_LIMITS.bytes) {
      throw new Error(
        `${root} holds more than ${TREE_LIMITS.files} files or ${TREE_LIMITS.bytes / 1024 / 1024} MiB; give the bot a folder of its own (cwd) to run it on workers`,
      );
    }
    const hash = await sha256File(abs);
    entries.push({
      path: path.split(sep).join('/'),
      executable: (info.mode & 0o111) !== 0,
      size: info.size,
      hash,
    });
    files.set(hash, abs);
  }
  return { tree: { hash: treeHash(entries), entries }, files };
}

async function listFiles(root: string, below = ''): Promise<string[]> {
  const out: string[] = [];
  for (const item of await readdir(join(root, below), { withFileTypes: true })) {
    const path = below === '' ? item.name : join(below, item.name);
    if (item.isDirectory()) out.push(...(await listFiles(root, path)));
    else if (item.isFile()) out.push(path);
  }
  if (out.length > TREE_LIMITS.files) {
    throw new Error(
      `${root} holds more than ${TREE_LIMITS.files} files; give the bot a folder of its own (cwd)`,
    );
  }
  return out;
}

/** Where a worker keeps fetched files and trees. */
export class TreeCache {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** The folder of a materialized tree (it exists once {@link TreeCache.materialize} has made it). */
  folder(hash: string): string {
    return join(this.root, 'trees', hash);
  }

  blobPath(hash: string): string {
    return join(this.root, 'blobs', hash.slice(0, 2), hash);
  }

  /** Whether the file of this hash is cached. */
  async hasBlob(hash: string): Promise<boolean> {
    return stat(this.blobPath(hash)).then(
      () => true,
      () => false,
    );
  }

  /** Stores a file's bytes after checking them against their hash; throws on a mismatch. */
  async putBlob(hash: string, bytes: Buffer): Promise<void> {
    const got = createHash('sha256').update(bytes).digest('hex');
    if (got !== hash)
      throw new Error(`a file arrived damaged: its hash is ${got.slice(0, 12)}…, not ${hash.slice(0, 12)}…`);
    const path = this.blobPath(hash);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.part`;
    await writeFile(temp, bytes);
    await rename(temp, path);
  }

  /**
   * Makes the folder of `tree` from cached files (all must be there), checking the tree's hash first.
   * Built once, in a temporary folder renamed into place, so a half-made folder is never used.
   */
  async materialize(tree: FileTree): Promise<string> {
    if (treeHash(tree.entries) !== tree.hash)
      throw new Error(`the program's file list does not match its hash ${tree.hash.slice(0, 12)}…`);
    const folder = this.folder(tree.hash);
    if (
      await lstat(folder).then(
        () => true,
        () => false,
      )
    )
      return folder;
    const temp = `${folder}.${process.pid}.part`;
    await rm(temp, { recursive: true, force: true });
    for (const e of tree.entries) {
      const target = join(temp, ...e.path.split('/'));
      if (relative(temp, target).startsWith('..'))
        throw new Error(`the program names a file outside its folder: ${e.path}`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await readFile(this.blobPath(e.hash)));
      await chmod(target, e.executable ? 0o755 : 0o644);
    }
    await mkdir(temp, { recursive: true });
    await rename(temp, folder).catch(async (e: unknown) => {
      // Another slot of this worker made it first: theirs is as good.
      await rm(temp, { recursive: true, force: true });
      if (
        !(await lstat(folder).then(
          () => true,
          () => false,
        ))
      )
        throw e;
    });
    return folder;
  }
}
