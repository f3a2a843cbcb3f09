import { availableParallelism } from 'node:os';
import type { AnyGameModule, TimeControl } from '../../shared/games/types.ts';
import { chargesWallClock } from '../../shared/timing/modes.ts';
import type { PlayerChannel } from './channel.ts';
import type { GameRecord } from './record/schema.ts';
import { playGame, type RefereeEvent } from './referee/referee.ts';
import type { TimingMode } from './timing/time-keeper.ts';
import type { LimitsReport, ResourceLimits } from './process/limits.ts';
import type { GameHost } from './tournament/game-host.ts';

export type { ResourceLimits } from './process/limits.ts';

/** One bot of a match: how to start it. */
export interface MatchBot {
  readonly name: string;
  /** Executable, then arguments. Started directly, never through a shell. */
  readonly command: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** The bot's own folder (default: `cwd` when given), shown read-only in its sandbox. */
  readonly folder?: string;
  /** More files or folders the bot may read in its sandbox (a sample bot's sources). */
  readonly paths?: readonly string[];
  /** Files it must not read even beside its program (set from {@link MatchRequest.hidden}). */
  readonly hidden?: readonly string[];
  /** Jury reads what it leaves in its working folder after it ends (see LaunchSpec.keepsFiles). */
  readonly keepsFiles?: boolean;
  /**
   * The files whose content is this bot's version, when its program alone is not (a sample bot: one
   * script shared by every sample, and its strategy's sources). Absent: the program or the script an
   * interpreter runs (see bots/hash.ts identityFile).
   */
  readonly identity?: readonly string[];
}

/** A started bot, as a {@link Launcher} returns it. */
export interface LaunchedBot {
  readonly channel: PlayerChannel;
  readonly executableHash: string | null;
  readonly limits: LimitsReport;
}

/** Starts bots. The real one lives in process/ (the only module that spawns); tests may pass their own. */
export interface Launcher {
  /** `cpus`: the cores the game's bots are pinned to, or null/absent for none. */
  launch(bot: MatchBot, limits: ResourceLimits, cpus?: readonly number[] | null): Promise<LaunchedBot>;
  /**
   * Where whole games are played instead of on the caller's thread (tournament/game-thread.ts), so
   * that nothing else the process does (a store write, a spectator's read, an upload) delays a bot's
   * reply being read and timed. Absent: games are played here with {@link Launcher.launch}.
   */
  readonly games?: GameHost;
}

/** Everything needed to play one game between bot executables. */
export interface MatchRequest {
  readonly game: AnyGameModule;
  readonly bots: readonly MatchBot[];
  readonly seed: number;
  readonly board?: string;
  readonly timing: TimingMode;
  readonly control?: TimeControl;
  readonly graceMs?: number;
  readonly limits: ResourceLimits;
  /**
   * The cores this game's bots are pinned to (CPU affinity), or null for none. Absent: a game played
   * alone, whose bots get the last core ({@link coresOfSlot} of the only slot) on a machine of two cores
   * or more, unless `limits.affinity` is false.
   */
  readonly cpus?: readonly number[] | null;
  /** Files no bot may read even where they lie beside a bot's program: the tournament store. */
  readonly hidden?: readonly string[];
  readonly onEvent?: (event: RefereeEvent) => void;
  /** Aborting kills every bot at once; the game then ends quickly and its record must be thrown away. */
  readonly signal?: AbortSignal;
}

/**
 * The cores games at `concurrency` at once leave to background work (an event's builds and smoke
 * tests): those below the games' own (see {@link coresOfSlot}), or null (any core) when the games
 * take every core or are not pinned.
 */
export function backgroundCores(concurrency: number, cores: number): number[] | null {
  if (concurrency >= cores) return null;
  return Array.from({ length: cores - concurrency }, (_, i) => i);
}

/**
 * The cores a game's bots are pinned to when `slot.concurrency` games run at once and this one is the
 * `slot.slot`-th (from 0), or null when games at once outnumber the cores (pinning would then stack
 * games on shared cores). The last cores are used first, leaving core 0 to Jury and the system when
 * there is room: the judge's work after a prompt then never waits for a bot on its core, nor a bot for
 * it (one 6561 game here: reply to next prompt p50 40 µs pinned, 48-50 µs not).
 */
export function coresOfSlot(
  slot: { readonly slot: number; readonly concurrency: number },
  cores: number,
): number[] | null {
  if (slot.concurrency > cores || slot.slot >= cores) return null;
  return [cores - 1 - slot.slot];
}

/**
 * The cores of a game played alone (see {@link MatchRequest.cpus}): background work's own (a smoke test
 * beside an event's games), else the top core as slot 0 of a tournament.
 */
function aloneCores(limits: ResourceLimits): readonly number[] | null {
  if (limits.background) return limits.background.cpus;
  const cores = availableParallelism();
  return limits.affinity === false || cores < 2 ? null : coresOfSlot({ slot: 0, concurrency: 1 }, cores);
}

/**
 * The limits a game's bots run under in `timing`: where each is charged its own CPU time, they give way
 * to the interface (ResourceLimits.yieldCpu), as waiting for a core costs them nothing. For the players
 * only, never a referee program.
 */
export function botLimits(limits: ResourceLimits, timing: TimingMode): ResourceLimits {
  return chargesWallClock(timing) ? limits : { ...limits, yieldCpu: true };
}

/**
 * Starts the bots of one game with `launcher`, referees the game and returns its record. Every bot is
 * shut down at the end whatever happened, also when refereeing throws (a bad board).
 */
export async function playMatch(request: MatchRequest, launcher: Launcher): Promise<GameRecord> {
  const launched: LaunchedBot[] = [];
  const limits = botLimits(request.limits, request.timing);
  try {
    // Started together: each launch waits on a spawn and a hash, so one after another they would add up.
    const starts = await Promise.allSettled(
      request.bots.map((bot) =>
        launcher.launch(
          request.hidden ? { ...bot, hidden: request.hidden } : bot,
          limits,
          request.cpus === undefined ? aloneCores(request.limits) : request.cpus,
        ),
      ),
    );
    for (const start of starts) if (start.status === 'fulfilled') launched.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const abort = (): void => void Promise.all(launched.map((l) => l.channel.shutdown(0)));
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    return await playGame(
      launched.map((l, i) => {
        const bot = request.bots[i] as MatchBot;
        return { channel: l.channel, name: bot.name, command: bot.command, executableHash: l.executableHash };
      }),
      {
        game: request.game,
        seed: request.seed,
        timing: request.timing,
        limits: launched[0]?.limits ?? null,
        ...(request.board === undefined ? {} : { board: request.board }),
        ...(request.control === undefined ? {} : { control: request.control }),
        ...(request.graceMs === undefined ? {} : { graceMs: request.graceMs }),
        ...(request.onEvent === undefined ? {} : { onEvent: request.onEvent }),
      },
    );
  } finally {
    await Promise.all(launched.map((l) => l.channel.shutdown(0)));
  }
}
