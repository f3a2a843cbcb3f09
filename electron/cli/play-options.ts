import { readFile } from 'node:fs/promises';
import { findRegistration, gameIds, isGameId } from '../../shared/games/registry.ts';
import { engineDriver, type EngineGameDriver } from '../engine/games/driver.ts';
import { loadPackageGame, packagePath } from '../engine/packages/admit.ts';
import { isTimingMode, TIMING_MODES, type TimingMode } from '../../shared/timing/modes.ts';
import { RUN_BOUNDS } from '../../shared/tournament/config-schema.ts';
import { UsageError } from './usage-error.ts';
import { splitCommandLine } from '../../shared/bots/command-line.ts';
import { wholeNumberOption as integer } from './whole-number.ts';

/** The raw options of `jury play`, as commander hands them over. */
export interface PlayFlags {
  readonly bot: readonly string[];
  readonly seed?: string;
  readonly board?: string;
  readonly boardFile?: string;
  readonly timing: string;
  readonly record?: string;
  readonly json?: boolean;
  readonly budgetMs?: string;
  readonly graceMs: string;
  readonly memoryMib: string;
  readonly maxProcesses: string;
  readonly network?: boolean;
}

/** The game `jury play` plays (a game id, or a game package's folder with jury-game.json): its driver. */
export type PlayGame = EngineGameDriver;

/** A checked `jury play` request. */
export interface PlayRequest {
  readonly game: PlayGame;
  /** One command line (executable, then arguments) per seat, or `sample:<name>`. */
  readonly bots: readonly (readonly string[])[];
  readonly seed: number;
  readonly board?: string;
  readonly timing: TimingMode;
  readonly budgetMs?: number;
  readonly graceMs: number;
  readonly limits: { readonly memoryMiB: number; readonly maxProcesses: number; readonly network: boolean };
  readonly recordPath?: string;
  readonly json: boolean;
}

/** Splits a --bot value into a command line by Jury's one rule (shared/bots/command-line.ts). */
export function splitCommand(text: string): string[] {
  const split = splitCommandLine(text);
  if (!split.ok) throw new UsageError(`--bot ${JSON.stringify(text)}: ${split.error.message}`);
  if (split.value.length === 0) throw new UsageError('--bot needs a command');
  return split.value;
}

/**
 * The game `jury play` was given: a game id, or a game package's folder (or its jury-game.json), loaded
 * and checked; a package that cannot be loaded is a usage error naming every problem.
 */
async function playGame(gameId: string): Promise<PlayGame> {
  const path = packagePath(gameId, process.cwd());
  if (path !== null) {
    const loaded = await loadPackageGame(path);
    if (!loaded.ok) throw new UsageError(loaded.error.message);
    return engineDriver(loaded.value.id);
  }
  // An imported event's game id names results, not a game anybody can play.
  if (!isGameId(gameId) || findRegistration(gameId) === undefined) {
    throw new UsageError(
      `unknown game ${JSON.stringify(gameId)}; choose one of ${gameIds.join(', ')}, or give a game package folder`,
    );
  }
  return engineDriver(gameId);
}

/**
 * Checks everything `jury play` was given, with a message that names the wrong option. `randomSeed` is
 * used when no --seed is given (it is printed and recorded, so the game can be replayed).
 */
export async function parsePlayRequest(
  gameId: string,
  flags: PlayFlags,
  randomSeed: () => number,
): Promise<PlayRequest> {
  const game = await playGame(gameId);
  const { seats, title, hasBoard } = game.game.facts;
  if (flags.bot.length !== seats) {
    throw new UsageError(`${title} needs ${seats} bots (one --bot per seat), got ${flags.bot.length}`);
  }
  if (flags.board !== undefined && flags.boardFile !== undefined)
    throw new UsageError('give --board or --board-file, not both');
  let board = flags.board;
  if (flags.boardFile !== undefined) {
    const text = await readFile(flags.boardFile, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read --board-file ${flags.boardFile}: ${e.code ?? e.message}`);
    });
    board = text
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim();
    if (board === undefined) throw new UsageError(`--board-file ${flags.boardFile} has no board string`);
  }
  if (board !== undefined) {
    const module = game.game.module;
    if (!hasBoard || module === null) throw new UsageError(`${title} is not played on a board string`);
    const check = module.setup({ seed: 0, board });
    if (!check.ok) throw new UsageError(`--board: ${check.error.message}`);
  }
  if (!isTimingMode(flags.timing)) {
    throw new UsageError(
      `--timing must be ${TIMING_MODES.join(' or ')}, got ${JSON.stringify(flags.timing)}`,
    );
  }
  const budgetMs =
    flags.budgetMs === undefined
      ? undefined
      : integer('--budget-ms', flags.budgetMs, RUN_BOUNDS.budgetMs.min, RUN_BOUNDS.budgetMs.max);
  return {
    game,
    bots: flags.bot.map(splitCommand),
    seed: flags.seed === undefined ? randomSeed() : integer('--seed', flags.seed, 0, 0xffffffff),
    ...(board === undefined ? {} : { board }),
    timing: flags.timing,
    ...(budgetMs === undefined ? {} : { budgetMs }),
    graceMs: integer('--grace-ms', flags.graceMs, RUN_BOUNDS.graceMs.min, RUN_BOUNDS.graceMs.max),
    limits: {
      memoryMiB: integer('--memory-mib', flags.memoryMib, RUN_BOUNDS.memoryMiB.min, RUN_BOUNDS.memoryMiB.max),
      maxProcesses: integer(
        '--max-processes',
        flags.maxProcesses,
        RUN_BOUNDS.maxProcesses.min,
        RUN_BOUNDS.maxProcesses.max,
      ),
      network: flags.network === true,
    },
    ...(flags.record === undefined ? {} : { recordPath: flags.record }),
    json: flags.json === true,
  };
}
