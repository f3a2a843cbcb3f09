import { deriveSeed, Prng, type Seed } from '../random/prng.ts';
import { inputError, ok, type InputError, type Result } from './result.ts';
import type { GameModule } from './types.ts';

/**
 * What every sample bot is, apart from its standard input and output: a protocol session that is fed
 * the lines the judge writes, one at a time, and answers with the lines to write back. Keeping it free of
 * streams lets the tests play whole games with sessions in memory, and lets the one process script of the
 * sample bots (electron/engine/bots/samples/sample-bot.ts) be the only place that touches the process.
 */
export interface BotSession {
  /**
   * Takes one line read from standard input (without its line end) and returns the lines to write, in
   * order (usually none or one reply; a whole rush in Less), or an error with code `protocol` when the
   * line makes no sense at this point of the protocol: the judge and the bot disagree about the game,
   * and the caller must stop feeding the session.
   */
  feed(line: string): Result<readonly string[], InputError>;
  /** Whether the session has read its last line (Quit) and the bot should exit. */
  readonly done: boolean;
}

/**
 * A line a session cannot follow. Only thrown inside a session, from deep in its protocol steps, and
 * caught by {@link SampleSession.feed}, which turns it into a failed result: no caller ever sees it.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/**
 * The base of every sample session: {@link SampleSession.answer} follows the protocol and may throw a
 * {@link ProtocolError} wherever it finds the judge's line makes no sense; {@link SampleSession.feed}
 * turns that into the failed result the {@link BotSession} contract promises (nothing in shared/ throws
 * on bad input). Any other exception is a bug in the session and is not caught.
 */
export abstract class SampleSession implements BotSession {
  abstract readonly done: boolean;

  /** See {@link BotSession.feed}. */
  feed(line: string): Result<readonly string[], InputError> {
    try {
      return ok(this.answer(line));
    } catch (error) {
      if (error instanceof ProtocolError) return inputError('protocol', error.message);
      throw error;
    }
  }

  /** The lines to write after reading `line`; throws {@link ProtocolError} when it cannot follow it. */
  protected abstract answer(line: string): readonly string[];
}

/** The seat of `word` among `names`, or a {@link ProtocolError} naming what was expected. */
export function seatOf(names: readonly string[], word: string): number {
  const seat = names.indexOf(word);
  if (seat < 0) throw new ProtocolError(`expected one of ${names.join(', ')}, got ${JSON.stringify(word)}`);
  return seat;
}

/**
 * Follows a move line another seat played, as the judge relayed it: parses, checks and applies it with the
 * game module. Throws {@link ProtocolError} when the line cannot be followed (the judge and the bot
 * disagree about the game).
 */
export function followMove<S, M>(game: GameModule<S, M>, state: S, text: string): { state: S; move: M } {
  const move = game.parseReply(state, text);
  if (!move.ok)
    throw new ProtocolError(`cannot read the move ${JSON.stringify(text)}: ${move.error.message}`);
  const reason = game.checkMove(state, move.value);
  if (reason !== null) throw new ProtocolError(`cannot follow the move ${JSON.stringify(text)}: ${reason}`);
  return { state: game.apply(state, move.value), move: move.value };
}

/**
 * What the sessions that track their game with its module share: the seed, the random generator that is
 * seeded once the seat is known, and whether Quit was read.
 */
export abstract class TrackingSession extends SampleSession {
  protected readonly seed: Seed;
  protected rng: Prng | null = null;
  protected finished = false;

  constructor(seed: Seed) {
    super();
    this.seed = seed;
  }

  /** See {@link BotSession.done}. */
  get done(): boolean {
    return this.finished;
  }

  /** Seeds the random generator for the seat named `seatName`, so bots in different seats differ. */
  protected seedFor(seatName: string): void {
    this.rng = Prng.fromSeed(deriveSeed(this.seed, seatName));
  }
}
