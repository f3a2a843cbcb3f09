import { readFile } from 'node:fs/promises';
import { parse as parseShell } from 'shell-quote';
import { findGame, gameIds } from '../../shared/games/registry.ts';
import type { AnyGameModule } from '../../shared/games/types.ts';
import { isTimingMode, TIMING_MODES, type TimingMode } from '../../shared/timing/modes.ts';
import { RUN_BOUNDS } from '../../shared/tournament/config-schema.ts';
import { UsageError } from './usage-error.ts';

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

/** A checked `jury play` request. */
export interface PlayRequest {
  readonly game: AnyGameModule;
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

function integer(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim()))
    throw new UsageError(`${name} must be a whole number, got ${JSON.stringify(text)}`);
  const n = Number(text);
  if (n < min || n > max) throw new UsageError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/** Splits a --bot value into a command line the way a shell would, but never runs a shell. */
export function splitCommand(text: string): string[] {
  const parts = parseShell(text);
  const words = parts.map((p) => {
    if (typeof p !== 'string') {
      throw new UsageError(
        `--bot ${JSON.stringify(text)}: shell operators are not allowed; bots are started directly`,
      );
    }
    return p;
  });
  if (words.length === 0) throw new UsageError('--bot needs a command');
  return words;
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
  const game = findGame(gameId);
  if (!game)
    throw new UsageError(`unknown game ${JSON.stringify(gameId)}; choose one of ${gameIds.join(', ')}`);
  const seats = game.info.seats;
  if (flags.bot.length !== seats) {
    throw new UsageError(
      `${game.info.title} needs ${seats} bots (one --bot per seat), got ${flags.bot.length}`,
    );
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
    if (!game.info.hasBoard) throw new UsageError(`${game.info.title} is not played on a board string`);
    const check = game.setup({ seed: 0, board });
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
