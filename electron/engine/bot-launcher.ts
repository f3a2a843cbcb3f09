import { sha256FileCached } from './bots/hash-cache.ts';
import { sha256Files, identityFile } from './bots/hash.ts';
import type { Launcher, LaunchedBot, MatchBot } from './play-match.ts';
import { GameThread, sharedGameThread } from './tournament/game-thread.ts';
import {
  findExecutable,
  launchProblem,
  startBot,
  type LaunchSpec,
  type ResourceLimits,
  type SandboxCapabilities,
} from './process/index.ts';

/**
 * The content hash (SHA-256) of the file that identifies this version of `bot`: its program, or the
 * script an interpreter runs (see identityFile), or the bot's own {@link MatchBot.identity} files. Null
 * when the program cannot be found or read. Game records and the participants table both take a bot's
 * hash from here, so they always agree. Hashed again only when a file changed (FileHashCache): every
 * game asks.
 */
export async function botHash(bot: MatchBot): Promise<string | null> {
  if (bot.identity !== undefined) return sha256Files(bot.identity, sha256FileCached).catch(() => null);
  const [executable = '', ...args] = bot.command;
  const cwd = bot.cwd ?? process.cwd();
  const exe = findExecutable(executable, cwd, { ...process.env, ...bot.env });
  return exe === null ? null : await sha256FileCached(identityFile(exe, args, cwd)).catch(() => null);
}

/** How the process layer starts `bot` (remote workers ship what its sandbox would show from this). */
export function launchSpecOf(bot: MatchBot): LaunchSpec {
  const [executable = '', ...args] = bot.command;
  return {
    executable,
    args,
    cwd: bot.cwd ?? process.cwd(),
    // A bot given a working directory lives in that folder: it is its program, shown read-only.
    folder: bot.folder ?? bot.cwd ?? null,
    paths: bot.paths ?? [],
    hidden: bot.hidden ?? [],
    ...(bot.env ? { env: bot.env } : {}),
    ...(bot.keepsFiles === true ? { keepsFiles: true } : {}),
  };
}

/** A {@link Launcher} that can also say, before a game, why a bot could not be started. */
export interface ProcessLauncher extends Launcher {
  /** Why `bot` cannot be started (missing program, bad directory), or null when it can. */
  check(bot: MatchBot): Promise<string | null>;
}

/**
 * The launcher of real bot processes: starts each bot through the process layer (the only module that
 * spawns) under the game's resource limits (`options.sandbox`: what the machine offers, default probed;
 * tests pass less to show what a missing protection lets through), and hashes the file that identifies
 * the bot's version ({@link botHash}) for the record.
 */
export function processLauncher(
  options: {
    readonly sandbox?: SandboxCapabilities;
    /**
     * Play whole games in the game thread (tournament/game-thread.ts): what a process that does other
     * work meanwhile (a store, a server) must do. Single bots started here stay on this thread.
     */
    readonly gameThread?: boolean;
  } = {},
): ProcessLauncher {
  const spec = launchSpecOf;
  const games =
    options.gameThread !== true
      ? undefined
      : options.sandbox
        ? new GameThread(options.sandbox)
        : sharedGameThread();
  return {
    ...(games ? { games } : {}),
    async check(bot) {
      return launchProblem(spec(bot));
    },
    async launch(bot, limits: ResourceLimits, cpus?: readonly number[] | null): Promise<LaunchedBot> {
      const launch = spec(bot);
      const executableHash = await botHash(bot);
      const channel = startBot(launch, {
        limits,
        cpus: cpus ?? null,
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
      });
      return { channel, executableHash, limits: channel.limits };
    },
  };
}
