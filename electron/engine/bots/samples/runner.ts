import type { Seed } from '../../../../shared/random/prng.ts';
import type { BotSession } from '../../../../shared/games/sample-session.ts';
import { allSampleBots, findSampleSpec } from './index.ts';
import { readLines } from './lines.ts';

/** The seed a sample bot uses without `--seed`: fixed, so that a game between sample bots is reproducible. */
export const DEFAULT_SEED: Seed = 2017;

/** The command line of a sample bot, or why it is wrong. */
export type BotArgs = { readonly seed: Seed; readonly help: boolean } | { readonly error: string };

/** Usage text of every sample bot (written to standard error: standard output carries only the protocol). */
export const USAGE = `usage: sample-bot.ts <sample-id> [--seed N]
  A Jury sample bot: it reads the judge's lines on standard input and writes its moves on standard
  output, one line each. --seed N (an integer) changes its random choices; default ${DEFAULT_SEED}.
  <sample-id> is one of: ${allSampleBots.map((b) => b.id).join(', ')}.`;

/** Parses `--seed N`, `--seed=N` and `--help`; anything else is an error. */
export function parseBotArgs(argv: readonly string[]): BotArgs {
  let seed = DEFAULT_SEED;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    let value: string | undefined;
    if (arg === '--seed') value = argv[++i];
    else if (arg.startsWith('--seed=')) value = arg.slice('--seed='.length);
    else return { error: `unknown argument ${JSON.stringify(arg)}` };
    if (value === undefined || !/^-?[0-9]{1,10}$/.test(value)) {
      return {
        error: `--seed needs an integer, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
      };
    }
    seed = Number(value);
  }
  return { seed, help };
}

/**
 * The main of the sample script (`sample-bot.ts <sample-id> [--seed N]`): finds the sample's session
 * through the game registry and runs it with {@link runBot}. An unknown or missing id exits with 2 and
 * the usage on standard error.
 */
export function runSample(argv: readonly string[] = process.argv.slice(2)): void {
  const [id, ...rest] = argv;
  if (id === '--help' || id === '-h') {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const spec = id === undefined ? undefined : findSampleSpec(id);
  if (spec === undefined) {
    const why = id === undefined ? 'name the sample bot first' : `no sample bot ${JSON.stringify(id)}`;
    process.stderr.write(`${why}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  runBot((seed) => spec.session(seed), rest);
}

/**
 * The main of a sample bot: parses the arguments, then feeds every line of standard input to the
 * session and writes its answers to standard output, each batch in one write (Node does not buffer a
 * pipe, so nothing is left unflushed). Exits with 0 after the session's last line (Quit) or at the end of
 * the input (Flit's end, or a judge that stopped the game); with 1 when the session cannot follow the
 * protocol, with a one-line reason on standard error; with 2 for a bad command line.
 */
export function runBot(makeSession: (seed: Seed) => BotSession, argv: readonly string[]): void {
  const args = parseBotArgs(argv);
  if ('error' in args) {
    process.stderr.write(`${args.error}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const session = makeSession(args.seed);
  // A judge that closed our standard output is gone: nothing is left to say to it.
  process.stdout.on('error', () => process.exit(1));
  readLines(process.stdin, {
    line(line) {
      let problem: string;
      try {
        const fed = session.feed(line);
        if (fed.ok) {
          if (fed.value.length > 0) process.stdout.write(`${fed.value.join('\n')}\n`);
          return session.done;
        }
        problem = fed.error.message;
      } catch (error) {
        // A bug in the session rather than a line it cannot follow: the judge sees the same exit.
        problem = error instanceof Error ? error.message : String(error);
      }
      process.stderr.write(`sample bot: ${problem}\n`);
      process.exitCode = 1;
      return true;
    },
    end() {},
  });
}
