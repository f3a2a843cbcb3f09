import { stat } from 'node:fs/promises';
import { basename, dirname, relative } from 'node:path';
import { launchSpecOf } from '../bot-launcher.ts';
import type { MatchBot } from '../play-match.ts';
import { launchOwnPaths } from '../process/program-view.ts';
import { readTree, type FileTree } from './file-tree.ts';

/** One folder a program's files travel in. */
export interface Shipped {
  readonly root: string;
  readonly tree: FileTree;
  readonly files: Map<string, string>;
  /** Whether a path of the coordinator lies in what this tree holds. */
  covers(path: string): boolean;
}

/**
 * The trees a program travels in: every path of its own its sandbox shows ({@link launchOwnPaths}, the
 * sandbox's own rule), a folder whole and a file alone, nothing inside another; its working folder as
 * an empty tree when the sandbox does not show it (a private, empty folder there too).
 */
export async function shippedTrees(
  bot: MatchBot,
  cwd: string,
  hidden: readonly string[],
): Promise<Shipped[]> {
  const inside = (path: string, folder: string): boolean => path === folder || path.startsWith(`${folder}/`);
  const paths = launchOwnPaths(launchSpecOf({ ...bot, cwd }));
  const folders = paths.filter((p) => !paths.some((q) => q !== p && inside(p, q)));
  // The working folder first: it is where the bot runs, and its tree the one most often shared.
  folders.sort((a, b) => Number(b === cwd) - Number(a === cwd));
  if (!folders.some((p) => inside(cwd, p))) folders.unshift(cwd);
  const out: Shipped[] = [];
  for (const path of folders) {
    const isFile = path !== cwd && !(await isDirectory(path));
    const root = isFile ? dirname(path) : path;
    const read = isFile
      ? await readTree(root, [basename(path)], hidden)
      : path === cwd && !paths.includes(cwd)
        ? await readTree(root, [])
        : await readTree(root, undefined, hidden);
    out.push({ root, ...read, covers: (p) => (isFile ? p === path : inside(p, path)) });
  }
  return out;
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Where a coordinator's path lies in the shipped trees (a tree's index, the path inside it), or null. */
export function placeIn(trees: readonly Shipped[], path: string): { tree: number; path: string } | null {
  const i = trees.findIndex((t) => t.covers(path));
  const t = trees[i];
  return t === undefined ? null : { tree: i, path: relative(t.root, path).split('\\').join('/') };
}
