import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createHash, randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { absoluteArgs, prepareBot } from '../engine/bots/build.ts';
import { languageOfFile } from '../engine/bots/languages.ts';
import { processLauncher } from '../engine/bot-launcher.ts';
import type { MatchBot } from '../engine/play-match.ts';
import type { EngineGameDriver } from '../engine/games/driver.ts';
import type { GameRecord } from '../engine/record/schema.ts';
import { RefereeSetupError } from '../engine/referee/referee.ts';
import type { CliIo } from './program.ts';
import { parsePlayRequest, type PlayFlags, type PlayRequest } from './play-options.ts';
import { formatSummary, summaryJson } from './summary.ts';
import { UsageError } from './usage-error.ts';

/**
 * Turns `sample:<name>` into the game's sample bot called `<name>` (a built-in game's by strength or id,
 * a game package's sample players by their manifest names), the rest of the line as extra arguments;
 * other commands pass through, their program and the files their arguments name made absolute from the
 * folder `jury play` runs in.
 */
export function resolveBot(game: EngineGameDriver, command: readonly string[]): MatchBot {
  const [first = '', ...rest] = command;
  if (!first.startsWith('sample:')) {
    const program = first.includes('/') ? resolve(first) : first;
    return {
      name: first.split('/').at(-1) ?? first,
      command: [program, ...absoluteArgs(rest, process.cwd())],
    };
  }
  const wanted = first.slice('sample:'.length);
  const bot = game.sampleBot(wanted, wanted);
  if (!bot) {
    const names = game.game.samples.map((name) => `sample:${name}`).join(', ');
    throw new UsageError(
      `no sample bot ${JSON.stringify(wanted)} for ${game.game.facts.title}; ${names === '' ? 'it has none' : `choose ${names}`}`,
    );
  }
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

/**
 * `jury play`: plays one game and prints the summary (or one JSON object). A game package's referee log
 * is kept beside the record (`<record>.<log name>`) when there is a record. Returns the exit code: 0, or 1
 * when a referee program failed to report a result (the summary says how).
 */
export async function playCommand(gameId: string, flags: PlayFlags, io: CliIo): Promise<number> {
  const request = await parsePlayRequest(gameId, flags, () => randomInt(0, 0xffffffff));
  const { game } = request;
  const bots = await Promise.all(
    request.bots.map((command) => {
      const bot = resolveBot(game, command);
      // A sample is a command Jury or the package gives, never a source file to build.
      return command[0]?.startsWith('sample:') ? bot : buildIfSource(bot);
    }),
  );
  const launcher = processLauncher();
  for (const bot of bots) {
    const problem = await launcher.check(bot);
    if (problem) throw new UsageError(`--bot ${bot.command.join(' ')}: ${problem}`);
  }
  const { recordPath } = request;
  let record: GameRecord;
  try {
    record = await game.play(
      {
        bots,
        seed: request.seed,
        timing: request.timing,
        ...(request.budgetMs === undefined ? {} : { budgetMs: request.budgetMs }),
        graceMs: request.graceMs,
        limits: request.limits,
        ...(request.board === undefined ? {} : { board: request.board }),
        ...(recordPath === undefined ? {} : { keepLog: (file: string) => `${resolve(recordPath)}.${file}` }),
      },
      launcher,
    );
  } catch (e) {
    if (e instanceof RefereeSetupError) throw new UsageError(e.message);
    throw e;
  }
  await report(request, record, io);
  return record.end.kind === 'referee-failed' ? 1 : 0;
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
