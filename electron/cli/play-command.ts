import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createHash, randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { prepareBot } from '../engine/bots/build.ts';
import { languageOfFile } from '../engine/bots/languages.ts';
import { findGameSample, sampleMatchBot } from '../engine/bots/sample-match-bot.ts';
import { samplesOf } from '../engine/bots/samples/index.ts';
import { processLauncher } from '../engine/bot-launcher.ts';
import { playMatch, type MatchBot } from '../engine/play-match.ts';
import { RefereeSetupError } from '../engine/referee/referee.ts';
import { budgetControl } from '../engine/timing/budget.ts';
import type { GameId } from '../../shared/games/types.ts';
import type { CliIo } from './program.ts';
import { parsePlayRequest, type PlayFlags } from './play-options.ts';
import { formatSummary, summaryJson } from './summary.ts';
import { UsageError } from './usage-error.ts';

/** Turns `sample:<name>` into the sample bot's command line; other commands pass through. */
export function resolveBot(game: GameId, command: readonly string[]): MatchBot {
  const [first = '', ...rest] = command;
  if (!first.startsWith('sample:')) return { name: first.split('/').at(-1) ?? first, command };
  const wanted = first.slice('sample:'.length);
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
  const bots = await Promise.all(
    request.bots.map((command) => buildIfSource(resolveBot(request.game.info.id, command))),
  );
  const launcher = processLauncher();
  for (const bot of bots) {
    const problem = await launcher.check(bot);
    if (problem) throw new UsageError(`--bot ${bot.command.join(' ')}: ${problem}`);
  }
  const control = budgetControl(request.game.info.timeControl, request.budgetMs);
  let record;
  try {
    record = await playMatch(
      {
        game: request.game,
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
  if (request.recordPath !== undefined) {
    await writeFile(request.recordPath, `${JSON.stringify(record)}\n`).catch((e: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot write --record ${request.recordPath}: ${e.code ?? e.message}`);
    });
  }
  const path = request.recordPath ?? null;
  io.out(request.json ? `${JSON.stringify(summaryJson(record, path))}\n` : formatSummary(record, path));
  return 0;
}
