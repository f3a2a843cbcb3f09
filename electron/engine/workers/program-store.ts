import type { Redis } from 'ioredis';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { treeHash, type FileTree, type TreeCache } from './file-tree.ts';
import { QUEUE_PREFIX } from './names.ts';

const blobKey = (hash: string): string => `${QUEUE_PREFIX}:blob:${hash}`;
const treeKey = (hash: string): string => `${QUEUE_PREFIX}:tree:${hash}`;

const entriesSchema = z.array(
  z.strictObject({
    path: z.string().min(1),
    executable: z.boolean(),
    size: z.number().int().min(0),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  }),
);

/**
 * Puts a program's tree and its files in Redis (the coordinator, before any job names it): each file by
 * its hash, skipped when it is there already, then the tree's list, so a worker that finds the list finds
 * every file.
 */
export async function uploadTree(
  redis: Redis,
  tree: FileTree,
  files: ReadonlyMap<string, string>,
): Promise<void> {
  for (const e of tree.entries) {
    if ((await redis.exists(blobKey(e.hash))) === 1) continue;
    const path = files.get(e.hash);
    if (path === undefined) throw new Error(`no file for ${e.path}`);
    await redis.set(blobKey(e.hash), await readFile(path));
  }
  await redis.set(treeKey(tree.hash), JSON.stringify(tree.entries));
}

/**
 * The folder of program tree `hash` on this worker: from the cache, or fetched from Redis once, every
 * file checked against its hash and the list against the tree's. Throws with a clear message when Redis
 * does not hold it or a file arrives damaged; nothing half-fetched is ever used.
 */
export async function fetchTree(redis: Redis, hash: string, cache: TreeCache): Promise<string> {
  const text = await redis.get(treeKey(hash));
  if (text === null)
    throw new Error(
      `the program ${hash.slice(0, 12)}… is not in Redis (the coordinator uploads it when the run starts)`,
    );
  const parsed = entriesSchema.safeParse(JSON.parse(text));
  if (!parsed.success || treeHash(parsed.data) !== hash) {
    throw new Error(`the file list of program ${hash.slice(0, 12)}… does not match its hash`);
  }
  for (const e of parsed.data) {
    if (await cache.hasBlob(e.hash)) continue;
    const bytes = await redis.getBuffer(blobKey(e.hash));
    if (bytes === null)
      throw new Error(`the file ${e.path} of program ${hash.slice(0, 12)}… is not in Redis`);
    await cache.putBlob(e.hash, bytes);
  }
  return cache.materialize({ hash, entries: parsed.data });
}
