import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileHashCache, SETTLED_NS, sha256FileCached, type HashCacheDeps } from './hash-cache.ts';
import { sha256File } from './hash.ts';

/** A file system of one file whose content and times the test sets, counting the hashings. */
function fakeFiles() {
  const file = { content: 'v1', dev: 1n, ino: 7n, mtimeNs: 0n, ctimeNs: 0n };
  let now = SETTLED_NS * 10n;
  let hashed = 0;
  const deps: HashCacheDeps = {
    hashFile: async () => {
      hashed += 1;
      return `hash of ${file.content}`;
    },
    stat: () => ({ ...file, size: BigInt(file.content.length) }),
    nowNs: () => now,
  };
  return {
    deps,
    file,
    hashings: () => hashed,
    /** Writes the file now (a write sets both times to the current time). */
    write(content: string) {
      file.content = content;
      file.mtimeNs = now;
      file.ctimeNs = now;
    },
    later(ns: bigint) {
      now += ns;
    },
  };
}

describe('hashing a file again only when it changed', () => {
  it('reads a settled file once however often it is asked', async () => {
    const fs = fakeFiles();
    const cache = new FileHashCache(fs.deps);
    expect(await cache.hash('/bots/a')).toBe('hash of v1');
    expect(await cache.hash('/bots/a')).toBe('hash of v1');
    expect(await cache.hash('/bots/a')).toBe('hash of v1');
    expect(fs.hashings()).toBe(1);
  });

  it('hashes it again after any change, even one that keeps its size and modification time', async () => {
    const fs = fakeFiles();
    const cache = new FileHashCache(fs.deps);
    await cache.hash('/bots/a');
    fs.later(SETTLED_NS * 2n);
    fs.write('v2');
    fs.later(SETTLED_NS * 2n);
    expect(await cache.hash('/bots/a')).toBe('hash of v2');
    // Same size, modification time set back (touch -d): the change time still moved.
    const mtime = fs.file.mtimeNs;
    fs.write('v3');
    fs.file.mtimeNs = mtime;
    fs.later(SETTLED_NS * 2n);
    expect(await cache.hash('/bots/a')).toBe('hash of v3');
    // Replaced by another file (a rename over it): another inode.
    fs.file.ino = 8n;
    expect(await cache.hash('/bots/a')).toBe('hash of v3');
    expect(fs.hashings()).toBe(4);
  });

  it('does not remember a file changed just now: it may change again within the same tick', async () => {
    const fs = fakeFiles();
    const cache = new FileHashCache(fs.deps);
    fs.write('v2');
    await cache.hash('/bots/a');
    await cache.hash('/bots/a');
    expect(fs.hashings()).toBe(2);
    fs.later(SETTLED_NS);
    await cache.hash('/bots/a');
    await cache.hash('/bots/a');
    expect(fs.hashings()).toBe(3);
  });

  it('rejects for a file that cannot be read, and keeps nothing for it', async () => {
    const cache = new FileHashCache({
      ...fakeFiles().deps,
      stat: () => {
        throw new Error('ENOENT: no such file or directory');
      },
    });
    await expect(cache.hash('/bots/gone')).rejects.toThrow('ENOENT');
  });
});

describe('the shared cache on real files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('gives the file’s SHA-256, and the new one right after the file is rewritten', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jury-hash-'));
    dirs.push(dir);
    const path = join(dir, 'bot');
    writeFileSync(path, 'first version');
    expect(await sha256FileCached(path)).toBe(await sha256File(path));
    const first = await sha256FileCached(path);
    writeFileSync(path, 'other version'); // same size, within the same second
    const second = await sha256FileCached(path);
    expect(second).not.toBe(first);
    expect(second).toBe(await sha256File(path));
    await expect(sha256FileCached(join(dir, 'missing'))).rejects.toThrow();
  });
});
