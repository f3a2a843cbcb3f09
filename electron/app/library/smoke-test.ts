import { randomInt } from 'node:crypto';
import type { GameId } from '../../../shared/games/types.ts';
import type { smokeTestSchema } from '../../../shared/ipc/app-schemas.ts';
import { TIMING_MODE } from '../../../shared/timing/modes.ts';
import type { z } from 'zod';
import { formatFirstError } from '../../engine/caia/first-error.ts';
import { engineDriver } from '../../engine/games/driver.ts';
import type { ProcessLauncher } from '../../engine/bot-launcher.ts';
import type { Launcher, MatchBot, ResourceLimits } from '../../engine/play-match.ts';
import type { GameRecord } from '../../engine/record/schema.ts';
import { describeFailure } from '../../engine/referee/failure.ts';

/** The result of a smoke test, as the UI shows it. */
export type SmokeTest = z.output<typeof smokeTestSchema>;

/** The limits of `jury play` by default: the bot is tested as a tournament would run it. */
const LIMITS: ResourceLimits = { memoryMiB: 1024, maxProcesses: 64, network: false };
/** At most this many lines of the dialogue are shown. */
const DIALOGUE_LINES = 300;

/** Options of {@link smokeTest}. */
export interface SmokeTestOptions {
  /** The game's seed (default: a random one). */
  readonly seed?: number;
  /**
   * Played as background work beside other games (an event's): lowest priority, on these cores, and
   * with CPU timing, so that the wait for the CPU never fails a working program.
   */
  readonly background?: NonNullable<ResourceLimits['background']>;
}

/**
 * CodeCup's entry test of a program: one game of `game` with official timing, or CPU timing as background
 * work, `bot` in seat 0 and the game's sparring sample (its driver's: the random sample bot, a package's
 * first sample player) in every other seat. It passes when the bot finished the game with status OK; the
 * verdict says what happened in a sentence, the dialogue holds the lines the bot was sent and wrote, and
 * `firstError` its first line on stderr as Caia reports it. A bot that cannot even be started (asked
 * first when `launcher` can tell, as {@link ProcessLauncher} can) fails with the reason instead of
 * throwing, so the user sees it next to the button. Throws when the game cannot be played here at all.
 */
export async function smokeTest(
  bot: MatchBot,
  game: GameId,
  launcher: Launcher,
  options: SmokeTestOptions = {},
): Promise<SmokeTest> {
  const limits: ResourceLimits = options.background ? { ...LIMITS, background: options.background } : LIMITS;
  const timing = options.background ? TIMING_MODE.cpu : TIMING_MODE.official;
  const driver = engineDriver(game);
  const ready = await driver.ready();
  if (!ready.ok) throw new Error(ready.error.message);
  const opponents = driver.sparringBots(driver.game.facts.seats - 1);
  // The real launcher can say why a program cannot start; without asking, the game would only show
  // an EXIT at move 1.
  const problem = 'check' in launcher ? await (launcher as ProcessLauncher).check(bot) : null;
  if (problem !== null) return notPlayed(`Could not start ${bot.name}: ${problem}.`);
  let record: GameRecord;
  try {
    record = await driver.play(
      {
        bots: [bot, ...opponents],
        seed: options.seed ?? randomInt(0, 0xffffffff),
        timing,
        graceMs: 1000,
        limits,
      },
      launcher,
    );
  } catch (e) {
    return notPlayed(`Could not play: ${(e as Error).message}`);
  }
  return fromRecord(record);
}

function notPlayed(verdict: string): SmokeTest {
  return { passed: false, verdict, dialogue: [], scores: [], statuses: [] };
}

/** The smoke test's result from the game's record (seat 0 is the bot under test). */
export function fromRecord(record: GameRecord): SmokeTest {
  const seat = record.seats[0];
  if (!seat) throw new Error('the game record has no seats');
  const passed = seat.status === 'OK' && record.end.kind !== 'referee-failed';
  const moves = record.moves.filter((m) => m.seat === 0 && m.by === 'bot').length;
  // A referee program's game records the protocol transcript, not moves: it counts as one whole game.
  const played = record.moves.length === 0 ? 'a full game' : `${moves} ${moves === 1 ? 'move' : 'moves'}`;
  const written = seat.stderr.full;
  const firstError = formatFirstError(written === '' ? null : (written.split('\n')[0] ?? ''));
  let verdict: string;
  if (record.end.kind === 'referee-failed') {
    verdict = `The game could not be played: ${record.end.reason}.`;
  } else if (passed) {
    verdict = `Played ${played} without a fault; scored ${seat.score}.`;
    if (seat.killedAfterEnd) verdict += ' It did not exit after the game ended and was killed.';
  } else {
    const why = seat.failure ? describeFailure(seat.failure) : 'the game did not end normally for it';
    verdict = `${seat.status}: ${why}.`;
    const stderr = seat.stderr.shown.trim();
    if (stderr !== '') verdict += ` Its last words on stderr: ${JSON.stringify(lastLine(stderr))}`;
  }
  return {
    passed,
    verdict,
    dialogue: numberedDialogue(record).slice(0, DIALOGUE_LINES),
    scores: [...record.scores],
    statuses: record.seats.map((s) => s.status),
    firstError,
  };
}

/**
 * Seat 0's lines, each reply that was one of its moves with the move's number in the game (ply + 1, as
 * the game viewer and the transcript number moves): the bot's moves are matched to its replies in order.
 */
function numberedDialogue(record: GameRecord): SmokeTest['dialogue'] {
  const moves = record.moves.filter((m) => m.seat === 0 && m.by === 'bot');
  let next = 0;
  return record.lines
    .filter((l) => l.seat === 0)
    .map((l) => {
      const line = { seat: l.seat, dir: l.dir, text: l.text };
      const move = moves[next];
      if (l.dir !== 'out' || move === undefined || move.line.trim() !== l.text.trim()) return line;
      next += 1;
      return { ...line, move: move.ply + 1 };
    });
}

function lastLine(text: string): string {
  const line = text.split('\n').at(-1) ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
