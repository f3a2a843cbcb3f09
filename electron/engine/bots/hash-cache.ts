import { statSync } from 'node:fs';
import { sha256File } from './hash.ts';

/**
 * How long (ns) a file must have stood unchanged before its hash is remembered. File times tick
 * coarsely (a few ms on ext4, 2 s on FAT): a file written again within the same tick as the stat
 * taken before its hashing would show the same times with other content. As git's index does with
 * such "racy" entries, a file changed this recently is hashed again on every call.
 */
export const SETTLED_NS = 3_000_000_000n;

/** What the cache needs from the system; tests pass their own. */
export interface HashCacheDeps {
  /** The SHA-256 of a file's content (read whole). */
  readonly hashFile: (path: string) => Promise<string>;
  /** The file's identity and times: throws when it cannot be read. */
  readonly stat: (path: string) => {
    dev: bigint;
    ino: bigint;
    size: bigint;
    mtimeNs: bigint;
    ctimeNs: bigint;
  };
  /** The wall clock in ns since the epoch (the clock file times are stamped with). */
  readonly nowNs: () => bigint;
}

const SYSTEM: HashCacheDeps = {
  hashFile: sha256File,
  stat: (path) => statSync(path, { bigint: true }),
  nowNs: () => BigInt(Date.now()) * 1_000_000n,
};

/**
 * Content hashes of files, remembered while the file's device, inode, size, modification and change
 * times stay the same. Any write, rename over, truncation, chmod or touch changes the change time (which
 * no program can set back), so a changed file is always hashed again; see {@link SETTLED_NS} for files
 * changed just now. Jury hashes each bot's program before every game for the record: a 7 MB program
 * took 27-34 ms of the main thread each time (a bundled 120 MB one 130-300 ms).
 */
export class FileHashCache {
  private readonly deps: HashCacheDeps;
  private readonly known = new Map<string, { key: string; hash: string }>();

  constructor(deps: HashCacheDeps = SYSTEM) {
    this.deps = deps;
  }

  /** The SHA-256 of `path`'s content as lowercase hex. Rejects when the file cannot be read. */
  async hash(path: string): Promise<string> {
    const st = this.deps.stat(path);
    const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    const hit = this.known.get(path);
    if (hit !== undefined && hit.key === key) return hit.hash;
    const hash = await this.deps.hashFile(path);
    const changedNs = st.mtimeNs > st.ctimeNs ? st.mtimeNs : st.ctimeNs;
    if (this.deps.nowNs() - changedNs >= SETTLED_NS) this.known.set(path, { key, hash });
    else this.known.delete(path);
    return hash;
  }
}

const shared = new FileHashCache();

/**
 * {@link sha256File} through the process's one {@link FileHashCache}: for files hashed again and again
 * (a bot's program before each of its games). Rejects when the file cannot be read.
 */
export function sha256FileCached(path: string): Promise<string> {
  return shared.hash(path);
}
