import { availableParallelism } from 'node:os';
import { gameModule } from '../../../shared/games/registry.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import type { Launcher, MatchBot } from '../play-match.ts';
import { playMatch } from '../play-match.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import { budgetControl } from '../timing/budget.ts';
import type { TournamentConfig } from './config.ts';
import { botsById, prepareBots, type ReadyBot } from './ready-bots.ts';
import type { GameSlot } from './runner.ts';

/** Plays one scheduled game and answers its record; the runner's `play`. */
export type GamePlayer = (game: ScheduledGame, signal: AbortSignal, slot?: GameSlot) => Promise<GameRecord>;

/** What a game player may be given besides the config, its bots and the launcher. */
export interface GamePlayerOptions {
  /** Sees every referee event of every game (the app's live boards); it must be quick. */
  readonly onEvent?: (game: ScheduledGame, event: RefereeEvent) => void;
  /** The tournament's store: it and its side files are hidden from the bots ({@link storeFiles}). */
  readonly store?: string;
  /** The cores there are to pin games to (default: all of this machine's). */
  readonly cores?: number;
}

/** The default number of games at once: one core left for Jury and the system, at least one game. */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A store and the files SQLite and the run lock keep beside it. */
export function storeFiles(path: string): string[] {
  return [path, `${path}-wal`, `${path}-shm`, `${path}-journal`, `${path}.lock`];
}

/**
 * The cores a game's bots are pinned to, or null when games at once outnumber the cores (pinning would
 * then stack games on shared cores). The last cores are used first, leaving core 0 to Jury and the
 * system when there is room.
 */
export function coresOfSlot(slot: GameSlot, cores: number): number[] | null {
  if (slot.concurrency > cores || slot.slot >= cores) return null;
  return [cores - 1 - slot.slot];
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
  const module = gameModule(config.game);
  const control = budgetControl(module.info.timeControl, config.timing.budgetMs);
  const cores = options.cores ?? availableParallelism();
  const { onEvent, store } = options;
  return (game, signal, slot) =>
    playMatch(
      {
        game: module,
        bots: game.seats.map((id) => {
          const bot = bots.get(id);
          if (!bot) throw new Error(`game ${game.index + 1} names an unknown participant ${id}`);
          return bot;
        }),
        seed: game.seed,
        ...(game.board === null ? {} : { board: game.board }),
        timing: config.timing.mode,
        graceMs: config.timing.graceMs,
        limits: config.limits,
        cpus: slot && config.limits.affinity !== false ? coresOfSlot(slot, cores) : null,
        ...(store ? { hidden: storeFiles(store) } : {}),
        ...(control ? { control } : {}),
        ...(onEvent ? { onEvent: (event: RefereeEvent) => onEvent(game, event) } : {}),
        signal,
      },
      launcher,
    );
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
