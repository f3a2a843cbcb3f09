import { join } from 'node:path';
import { z } from 'zod';
import { gameIds } from '../../../shared/games/registry.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import type { GameId } from '../../../shared/games/types.ts';
import type { Response } from '../../../shared/ipc/contract.ts';
import { loadPackageGame } from '../../engine/packages/admit.ts';
import { readJsonFile, writeJsonFileAtomic, WriteQueue } from '../json-file.ts';

/** The file, inside the workspace, that lists the game packages added in the app. */
export const PACKAGES_FILE = 'packages.json';

const packagesFileSchema = z.strictObject({
  version: z.literal(1),
  /** Each added package's folder (absolute), in the order it was added. */
  folders: z.array(z.string().min(1)),
});

/** One entry of `games.list`. */
export type GameSummary = Response<'games.list'>[number];

/**
 * The game packages added in the app (`<workspace>/packages.json`): loaded through the engine
 * ({@link loadPackageGame}, which registers them) when the app starts and when one is added, so a
 * package comes back after a restart. A package whose folder is gone or broken at start is skipped and
 * kept in the file (its folder may come back, an unplugged disk say) with the reason in {@link problems}.
 */
export class PackageList {
  readonly #path: string;
  readonly #queue = new WriteQueue();
  #folders: string[];
  /** The folder of every added package that loaded, by its game id. */
  readonly #added = new Map<GameId, string>();
  /** Why each stored folder that did not load at start was skipped. */
  readonly problems = new Map<string, string>();

  private constructor(path: string, folders: string[]) {
    this.#path = path;
    this.#folders = folders;
  }

  /** Reads the list of `workspace` and loads every package in it. */
  static async open(workspace: string): Promise<PackageList> {
    const path = join(workspace, PACKAGES_FILE);
    const file = await readJsonFile(path, packagesFileSchema, { version: 1, folders: [] });
    const list = new PackageList(path, file.folders);
    for (const folder of file.folders) {
      const loaded = await loadPackageGame(folder);
      if (loaded.ok) list.#added.set(loaded.value.id, loaded.value.pkg.folder);
      else list.problems.set(folder, loaded.error.message);
    }
    return list;
  }

  /**
   * Loads the package at `path` (its folder or its jury-game.json) and stores its folder. A bad package
   * is refused with the loader's message (the manifest's field named) and nothing is stored.
   */
  async add(path: string): Promise<GameSummary> {
    const loaded = await loadPackageGame(path);
    if (!loaded.ok) throw new Error(`${path} is not a usable game package: ${loaded.error.message}`);
    const { id, pkg } = loaded.value;
    this.#added.set(id, pkg.folder);
    if (!this.#folders.includes(pkg.folder)) await this.#store([...this.#folders, pkg.folder]);
    return this.summary(id);
  }

  /**
   * Forgets the added package `id`: it is no longer offered and does not come back after a restart. The
   * engine keeps knowing it until then (a game lives as long as the process), so a tournament of it still
   * reads. An id that is not an added package is an error.
   */
  async remove(id: GameId): Promise<GameSummary[]> {
    const folder = this.#added.get(id);
    if (folder === undefined) throw new Error(`the game "${id}" is not a game package added in the app`);
    this.#added.delete(id);
    await this.#store(this.#folders.filter((f) => f !== folder));
    return this.games();
  }

  /** `games.list`: the built-in games, then every known package (`added` when it is in this list). */
  games(): GameSummary[] {
    return gameIds.map((id) => this.summary(id));
  }

  /** The games-list entry of game `id`. */
  summary(id: GameId): GameSummary {
    const { facts, carried } = gameDriver(id);
    const { title, seats, seatNames, timeControl } = facts;
    const base = { id, title, seats, seatNames: [...seatNames], timeControl };
    if (!carried.package) return base;
    const pkg = carried.package;
    return { ...base, package: { ...pkg, samples: [...pkg.samples] }, added: this.#added.has(id) };
  }

  async #store(folders: string[]): Promise<void> {
    this.#folders = folders;
    await this.#queue.run(() => writeJsonFileAtomic(this.#path, { version: 1, folders }));
  }
}
