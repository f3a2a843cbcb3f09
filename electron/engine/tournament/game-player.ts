import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import type { Launcher, MatchBot } from '../play-match.ts';
import { coresOfSlot } from '../play-match.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import type { TournamentConfig } from './config.ts';
import { botsById, prepareBots, type ReadyBot } from './ready-bots.ts';
import { engineDriver } from '../games/driver.ts';
import type { GameSlot } from './runner.ts';
import type { CaiaEvent } from '../caia/types.ts';
import type { GameHost } from './game-host.ts';

/** Plays one scheduled game and answers its record; the runner's `play`. */
export type GamePlayer = (game: ScheduledGame, signal: AbortSignal, slot?: GameSlot) => Promise<GameRecord>;

/** What a game player may be given besides the config, its bots and the launcher. */
export interface GamePlayerOptions {
  /** Sees every referee event of every game (the app's live boards); it must be quick. */
  readonly onEvent?: (game: ScheduledGame, event: RefereeEvent) => void;
  /** Sees every event of a game package's game (its protocol transcript, live); it must be quick. */
  readonly onCaiaEvent?: (game: ScheduledGame, event: CaiaEvent) => void;
  /** The tournament's store: it and its side files are hidden from the bots ({@link storeFiles}). */
  readonly store?: string;
  /** The cores there are to pin games to (default: all of this machine's). */
  readonly cores?: number;
}

/** The default number of games at once: one core left for Jury and the system, at least one game. */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Where a tournament keeps its game package referees' logs (HTML replays): a folder beside the store,
 * one file per game (`game-<n>-<log name>`).
 */
export function refereeLogsFolder(store: string): string {
  return join(dirname(store), `${basename(store)}-referee-logs`);
}

/** A store and the files SQLite and the run lock keep beside it. */
export function storeFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`, `${path}.lock`];
}

/**
 * Plays the scheduled games of a config with real bot processes started by `launcher`: the config's
 * timing (its budget through {@link budgetControl}), grace and limits; with the runner's slot the game's
 * bots are pinned to a core of their own ({@link coresOfSlot}) unless the config turns affinity off.
 * Needs nothing but the config and its ready bots, so whatever plays single games (a run, a re-run of
 * one game, a remote worker) makes its player here. A game naming a participant not in `bots` fails.
 */
export function gamePlayer(
  config: TournamentConfig,
  bots: ReadonlyMap<string, MatchBot>,
  launcher: Launcher,
  options: GamePlayerOptions = {},
): GamePlayer {
  if (launcher.games) return hostedPlayer(launcher.games, config, bots, options);
  const driver = engineDriver(config.game);
  const cores = options.cores ?? availableParallelism();
  const { onEvent, onCaiaEvent, store } = options;
  return async (game, signal, slot) => {
    const record = await driver.play(
      {
        bots: seatBots(game, bots),
        seed: game.seed,
        ...(game.board === null ? {} : { board: game.board }),
        timing: config.timing.mode,
        ...(config.timing.budgetMs === undefined ? {} : { budgetMs: config.timing.budgetMs }),
        graceMs: config.timing.graceMs,
        limits: config.limits,
        cpus: slot && config.limits.affinity !== false ? coresOfSlot(slot, cores) : null,
        ...(store
          ? {
              hidden: storeFiles(store),
              keepLog: (file: string) => join(refereeLogsFolder(store), `game-${game.index + 1}-${file}`),
            }
          : {}),
        ...(onEvent ? { onEvent: (event: RefereeEvent) => onEvent(game, event) } : {}),
        ...(onCaiaEvent ? { onCaiaEvent: (event: CaiaEvent) => onCaiaEvent(game, event) } : {}),
        signal,
      },
      launcher,
    );
    // A game whose referee failed before it reported is void: it fails (the runner stops the run and the
    // game stays unplayed, to be played again when the run resumes) rather than counting as a result
    // nobody earned. The runner says which game: "game 12 could not be played: the referee was …".
    if (record.end.kind === 'referee-failed' && !signal.aborted) throw new Error(record.end.reason);
    return record;
  };
}

/** {@link gamePlayer} through a {@link GameHost} (the game thread), which makes the player there. */
function hostedPlayer(
  host: GameHost,
  config: TournamentConfig,
  bots: ReadonlyMap<string, MatchBot>,
  options: GamePlayerOptions,
): GamePlayer {
  const { onEvent, onCaiaEvent } = options;
  return async (game, signal, slot) => {
    const seats = seatBots(game, bots);
    return host.play(
      {
        config,
        bots: game.seats.map((id, i) => [id, seats[i] as MatchBot] as const),
        game,
        slot: slot ?? null,
        store: options.store ?? null,
        cores: options.cores ?? null,
      },
      signal,
      onEvent ? (event) => onEvent(game, event) : undefined,
      onCaiaEvent ? (event) => onCaiaEvent(game, event) : undefined,
    );
  };
}

function seatBots(game: ScheduledGame, bots: ReadonlyMap<string, MatchBot>): MatchBot[] {
  return game.seats.map((id) => {
    const bot = bots.get(id);
    if (!bot) throw new Error(`game ${game.index + 1} names an unknown participant ${id}`);
    return bot;
  });
}

/**
 * Makes the bots of `config` ready ({@link prepareBots}) and answers them with a game player over them,
 * for what plays games without a run of its own (a re-run of one game, a remote worker).
 */
export async function preparePlayer(
  config: TournamentConfig,
  dirs: { readonly baseDir: string; readonly buildDir: string },
  launcher: Launcher,
  options: GamePlayerOptions = {},
): Promise<{ readonly bots: readonly ReadyBot[]; readonly play: GamePlayer }> {
  const bots = await prepareBots(config, dirs.baseDir, dirs.buildDir);
  return { bots, play: gamePlayer(config, botsById(bots), launcher, options) };
}
