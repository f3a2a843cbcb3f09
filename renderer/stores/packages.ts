import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { GameId } from '../../shared/games/types.ts';
import { jury } from '../bridge/index.ts';
import { useBotsStore, type GameSummary } from './bots.ts';
import { noticeErrors } from './notices.ts';

/**
 * The game packages added in the app: adding one (typed path, native folder dialog, drop), removing it,
 * and adding its sample players. The games list they change is the bots store's (`games`), which
 * registers each package it carries. Every failure becomes a notice (a refused package's is the
 * manifest's error, its field named); the actions answer what they did.
 */
export const usePackagesStore = defineStore('packages', () => {
  const adding = ref(false);

  /** Adds the game package in a folder (or its jury-game.json); its games-list entry, or null when refused. */
  async function add(path: string): Promise<GameSummary | null> {
    adding.value = true;
    const game = await noticeErrors(() => jury().gamesAddPackage({ path }));
    adding.value = false;
    if (game) {
      const library = useBotsStore();
      library.setGames([...library.games.filter((g) => g.id !== game.id), game]);
    }
    return game;
  }

  /** Desktop only: the native folder dialog, then adds the chosen package; null when cancelled or refused. */
  async function addFromDialog(): Promise<GameSummary | null> {
    const path = await noticeErrors(() => jury().dialogOpenPackage());
    return path ? add(path) : null;
  }

  /**
   * Adds the game packages of dropped folders or jury-game.json files (desktop only: the preload knows
   * their paths); answers the packages added, or null when this page cannot know the paths (a browser).
   */
  async function addDropped(files: readonly File[]): Promise<GameSummary[] | null> {
    const paths = window.juryFiles;
    if (!paths) return null;
    const added: GameSummary[] = [];
    for (const file of files) {
      const path = paths.pathForFile(file);
      const game = path ? await add(path) : null;
      if (game) added.push(game);
    }
    return added;
  }

  /** Forgets an added game package (its tournaments stay). */
  async function remove(id: GameId): Promise<boolean> {
    const list = await noticeErrors(() => jury().gamesRemovePackage({ id }));
    if (list) useBotsStore().setGames(list);
    return list !== null;
  }

  /** Adds the sample players of a game package to the library. */
  async function addSamples(game: GameId): Promise<boolean> {
    const library = useBotsStore();
    library.addingSamples = true;
    const list = await noticeErrors(() => jury().botsAddSamples({ game }));
    library.addingSamples = false;
    if (list) library.bots = list;
    return list !== null;
  }

  return { adding, add, addFromDialog, addDropped, remove, addSamples };
});
