import type { Seed } from '../../../../shared/random/prng.ts';
import { readLines } from './lines.ts';
import type { BotSession } from './session.ts';

/** The seed a sample bot uses without `--seed`: fixed, so that a game between sample bots is reproducible. */
export const DEFAULT_SEED: Seed = 2017;

/** The command line of a sample bot, or why it is wrong. */
export type BotArgs = { readonly seed: Seed; readonly help: boolean } | { readonly error: string };

/** Usage text of every sample bot (written to standard error: standard output carries only the protocol). */
export const USAGE = `usage: <bot> [--seed N]
  A Jury sample bot: it reads the judge's lines on standard input and writes its moves on standard
  output, one line each. --seed N (an integer) changes its random choices; default ${DEFAULT_SEED}.`;

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
 * The main of a sample bot: parses the arguments, then feeds every line of standard input to the
 * session and writes its answers to standard output, each batch in one write (Node does not buffer a
 * pipe, so nothing is left unflushed). Exits with 0 after the session's last line (Quit) or at the end of
 * the input (Flit's end, or a judge that stopped the game); with 1 when the session cannot follow the
 * protocol, with a one-line reason on standard error; with 2 for a bad command line.
 */
export function runBot(makeSession: (seed: Seed) => BotSession, argv = process.argv.slice(2)): void {
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
      try {
        const out = session.feed(line);
        if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
        return session.done;
      } catch (error) {
        process.stderr.write(`sample bot: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
        return true;
      }
    },
    end() {},
  });
}
