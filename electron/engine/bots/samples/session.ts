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
