import { Command, CommanderError, Option } from 'commander';
import { DEFAULT_TIMING_MODE, TIMING_MODES } from '../../shared/timing/modes.ts';
import { JURY_VERSION } from '../engine/version.ts';
import type { ServeFlags } from '../serve/options.ts';
import type { EventCreateFlags } from './event-command.ts';
import type { StandingsFlags } from './standings-command.ts';
import { StoreError } from '../engine/store/errors.ts';
import { EXIT, UsageError } from './usage-error.ts';

/** Where a command writes: injected so tests can run the CLI in-process. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

const PLAY_HELP = `
Bots are started directly, never through a shell: --bot "python3 my_bot.py --fast" runs python3 with two
arguments. Use --bot sample:random or sample:greedy for Jury's sample bots of the game. A single source
file (--bot my_bot.cpp) is built first with CodeCup-style flags: .c (gcc -O2 -std=c11), .cpp/.cc (g++ -O2
-std=c++17), .java (javac), .pas (fpc -O2), .rs (rustc -O), .go (go build); .py and .js run with python3
and node.

Timing modes:
  official  wall time from writing the prompt to reading the whole reply; a bot caught using CPU while
            another thinks is stopped (SIGSTOP) during the others' turns from then on, as every bot is on
            the CodeCup server (default)
  cpu       CPU time of the bot's process, for busy machines; a wall-time cap still catches sleeping bots

A game package (a folder with jury-game.json, see docs/caia.md) is played by giving its folder instead of a
game: jury play ./toy --bot ./a --bot sample:player1; its sample players are sample:<name>, and with --record
the referee's log is kept beside the record.

Exit codes: 0 the game was played (whatever the bots did), 1 a game package's referee gave no result,
2 a usage or input error.

Examples:
  jury play more --bot ./my_bot --bot sample:greedy --seed 7
  jury play less --bot ./a --bot ./b --bot ./c --bot ./d --board-file board.txt --record game.json
  jury play 6561 --bot "java -cp out Bot" --bot sample:random --json`;

/** The examples under `jury --help`: one line for each thing an organiser does first. */
export const TOP_EXAMPLES = `
Examples:
  jury play more --bot ./my_bot --bot sample:greedy --seed 7    one game, my bot against a sample bot
  jury play 6561 --bot "python3 bot.py --fast" --bot sample:random --record game.json
  jury replay game.json                    re-check a recorded game and print its transcript
  jury run club.json                       run the tournament of a config file (again: resume it)
  jury standings ~/.local/share/jury/tournaments/club.sqlite
  jury export club.sqlite --format html --out report/index.html
  jury serve --host 127.0.0.1              the app in a browser: http://localhost:5170/

Each command explains itself and its options: jury play --help, jury run --help, …`;

/**
 * Builds the `jury` command line program. Actions return exit codes; nothing here calls process.exit.
 * `games` are the game ids `jury play --help` lists; without them its help says only "the game".
 */
export function buildProgram(
  io: CliIo,
  setCode: (code: number) => void,
  games: readonly string[] | null = null,
): Command {
  const program = new Command('jury')
    .description('Jury: a judge and tournament manager for CodeCup-style bot competitions')
    .version(JURY_VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', TOP_EXAMPLES);

  program
    .command('play')
    .description('play one game between bot executables and report the result')
    .argument('<game>', `the game${games ? `: ${games.join(', ')},` : ''} or a game package folder`)
    .requiredOption('--bot <command...>', 'one bot command line per seat, in seat order (repeat the option)')
    .option('--seed <n>', 'game seed 0..4294967295 (default: random, printed and recorded)')
    .option('--board <string>', 'play on this board string (Less, More)')
    .option('--board-file <file>', 'play on the first board string in this file')
    .addOption(
      new Option('--timing <mode>', 'how thinking time is charged')
        .choices(TIMING_MODES)
        .default(DEFAULT_TIMING_MODE),
    )
    .option('--budget-ms <ms>', "override the game's time budget per program (per move for Flit)")
    .option('--grace-ms <ms>', 'how long a bot may take to exit after Quit before it is killed', '1000')
    .option('--memory-mib <n>', 'memory cap per bot, where the system allows (Linux)', '1024')
    .option('--max-processes <n>', 'process count cap per bot, where the system allows (Linux)', '64')
    .option('--network', 'let bots use the network (default: no network where the system allows)')
    .option('--record <file>', 'write the full game record (JSON) to this file')
    .option('--json', 'print one JSON object instead of the human summary')
    .addHelpText('after', PLAY_HELP)
    .action(async (game: string, flags) =>
      setCode(await (await import('./play-command.ts')).playCommand(game, flags, io)),
    );

  program
    .command('replay')
    .description("re-check a game record through the game's rules and print its transcript")
    .argument('<file>', 'a record written by jury play --record')
    .option('--dialogue', 'show every line sent and received instead of the move list')
    .option('--json', 'print only the verdict as JSON')
    .addHelpText(
      'after',
      '\nExit codes: 0 the record replays exactly, 1 it does not, 2 a usage or input error.',
    )
    .action(async (file: string, flags: { dialogue?: boolean; json?: boolean }) =>
      setCode(await (await import('./replay-command.ts')).replayCommand(file, flags, io.out)),
    );

  program
    .command('run')
    .description('run a tournament, or resume it where it stopped')
    .argument('<config>', 'the tournament config file (JSON; see docs/tournaments.md)')
    .option(
      '--db <file>',
      'the tournament database (default: a file named after the tournament in the data folder)',
    )
    .option(
      '--concurrency <n>',
      'games at once on this machine (default: the config, else cores minus one; 0 with --workers by default)',
    )
    .option('--json', 'one JSON line per event instead of the progress bar')
    .option(
      '--workers <redis-url>',
      'play the games on jury worker machines through the queue at this Redis (redis://HOST[:PORT], no password)',
    )
    .option(
      '--redis-password-file <file>',
      'with --workers: the Redis password (default: JURY_REDIS_PASSWORD)',
    )
    .option('--secret-file <file>', 'with --workers: the organiser’s secret (default: JURY_SECRET)')
    .option(
      '--factor-range <min:max>',
      'with --workers: only workers whose speed factor is in this range play',
    )
    .option(
      '--replay-changed',
      'play again the finished games of bots whose program changed since (by content hash)',
    )
    .addHelpText(
      'after',
      `
Every finished game is stored at once with its full record; after a crash, a kill or Ctrl-C, the same
command continues where it stopped (games that were running start again). Ctrl-C once finishes the running
games and stops; twice aborts them.

When a bot's program changed since it played finished games, jury run warns and keeps them; with
--replay-changed exactly those games are played again (same seeds and boards). In Swiss, groups by
standing and knockout, later rounds keep the pairings that were made from the old results.

With --workers, games are queued in Redis for jury worker processes on other machines (see
docs/workers.md); this machine keeps the database and plays only --concurrency games itself.

Exit codes: 0 the tournament finished or stopped cleanly, 1 it was aborted, 2 a usage or input error.`,
    )
    .action(
      async (
        config: string,
        flags: {
          db?: string;
          concurrency?: string;
          json?: boolean;
          replayChanged?: boolean;
          workers?: string;
          redisPasswordFile?: string;
          secretFile?: string;
          factorRange?: string;
        },
      ) => setCode(await (await import('./run-command.ts')).runCommand(config, flags, io)),
    );

  program
    .command('worker')
    .description('play games of tournaments run with jury run --workers, taken from the queue at a Redis')
    .requiredOption(
      '--redis <url>',
      'the queue: redis://HOST[:PORT] or rediss:// (TLS), without the password',
    )
    .option('--redis-password-file <file>', 'the Redis password (default: JURY_REDIS_PASSWORD)')
    .option('--slots <n>', 'games at once (default: physical cores minus one)')
    .option('--name <name>', 'how the coordinator and the app show this worker (default: host-pid)')
    .option('--secret-file <file>', 'the organiser’s secret, as on the coordinator (default: JURY_SECRET)')
    .option('--cache <dir>', 'where fetched programs and builds are kept (default: ~/.cache/jury/worker)')
    .addHelpText(
      'after',
      `
Jobs not signed with the organiser's secret are handed back, never played. Programs are fetched once by
content hash and checked. Ctrl-C once finishes the running games and stops; twice aborts them.
A URL with a password is refused: anyone on the machine can read a command line.
See docs/workers.md for a two-machine set-up.

Example:
  jury worker --redis redis://192.168.1.10:6379 --redis-password-file redis-password \\
    --secret-file jury-secret --name lab-3`,
    )
    .action(
      async (flags: {
        redis: string;
        redisPasswordFile?: string;
        slots?: string;
        name?: string;
        secretFile?: string;
        cache?: string;
      }) => setCode(await (await import('./worker-command.ts')).workerCommand(flags, io)),
    );

  program
    .command('standings')
    .description(
      "a tournament's ranking: place, the stage that ranked each bot, points, games and average per stage, W/D/L, irregular losses, ratings",
    )
    .argument('<db>', 'the tournament database')
    .option('--stage <name>', 'one view: "Whole event" (default) or a stage by name, such as Swiss or Final')
    .option('--crosstable', 'also print the crosstable of the view (2-player games)')
    .option('--json', 'print the ranking (every row and figure) as one JSON object')
    .addHelpText(
      'after',
      `
After a Swiss stage the finalists come first, ordered by the final, then the others by the Swiss. Where
a stage's game counts differ, it ranks by average points per game and says so under the table. Ratings
(Elo ± 95% for 2-player games, openskill μ ± σ) always use every game. Knockout events name the champion.

Exit codes: 0 printed, 2 a usage or input error (no such database, not a store, an unknown stage).`,
    )
    .action(async (db: string, flags: StandingsFlags) =>
      setCode((await import('./standings-command.ts')).standingsCommand(db, flags, io)),
    );

  program
    .command('export')
    .description("export a tournament's results")
    .argument('<db>', 'the tournament database')
    .addOption(
      new Option(
        '--format <format>',
        'csv (CodeCup layout), json, html (a report for any browser), transcripts',
      )
        .choices(['csv', 'json', 'html', 'transcripts'])
        .makeOptionMandatory(),
    )
    .requiredOption(
      '--out <path>',
      'the file to write (a folder for transcripts; html also writes transcripts/ beside it)',
    )
    .action(async (db: string, flags: { format: string; out: string }) =>
      setCode(await (await import('./report-commands.ts')).exportCommand(db, flags, io)),
    );

  program
    .command('import')
    .description("import CodeCup's published result file as a read-only tournament")
    .argument('<source>', 'what the file is: codecup')
    .argument('<file>', "CodeCup's result file (Game,Round,IsSwiss,Player,User,Score,Status)")
    .option('--db <file>', 'the new tournament database (default: named after the file, in the data folder)')
    .option(
      '--game <id>',
      "the rules the statuses follow, for a game Jury knows (6561: cooperative; less: teams); default: CodeCup's plain rule",
    )
    .option('--json', 'print what was imported as one JSON object')
    .addHelpText(
      'after',
      `
Participants come from User, stages from IsSwiss (swiss, final), games with their seats, scores and
statuses; standings, crosstable, ratings and exports then work as for any tournament, and jury export
--format csv writes the same rows back. A file that is not CodeCup's layout, or whose statuses do not
follow from its scores, is refused naming the line and column, and nothing is written.

Exit codes: 0 imported, 2 a usage or input error (a bad file, an existing database).`,
    )
    .action(async (source: string, file: string, flags: { db?: string; json?: boolean; game?: string }) =>
      setCode(await (await import('./import-command.ts')).importCommand(source, file, flags, io)),
    );

  program
    .command('serve')
    .description('serve the app to browsers: spectators on the network watch, this machine controls')
    .option('--db <file>', 'show only this tournament database')
    .option('--port <port>', 'the port to listen on; 0 picks a free one (default: 5170)')
    .option(
      '--host <address>',
      'the address to listen on; 127.0.0.1 for this machine only (default: 0.0.0.0)',
    )
    .option('--store <dir>', "the folder of tournament databases (default: Jury's tournaments folder)")
    .option('--workspace <dir>', 'the folder of the bot library, settings and presets (default: its parent)')
    .option('--token <token>', 'the control token for other machines (default: a random one, printed)')
    .option('--event <folder>', "serve this event too: contestants' and organiser's routes under /event/")
    .addHelpText(
      'after',
      `
Browsers on this machine (localhost) may control everything; browsers elsewhere watch read-only unless
their address carries the printed token (?token=…). See docs/serve.md. Needs the built app: npm run build.
`,
    )
    .action(async (flags: ServeFlags) =>
      setCode(await (await import('./serve-command.ts')).serveCommand(flags, io)),
    );

  const event = program
    .command('event')
    .description('an event: contestants upload their programs over the LAN (docs/event-day.md)');
  event
    .command('create <folder>')
    .description('create an event in a new folder')
    .option('--name <name>', "the event's name")
    .option('--game <id>', 'the game: more, less, 6561, flit or a game package')
    .option('--deadline <time>', 'uploads close then: an ISO time with a zone, 2026-05-01T16:00:00+02:00')
    .option('--test-every <minutes>', 'play a test competition every N minutes while uploads are open')
    .option('--samples', 'seat the sample bots in test competitions too')
    .option('--settings <file>', 'the settings as JSON (docs/event-day.md); the flags override them')
    .action(async (folder: string, flags: EventCreateFlags) =>
      setCode(await (await import('./event-command.ts')).eventCreateCommand(folder, flags, io)),
    );
  event
    .command('add-contestants <folder> [names...]')
    .description("add contestants and print each one's join code (shown this once)")
    .option('--file <list>', 'a list of names, one a line (# comments and blank lines skipped)')
    .action(async (folder: string, names: string[], flags: { file?: string }) =>
      setCode(await (await import('./event-command.ts')).eventAddCommand(folder, names, flags, io)),
    );

  return program;
}

/**
 * Whether `argv` may print a command's help (`--help`, `-h`, `jury help <command>`): the only output that
 * lists the games, and so the only one before a command runs that needs the game registry.
 */
function asksForHelp(argv: readonly string[]): boolean {
  return argv[0] === 'help' || argv.some((word) => word === '--help' || word === '-h');
}

/**
 * Runs `jury` with `argv` (without the node and script words) and returns the exit code. Each command's
 * module is loaded when that command runs, and the game registry (every game's rules and samples) only
 * for a help that lists the games: Node strips the types of every TypeScript file it loads, and loading
 * all of them (the judge, the server, the app's service) took a second before `jury standings` could
 * start (`npm run bench -- --section cli` measures `jury --version` and `jury standings`).
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let code: number = EXIT.ok;
  const games = asksForHelp(argv) ? (await import('../../shared/games/registry.ts')).gameIds : null;
  const program = buildProgram(io, (c) => (code = c), games);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0
        ? EXIT.ok
        : EXIT.usage;
    }
    const message = inputProblem(e);
    if (message !== null) {
      io.err(`jury: ${message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

/**
 * The one-line message of an error that is about what `jury` was given (exit code 2), or null for a fault
 * of Jury itself: a usage error, a store refusal (not a store, damaged, newer, locked …), or SQLite
 * failing on a damaged database part-way through a read.
 */
function inputProblem(e: unknown): string | null {
  if (e instanceof UsageError || e instanceof StoreError) return e.message;
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'ERR_SQLITE_ERROR') {
    return `the database cannot be read: ${e.message}`;
  }
  return null;
}
