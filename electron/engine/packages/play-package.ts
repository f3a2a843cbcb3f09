import { packageGameFacts } from '../../../shared/games/packages/game.ts';
import { chargesWallClock } from '../../../shared/timing/modes.ts';
import { runCaiaGame } from '../caia/host.ts';
import type { CaiaEvent } from '../caia/types.ts';
import {
  botLimits,
  type LaunchedBot,
  type Launcher,
  type MatchBot,
  type ResourceLimits,
} from '../play-match.ts';
import type { GameRecord } from '../record/schema.ts';
import type { TimingMode } from '../timing/time-keeper.ts';
import { packageFacts } from './admit.ts';
import type { GamePackage } from './load.ts';
import { packageRecord } from './package-record.ts';
import { RefereeChannel } from './referee-channel.ts';
import { makeRefereeFolder } from './referee-folder.ts';

/** The log name a referee is given (argv[1]) when its manifest names none. */
export const DEFAULT_REFEREE_LOG = 'referee.log';

/** Everything needed to play one game of a package between bot executables. */
export interface PackageMatchRequest {
  readonly pkg: GamePackage;
  /** One bot per player, in the referee's numbering (player k is `bots[k - 1]`). */
  readonly bots: readonly MatchBot[];
  /** Recorded with the game (a Caia referee draws its own random numbers). */
  readonly seed: number;
  readonly timing: TimingMode;
  /** Each player's budget instead of the manifest's (before the time factor). */
  readonly budgetMs?: number;
  /** After the report: how long the referee may go on and every program may take to exit (default 1 s). */
  readonly graceMs?: number;
  readonly limits: ResourceLimits;
  /** The cores this game's programs are pinned to, or null/absent for none. */
  readonly cpus?: readonly number[] | null;
  /** Files no program may read (the tournament store). */
  readonly hidden?: readonly string[];
  /** Where to keep the referee's log after the game (null/absent: it is not kept). */
  readonly keepLog?: string | null;
  /** The host's watchdog: the whole game's limit and the referee's idle limit, in ms (defaults in caia/host.ts). */
  readonly watchdogMs?: number;
  readonly idleMs?: number;
  readonly onEvent?: (event: CaiaEvent) => void;
  /** Aborting stops the game at once; its record (end `referee-failed`, cause `aborted`) is thrown away. */
  readonly signal?: AbortSignal;
}

/**
 * Plays one game of a game package: starts the players with `launcher` as for any game, and the referee
 * with the same launcher (so it is confined like a bot, under the same limits) in its own working folder
 * holding copies of the manifest's files, with the package folder shown read-only and its log path as
 * its last argument (caiaio's argv[1]); hosts the game (caia/host.ts), in official mode stopping the other
 * players while one is listened to; keeps the referee's log; and answers the record. Every program is
 * shut down and the folder removed, whatever happened.
 */
export async function playPackageMatch(
  request: PackageMatchRequest,
  launcher: Launcher,
): Promise<GameRecord> {
  const { pkg } = request;
  const facts = packageFacts(pkg);
  if (request.bots.length !== facts.players) {
    throw new Error(
      `${facts.title} needs ${facts.players} bots (one per player), got ${request.bots.length}`,
    );
  }
  const startedAt = new Date().toISOString();
  const folder = await makeRefereeFolder(pkg);
  const logName = pkg.log?.file ?? DEFAULT_REFEREE_LOG;
  const hidden = request.hidden ? { hidden: request.hidden } : {};
  const refereeBot: MatchBot = {
    name: `${facts.title} referee`,
    command: [...pkg.referee.command, logName],
    cwd: folder.path,
    folder: folder.path,
    paths: [pkg.folder],
    // Its log is read from its working folder once it ends.
    keepsFiles: true,
    ...hidden,
  };
  const launched: LaunchedBot[] = [];
  let referee: RefereeChannel | null = null;
  try {
    const playerLimits = botLimits(request.limits, request.timing);
    const starts = await Promise.allSettled(
      [...request.bots.map((bot) => ({ ...bot, ...hidden })), refereeBot].map((bot) =>
        launcher.launch(bot, bot === refereeBot ? request.limits : playerLimits, request.cpus ?? null),
      ),
    );
    for (const start of starts) if (start.status === 'fulfilled') launched.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const players = launched.slice(0, -1);
    const refereeLaunch = launched.at(-1) as LaunchedBot;
    referee = new RefereeChannel(refereeLaunch.channel, folder.path, logName, request.keepLog ?? null);
    const budgetMs = request.budgetMs ?? facts.budgetMs;
    const result = await runCaiaGame({
      referee,
      players: players.map((l) => l.channel),
      budgetMs,
      timeFactor: facts.timeFactor,
      mode: request.timing,
      suspendOthers: chargesWallClock(request.timing),
      ...(pkg.manifest.verdict === undefined ? {} : { verdict: pkg.manifest.verdict }),
      ...(request.graceMs === undefined ? {} : { graceMs: request.graceMs }),
      ...(request.watchdogMs === undefined ? {} : { watchdogMs: request.watchdogMs }),
      ...(request.idleMs === undefined ? {} : { idleMs: request.idleMs }),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.onEvent ? { onEvent: request.onEvent } : {}),
    });
    await referee.shutdown(0); // done by the host already: this waits for the kept log
    const record = packageRecord(
      {
        info: packageGameFacts(facts),
        game: facts,
        seed: request.seed,
        timing: request.timing,
        budgetMs,
        limits: players[0]?.limits ?? null,
        startedAt,
        seats: request.bots.map((bot, i) => ({
          name: bot.name,
          command: bot.command,
          executableHash: players[i]?.executableHash ?? null,
        })),
        refereeCommand: refereeBot.command,
        log: { file: logName, kind: pkg.log?.kind ?? 'text', path: referee.keptLog },
      },
      result,
    );
    return record;
  } finally {
    await Promise.all([
      ...launched.slice(0, referee === null ? launched.length : -1).map((l) => l.channel.shutdown(0)),
      referee?.shutdown(0),
    ]);
    await folder.remove();
  }
}
