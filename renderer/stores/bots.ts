import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Request, Response } from '../../shared/ipc/contract.ts';
import type { GameId } from '../../shared/games/types.ts';
import { registerPackageGame } from '../../shared/games/registry.ts';
import { jury } from '../bridge/index.ts';
import { isPackageDrop } from '../logic/bot-files.ts';
import { messageOf, noticeErrors } from './notices.ts';
import { usePackagesStore } from './packages.ts';

/** A bot of the library. */
export type LibraryBot = Response<'bots.list'>[number];
/** A game as the engine lists it. */
export type GameSummary = Response<'games.list'>[number];
/** The answer of a smoke test: verdict, protocol dialogue, scores. */
export type SmokeTest = Response<'bots.smokeTest'>;
/** What adding a bot needs: a path, optionally a name, arguments, working folder, environment, language. */
export type AddBotRequest = Request<'bots.add'>;

declare global {
  interface Window {
    /** Set by the Electron preload: the local path of a dropped file (browsers cannot know it). */
    readonly juryFiles?: { pathForFile(file: File): string };
  }
}

/**
 * `list`, after registering the game packages it carries: the renderer then knows their titles, seats
 * and ids everywhere (the registry), as main does when it checks the same answer.
 */
function registered(list: GameSummary[]): GameSummary[] {
  for (const game of list) if (game.package) registerPackageGame({ ...game.package, id: game.id });
  return list;
}

/** One smoke test of a bot: which game, running or not, and its answer once there. */
export interface SmokeRun {
  readonly game: GameId;
  readonly running: boolean;
  readonly result: SmokeTest | null;
  /** Why the test could not be played at all (said in the dialog, not as a passing notice), or null. */
  readonly error: string | null;
}

/**
 * The bot library: the list (`bots.list`), the games bots can be tested on, adding (by path, native
 * dialog or drop), samples, renaming, removing and one-game smoke tests. Every failure becomes a notice;
 * the actions answer whether they worked so the screen can keep or clear its inputs.
 */
export const useBotsStore = defineStore('bots', () => {
  const bots = ref<LibraryBot[]>([]);
  const games = ref<GameSummary[]>([]);
  const loaded = ref(false);
  const loading = ref(false);
  const adding = ref(false);
  const addingSamples = ref(false);
  /** Ids of bots with a rename or removal under way. */
  const busy = ref<string[]>([]);
  /** The latest smoke test of each bot, by id. */
  const smoke = ref<Record<string, SmokeRun>>({});
  /** The bot added last (its build log is shown right away). */
  const lastAdded = ref<LibraryBot | null>(null);

  /** Whether {@link load} follows `games.changed` already. */
  let following = false;

  /** Reads the library and the games afresh (hashes and last changes are read again by the engine). */
  async function load(): Promise<void> {
    if (!following) {
      following = true;
      // A package added or removed (here or in another window): the games are read again.
      jury().onGamesChanged(() => void reloadGames());
    }
    loading.value = true;
    await noticeErrors(async () => {
      const [list, known] = await Promise.all([jury().botsList(), jury().gamesList()]);
      bots.value = list;
      games.value = registered(known);
      loaded.value = true;
    });
    loading.value = false;
  }

  /** Reads the games list again. */
  async function reloadGames(): Promise<void> {
    const known = await noticeErrors(() => jury().gamesList());
    if (known) games.value = registered(known);
  }

  /** Shows `list` as the games, after registering the game packages it carries. */
  function setGames(list: GameSummary[]): void {
    games.value = registered(list);
  }

  /** Adds a program or source file; the added bot, or null when the engine refused it. */
  async function add(request: AddBotRequest): Promise<LibraryBot | null> {
    adding.value = true;
    const bot = await noticeErrors(() => jury().botsAdd(request));
    adding.value = false;
    if (!bot) return null;
    bots.value = [...bots.value.filter((b) => b.id !== bot.id), bot];
    lastAdded.value = bot;
    return bot;
  }

  /**
   * The add form's problems field by field, as the engine sees them (the program on this machine, the
   * script of an interpreter, the working folder, the environment, the name); null when it cannot ask.
   */
  async function checkAdd(request: AddBotRequest): Promise<{ path: string; message: string }[] | null> {
    try {
      return await jury().botsCheckAdd(request);
    } catch {
      return null;
    }
  }

  /** Desktop only: the native file dialog, then adds the chosen file; null when cancelled or refused. */
  async function addFromDialog(): Promise<LibraryBot | null> {
    const path = await noticeErrors(() => jury().dialogOpenBot());
    return path ? add({ path }) : null;
  }

  /**
   * Adds dropped files by their local paths (desktop only: the preload knows them); answers how many
   * were added, or null when this page cannot know the paths (a browser).
   */
  async function addDropped(files: readonly File[]): Promise<number | null> {
    const paths = window.juryFiles;
    if (!paths) return null;
    let added = 0;
    for (const file of files) {
      const path = paths.pathForFile(file);
      if (!path) continue;
      // A game package's manifest (or its folder) adds the package instead of a bot.
      if (isPackageDrop(file, path)) {
        if (await usePackagesStore().add(path)) added++;
      } else if (await add({ path })) added++;
    }
    return added;
  }

  /** Adds the sample bots of every game that are not in the library yet. */
  async function addSamples(): Promise<boolean> {
    addingSamples.value = true;
    const list = await noticeErrors(() => jury().botsAddSamples({}));
    addingSamples.value = false;
    if (list) bots.value = list;
    return list !== null;
  }

  async function change(id: string, work: () => Promise<LibraryBot[]>): Promise<boolean> {
    busy.value = [...busy.value, id];
    const list = await noticeErrors(work);
    busy.value = busy.value.filter((b) => b !== id);
    if (list) bots.value = list;
    return list !== null;
  }

  /** Renames a bot. */
  function rename(id: string, name: string): Promise<boolean> {
    return change(id, () => jury().botsRename({ id, name }));
  }

  /** Removes a bot from the library (its files stay where they are). */
  async function remove(id: string): Promise<boolean> {
    const done = await change(id, () => jury().botsRemove({ id }));
    if (done) {
      const { [id]: _gone, ...rest } = smoke.value;
      smoke.value = rest;
      if (lastAdded.value?.id === id) lastAdded.value = null;
    }
    return done;
  }

  /**
   * Plays one game of `game` against the sample bot(s); the answer, or why it could not be played, is
   * kept in {@link smoke} (the smoke test dialog says it where the user looks). The library
   * is read again after it: a passed test ties a program without a game to `game`, and every bot keeps
   * its last test's outcome.
   */
  async function smokeTest(id: string, game: GameId): Promise<SmokeTest | null> {
    smoke.value = { ...smoke.value, [id]: { game, running: true, result: null, error: null } };
    let result: SmokeTest | null = null;
    let error: string | null = null;
    try {
      result = await jury().botsSmokeTest({ id, game });
    } catch (cause) {
      error = messageOf(cause);
    }
    smoke.value = { ...smoke.value, [id]: { game, running: false, result, error } };
    if (result) {
      const list = await noticeErrors(() => jury().botsList());
      if (list) bots.value = list;
    }
    return result;
  }

  /** Ties one of the user's programs to `game` (null: any game). */
  function setGame(id: string, game: GameId | null): Promise<boolean> {
    return change(id, () => jury().botsSetGame({ id, game }));
  }

  /** Whether a rename or removal of the bot is under way. */
  function isBusy(id: string): boolean {
    return busy.value.includes(id);
  }

  return {
    bots,
    games,
    loaded,
    loading,
    adding,
    addingSamples,
    busy,
    smoke,
    lastAdded,
    load,
    add,
    checkAdd,
    addFromDialog,
    addDropped,
    addSamples,
    reloadGames,
    setGames,
    rename,
    remove,
    smokeTest,
    setGame,
    isBusy,
  };
});
