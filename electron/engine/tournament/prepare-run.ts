import { isAbsolute } from 'node:path';
import type { Participant } from '../../../shared/tournament/types.ts';
import type { Launcher } from '../play-match.ts';
import type { TournamentStore } from '../store/store.ts';
import { recordBots, type ProgramChange } from './bot-versions.ts';
import type { TournamentConfig } from './config.ts';
import { gamePlayer, type GamePlayer, type GamePlayerOptions } from './game-player.ts';
import { botsById, prepareBots, type ReadyBot } from './ready-bots.ts';
import { openRunStore, RunRefusal, storedConfig } from './run-store.ts';

/** What a run of a tournament is made from. */
export interface RunRequest {
  /** The tournament's store file (an absolute path, as every path here). */
  readonly store: string;
  /** Who holds the store's run lock during the run (`jury run club.json`, `the Jury app`). */
  readonly holder: string;
  /**
   * The config to run (`jury run`): the store is created from it when missing and refused when it holds
   * another. Absent: the store's own config (the app), and the store must exist.
   */
  readonly config?: TournamentConfig;
  /** The folder relative bot paths start from. */
  readonly baseDir: string;
  /** The build folder of single source files (one folder per participant inside). */
  readonly buildDir: string;
  /** Reopen the finished games of bots whose program changed, so the run plays them again. */
  readonly replayChanged?: boolean;
}

/** A tournament ready to run: its store open and locked, its bots ready and recorded. */
export interface PreparedRun {
  /** Open and locked for the run; the caller must close it when the run is over. */
  readonly store: TournamentStore;
  readonly config: TournamentConfig;
  readonly bots: readonly ReadyBot[];
  readonly participants: readonly Participant[];
  /** The bots whose program changed since they played finished games; the caller must tell the user. */
  readonly changes: readonly ProgramChange[];
  /** The game player of this run: its bots started by `launcher`, the store hidden from them. */
  player(launcher: Launcher, options?: Omit<GamePlayerOptions, 'store'>): GamePlayer;
}

/**
 * The one way a tournament run is made, by `jury run` and by the app alike: opens (or, with a config,
 * creates) the store and takes its run lock ({@link openRunStore}), makes every bot ready (samples
 * through their one launcher, programs checked, single source files built), records each bot's command
 * and program hash in the participants table and checks for changed programs ({@link recordBots}).
 * A game package is loaded again from its folder first (`readyGame`).
 * With a config, the bots are made ready before the store is touched, so a bot that cannot be prepared
 * creates no file. Refused with a {@link RunRefusal} (or the store's StoreError), the store closed again.
 * The runner (or a remote worker) then plays the games with {@link PreparedRun.player}.
 */
export async function prepareRun(request: RunRequest): Promise<PreparedRun> {
  // The store is hidden from the bots by its path, and bots find their files from baseDir: a relative
  // one would mean another file in every sandbox. The entry points make them absolute.
  for (const [what, path] of [
    ['store', request.store],
    ['baseDir', request.baseDir],
    ['buildDir', request.buildDir],
  ] as const) {
    if (!isAbsolute(path)) throw new Error(`prepareRun: the ${what} ${path} is relative`);
  }
  let store: TournamentStore | null = null;
  try {
    let config: TournamentConfig;
    let bots: ReadyBot[];
    if (request.config) {
      config = request.config;
      bots = await readyBots(config, request);
      store = openRunStore(request.store, request.holder, config);
    } else {
      store = openRunStore(request.store, request.holder);
      config = storedConfig(store);
      bots = await readyBots(config, request);
    }
    const stored = store.participants().map((p) => p.id);
    if (bots.map((b) => b.id).join('\n') !== stored.join('\n')) {
      throw new RunRefusal(
        'other-bots',
        `${config.name}: the stored participants do not match the config's bots`,
      );
    }
    const changes = await recordBots(store, bots, request.replayChanged === true);
    const opened = store;
    const byId = botsById(bots);
    return {
      store: opened,
      config,
      bots,
      participants: bots.map((b) => ({ id: b.id, name: b.name })),
      changes,
      player: (launcher, options = {}) =>
        gamePlayer(config, byId, launcher, { ...options, store: opened.path }),
    };
  } catch (e) {
    store?.close();
    throw e;
  }
}

async function readyBots(config: TournamentConfig, request: RunRequest): Promise<ReadyBot[]> {
  return prepareBots(config, request.baseDir, request.buildDir).catch((e: unknown) => {
    if (e instanceof RunRefusal) throw e;
    throw new RunRefusal('bot', e instanceof Error ? e.message : String(e));
  });
}
