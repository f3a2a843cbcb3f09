import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { StoreError } from '../../engine/store/errors.ts';
import { checkTournamentName, STORE_EXTENSION } from '../../engine/store/paths.ts';
import { runLockPath } from '../../engine/store/run-lock.ts';

/**
 * Where a tournament's files live: `<folder>/<id>.sqlite` is its store (the id is the file's name
 * without the extension, so `jury run`'s default stores show up too), `<id>.draft.json` the draft it was
 * created from, `<id>.builds/` the programs built from its single source files.
 */
export class TournamentFiles {
  /** The folder of the store files. */
  readonly folder: string;
  /** `jury serve --db FILE`: only this tournament's id, or null for every store in the folder. */
  readonly only: string | null;

  /** Relative paths are made absolute here, from Jury's working folder: bots see (and miss) files by path. */
  constructor(folder: string, singleStore?: string) {
    if (singleStore === undefined) {
      this.folder = resolve(folder);
      this.only = null;
    } else {
      this.folder = dirname(resolve(singleStore));
      this.only = basename(singleStore, STORE_EXTENSION);
    }
  }

  /** The store file of `id`; an id that is no valid file name (`../x`) is an unknown tournament. */
  store(id: string): string {
    return join(this.folder, this.#checked(id) + STORE_EXTENSION);
  }

  /** The draft file of `id`. */
  draft(id: string): string {
    return join(this.folder, `${this.#checked(id)}.draft.json`);
  }

  /** The build folder of `id`. */
  builds(id: string): string {
    return join(this.folder, `${this.#checked(id)}.builds`);
  }

  /** Every tournament id in the folder (or just the single store's), in no particular order. */
  async ids(): Promise<string[]> {
    if (this.only !== null) return [this.only];
    const names = await readdir(this.folder).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [] as string[];
      throw e;
    });
    return names
      .filter((n) => n.endsWith(STORE_EXTENSION) && n.length > STORE_EXTENSION.length)
      .map((n) => n.slice(0, -STORE_EXTENSION.length))
      .filter((id) => isValidName(id));
  }

  /**
   * Deletes every file of `id`: the store with its WAL and shared-memory files and a run lock left by a
   * killed run, the draft, the builds.
   */
  async remove(id: string): Promise<void> {
    const store = this.store(id);
    for (const path of [`${store}-wal`, `${store}-shm`, runLockPath(store), this.draft(id), store])
      await rm(path, { force: true });
    await rm(this.builds(id), { recursive: true, force: true });
  }

  #checked(id: string): string {
    if (!isValidName(id) || (this.only !== null && id !== this.only)) {
      throw new Error(`no tournament ${JSON.stringify(id)}`);
    }
    return id;
  }
}

/** Whether `name` can be a tournament's file name (see `checkTournamentName`). */
export function isValidName(name: string): boolean {
  return nameProblem(name) === null;
}

/** Why `name` cannot be a tournament's file name, or null. */
export function nameProblem(name: string): string | null {
  try {
    checkTournamentName(name);
    return null;
  } catch (e) {
    if (e instanceof StoreError) return e.message.slice(`tournament name ${JSON.stringify(name)}: `.length);
    throw e;
  }
}
