import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createHash, randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { absoluteArgs, prepareBot } from '../engine/bots/build.ts';
import { languageOfFile } from '../engine/bots/languages.ts';
import { findGameSample, sampleMatchBot } from '../engine/bots/sample-match-bot.ts';
import { samplesOf } from '../engine/bots/samples/index.ts';
import { processLauncher } from '../engine/bot-launcher.ts';
import { playMatch, type MatchBot } from '../engine/play-match.ts';
import type { ProcessLauncher } from '../engine/bot-launcher.ts';
import type { GamePackage } from '../engine/packages/load.ts';
import { DEFAULT_REFEREE_LOG, playPackageMatch } from '../engine/packages/play-package.ts';
import type { GameRecord } from '../engine/record/schema.ts';
import { RefereeSetupError } from '../engine/referee/referee.ts';
import { budgetControl } from '../engine/timing/budget.ts';
import type { GameId } from '../../shared/games/types.ts';
import type { CliIo } from './program.ts';
import { parsePlayRequest, type PlayFlags, type PlayRequest } from './play-options.ts';
import { formatSummary, summaryJson } from './summary.ts';
import { UsageError } from './usage-error.ts';

/**
 * Turns `sample:<name>` into the sample bot's command line (a game package's sample players by their
 * manifest names); other commands pass through, their program and the files their arguments name made
 * absolute from the folder `jury play` runs in.
 */
export function resolveBot(game: GameId, command: readonly string[], pkg?: GamePackage): MatchBot {
  const [first = '', ...rest] = command;
  if (!first.startsWith('sample:')) {
    const program = first.includes('/') ? resolve(first) : first;
    return {
      name: first.split('/').at(-1) ?? first,
      command: [program, ...absoluteArgs(rest, process.cwd())],
    };
  }
  const wanted = first.slice('sample:'.length);
  if (pkg !== undefined) return packageSample(pkg, wanted, rest);
  const sample = findGameSample(game, wanted);
  if (!sample) {
    const names = samplesOf(game)
      .map((b) => `sample:${b.strength}`)
      .join(', ');
    throw new UsageError(`no sample bot ${JSON.stringify(wanted)} for ${game}; choose ${names}`);
  }
  const bot = sampleMatchBot(sample, sample.id);
  return { ...bot, command: [...bot.command, ...rest] };
}

/** A game package's sample player `wanted` as a bot, run from the package folder (read-only to it). */
function packageSample(pkg: GamePackage, wanted: string, rest: readonly string[]): MatchBot {
  const sample = pkg.samples.find((s) => s.name === wanted);
  if (!sample) {
    const names = pkg.samples.map((s) => `sample:${s.name}`).join(', ');
    throw new UsageError(
      `no sample player ${JSON.stringify(wanted)} in ${pkg.manifest.name}; ${names === '' ? 'its manifest names none' : `choose ${names}`}`,
    );
  }
  return { name: wanted, command: [...sample.command, ...rest], cwd: pkg.folder, folder: pkg.folder };
}

/**
 * A bot given as one source file (`--bot my_bot.cpp`) is built with its language preset (or, for
 * Python and JavaScript, run by its interpreter); anything else is a command line and passes through.
 * Build failures are usage errors that show the compiler's output.
 */
export async function buildIfSource(bot: MatchBot): Promise<MatchBot> {
  const [file, ...args] = bot.command;
  if (file === undefined || args.length > 0) return bot;
  const language = languageOfFile(file);
  if (language === null || !isFile(file)) return bot;
  const source = resolve(file);
  const buildDir = join(
    tmpdir(),
    'jury-builds',
    createHash('sha256').update(source).digest('hex').slice(0, 16),
  );
  const prepared = await prepareBot(
    { name: basename(file), source: { file: source, language }, args: [] },
    { baseDir: process.cwd(), buildDir },
  );
  if (!prepared.ok) {
    const output = prepared.error.output ? `\n${prepared.error.output.trimEnd()}` : '';
    throw new UsageError(`--bot ${file}: ${prepared.error.message}${output}`);
  }
  const { launch } = prepared.value;
  return { name: basename(file), command: [launch.executable, ...launch.args], cwd: launch.cwd };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `jury play`: plays one game and prints the summary (or one JSON object). Returns the exit code. */
export async function playCommand(gameId: string, flags: PlayFlags, io: CliIo): Promise<number> {
  const request = await parsePlayRequest(gameId, flags, () => randomInt(0, 0xffffffff));
  const { game } = request;
  const pkg = game.kind === 'package' ? game.pkg : undefined;
  const bots = await Promise.all(
    request.bots.map((command) => {
      const bot = resolveBot(game.id, command, pkg);
      // A package's sample is a command from its manifest, never a source file to build.
      return pkg && command[0]?.startsWith('sample:') ? bot : buildIfSource(bot);
    }),
  );
  const launcher = processLauncher();
  for (const bot of bots) {
    const problem = await launcher.check(bot);
    if (problem) throw new UsageError(`--bot ${bot.command.join(' ')}: ${problem}`);
  }
  if (game.kind === 'package') return playPackage(request, game.pkg, bots, launcher, io);
  const control = budgetControl(game.module.info.timeControl, request.budgetMs);
  let record;
  try {
    record = await playMatch(
      {
        game: game.module,
        bots,
        seed: request.seed,
        timing: request.timing,
        graceMs: request.graceMs,
        limits: request.limits,
        ...(request.board === undefined ? {} : { board: request.board }),
        ...(control === undefined ? {} : { control }),
      },
      launcher,
    );
  } catch (e) {
    if (e instanceof RefereeSetupError) throw new UsageError(e.message);
    throw e;
  }
  await report(request, record, io);
  return 0;
}

/** Writes the record (--record) and prints the summary. */
async function report(request: PlayRequest, record: GameRecord, io: CliIo): Promise<void> {
  if (request.recordPath !== undefined) {
    await writeFile(request.recordPath, `${JSON.stringify(record)}\n`).catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot write --record ${request.recordPath}: ${e.code ?? e.message}`);
    });
  }
  const path = request.recordPath ?? null;
  io.out(request.json ? `${JSON.stringify(summaryJson(record, path))}\n` : formatSummary(record, path));
}

/**
 * `jury play <package folder>`: one game of a game package. The referee's log is kept beside the record
 * (`<record>.<log name>`) when there is a record. Exit code 0 when the referee reported a result, 1 when
 * it failed (the summary says how).
 */
async function playPackage(
  request: PlayRequest,
  pkg: GamePackage,
  bots: readonly MatchBot[],
  launcher: ProcessLauncher,
  io: CliIo,
): Promise<number> {
  const logName = pkg.log?.file ?? DEFAULT_REFEREE_LOG;
  const record = await playPackageMatch(
    {
      pkg,
      bots,
      seed: request.seed,
      timing: request.timing,
      ...(request.budgetMs === undefined ? {} : { budgetMs: request.budgetMs }),
      graceMs: request.graceMs,
      limits: request.limits,
      keepLog: request.recordPath === undefined ? null : `${resolve(request.recordPath)}.${logName}`,
    },
    launcher,
  );
  await report(request, record, io);
  return record.end.kind === 'referee-failed' ? 1 : 0;
}
