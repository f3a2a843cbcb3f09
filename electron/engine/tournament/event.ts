import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { games } from '../../../shared/games/registry.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import type { Participant, ScheduleContext, ScheduledGame } from '../../../shared/tournament/types.ts';
import { prepareBot } from '../bots/build.ts';
import { sampleBots } from '../bots/samples/index.ts';
import type { Launcher, MatchBot } from '../play-match.ts';
import { playMatch } from '../play-match.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import { sampleLaunch } from '../bots/samples/launch.ts';
import type { TournamentConfig } from './config.ts';
import type { FormatConfig } from '../../../shared/tournament/formats/index.ts';
import { participantIds } from './config.ts';
import type { GameSlot } from './runner.ts';

/** A participant ready to play: its id and name, and how to start it. */
export interface ReadyBot extends Participant {
  readonly bot: MatchBot;
}

/** The default number of games at once: one core left for Jury and the system, at least one game. */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Makes every bot of a config ready: sample bots by strength, programs as given, single source files
 * built with their language preset into `buildDir`. Fails with the first bot that cannot be prepared,
 * naming it (a missing compiler, a failed build with the compiler's output, a missing program).
 */
export async function prepareBots(
  config: TournamentConfig,
  baseDir: string,
  buildDir: string,
): Promise<ReadyBot[]> {
  const ids = participantIds(config.bots.map((b) => b.name));
  const ready: ReadyBot[] = [];
  for (const [i, def] of config.bots.entries()) {
    const id = ids[i] as string;
    if ('sample' in def) {
      const sample = sampleBots[config.game].find((s) => s.strength === def.sample);
      if (!sample) throw new Error(`bots.${i}: no ${def.sample} sample bot for ${config.game}`);
      // Started by the program running Jury; inside Electron that needs ELECTRON_RUN_AS_NODE.
      const launch = sampleLaunch(sample.file);
      ready.push({
        id,
        name: def.name,
        bot: {
          name: def.name,
          command: launch.command,
          paths: launch.paths,
          ...(launch.env ? { env: launch.env } : {}),
        },
      });
      continue;
    }
    const prepared = await prepareBot(def, { baseDir, buildDir: join(buildDir, id) });
    if (!prepared.ok) {
      const output = prepared.error.output ? `\n${prepared.error.output.trimEnd()}` : '';
      throw new Error(`bots.${i} (${def.name}): ${prepared.error.message}${output}`);
    }
    const { launch } = prepared.value;
    ready.push({
      id,
      name: def.name,
      bot: {
        name: def.name,
        command: [launch.executable, ...launch.args],
        cwd: launch.cwd,
        ...(launch.env ? { env: launch.env } : {}),
      },
    });
  }
  return ready;
}

/** The schedulers' context for a config: the game, the participants, the seed, and where boards come from. */
export function scheduleContext(
  config: TournamentConfig,
  seed: number,
  participants: readonly Participant[],
): ScheduleContext {
  const game = games[config.game];
  return {
    game: config.game,
    seats: game.info.seats,
    participants,
    seed,
    // Fixed boards are used in turn; otherwise every board index has its own generated board.
    boardFor: (i) =>
      config.boards
        ? (config.boards[i % config.boards.length] ?? null)
        : game.generateBoard(deriveSeed(seed, 'board', i)),
  };
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
 * Plays one scheduled game of a tournament with real bot processes; the runner's `play`. `onEvent`, when
 * given, sees every referee event of every game (the app's live boards); it must be quick. With the
 * runner's slot, the game's bots are pinned to a core of their own ({@link coresOfSlot}) unless the
 * config turns affinity off.
 */
export function gamePlayer(
  config: TournamentConfig,
  bots: ReadonlyMap<string, MatchBot>,
  launcher: Launcher,
  onEvent?: (game: ScheduledGame, event: RefereeEvent) => void,
  options: { readonly store?: string; readonly cores?: number } = {},
): (game: ScheduledGame, signal: AbortSignal, slot?: GameSlot) => ReturnType<typeof playMatch> {
  const module = games[config.game];
  const tc = module.info.timeControl;
  const budget = config.timing.budgetMs;
  const control =
    budget === undefined
      ? undefined
      : tc.kind === 'game-total'
        ? { kind: 'game-total' as const, budgetMs: budget }
        : { ...tc, deadlineMs: budget };
  const cores = options.cores ?? availableParallelism();
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
        ...(options.store ? { hidden: storeFiles(options.store) } : {}),
        ...(control ? { control } : {}),
        ...(onEvent ? { onEvent: (event: RefereeEvent) => onEvent(game, event) } : {}),
        signal,
      },
      launcher,
    );
}

/**
 * The format settings of a config as the schedulers take them: bot names (challengers, seeding ratings)
 * become participant ids.
 */
export function formatOf(config: TournamentConfig, participants: readonly Participant[]): FormatConfig {
  const idOf = (name: string): string => participants.find((p) => p.name === name)?.id ?? name;
  const s = config.schedule;
  switch (s.kind) {
    case 'gauntlet':
      return { ...s, challengers: s.challengers.map(idOf) };
    case 'knockout': {
      const { ratings, ...rest } = s;
      return ratings
        ? { ...rest, ratings: Object.fromEntries(Object.entries(ratings).map(([n, r]) => [idOf(n), r])) }
        : rest;
    }
    default:
      return s;
  }
}
