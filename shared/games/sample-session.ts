import { deriveSeed, Prng, type Seed } from '../../../../shared/random/prng.ts';
import type { GameModule } from '../../../../shared/games/types.ts';
/**
 * What every sample bot is, apart from its standard input and output: a protocol session that is fed
 * the lines the judge writes, one at a time, and answers with the lines to write back. Keeping it free of
 * streams lets the tests play whole games with sessions in memory, and lets the thin main of each bot
 * (runner.ts) be the only place that touches the process.
 */
export interface BotSession {
  /**
   * Takes one line read from standard input (without its line end) and returns the lines to write, in
   * order (usually none or one reply; a whole rush in Less). Throws {@link ProtocolError} when the line
   * makes no sense at this point of the protocol.
   */
  feed(line: string): readonly string[];
  /** Whether the session has read its last line (Quit) and the bot should exit. */
  readonly done: boolean;
}

/** A line the session cannot follow: the judge and the bot disagree about the game. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
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
export abstract class TrackingSession implements BotSession {
  protected readonly seed: Seed;
  protected rng: Prng | null = null;
  protected finished = false;

  constructor(seed: Seed) {
    this.seed = seed;
  }

  /** See {@link BotSession.done}. */
  get done(): boolean {
    return this.finished;
  }

  abstract feed(line: string): readonly string[];

  /** Seeds the random generator for the seat named `seatName`, so bots in different seats differ. */
  protected seedFor(seatName: string): void {
    this.rng = Prng.fromSeed(deriveSeed(this.seed, seatName));
  }
}
