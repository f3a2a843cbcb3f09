import type { AnyGameModule, Delivery, SetupOptions } from '../../../shared/games/types.ts';
import type { GameEnd } from '../../../shared/games/end.ts';
import type { BotSession } from '../../../shared/games/sample-session.ts';

/** The outcome of a game played by sessions in memory. */
export interface MemoryGame {
  readonly end: GameEnd;
  readonly scores: readonly number[];
  /** The final state, of the module's state type. */
  readonly state: unknown;
  /** Replies made, per seat. */
  readonly replies: readonly number[];
}

/**
 * Plays a whole game between bot sessions in memory, exactly as a judge drives real processes: it feeds
 * each seat the lines the module prescribes (opening, afterMove), reads the acting seat's next reply,
 * parses, checks and applies it. Throws when a session cannot follow a line, answers out of turn, fails
 * to answer its prompt, or makes an illegal move, so that a test fails with the reason. Checks that a session answers only
 * on the last line its seat reads before acting, that every seat that read a last line (Quit) is done,
 * and that nobody has a reply left over at the end.
 */
export function playSessions(
  game: AnyGameModule,
  sessions: readonly BotSession[],
  options: SetupOptions,
): MemoryGame {
  const setup = game.setup(options);
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const queues: string[][] = sessions.map(() => []);
  const closed = sessions.map(() => false);
  const replies = sessions.map(() => 0);
  // A session must answer exactly when it reads its prompt: the last line its seat gets before it acts.
  const deliver = (deliveries: readonly Delivery[], after: unknown): void => {
    const answered = new Set<number>();
    for (const { seat, line, last } of deliveries) {
      if (closed[seat]) throw new Error(`seat ${seat} was sent ${JSON.stringify(line)} after its last line`);
      if (answered.has(seat)) throw new Error(`seat ${seat} answered before reading ${JSON.stringify(line)}`);
      const session = sessions[seat] as BotSession;
      const fed = session.feed(line);
      if (!fed.ok)
        throw new Error(`seat ${seat} cannot follow ${JSON.stringify(line)}: ${fed.error.message}`);
      const out = fed.value;
      if (out.length > 0) answered.add(seat);
      (queues[seat] as string[]).push(...out);
      if (last) {
        closed[seat] = true;
        if (!session.done) throw new Error(`seat ${seat} is not done after its last line ${line}`);
      }
    }
    for (const seat of answered) {
      if (game.toAct(after) !== seat) throw new Error(`seat ${seat} answered when it was not to act`);
    }
  };
  deliver(game.opening(state), state);
  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    queues.forEach((queue, s) => {
      if (s !== seat && queue.length > 0) throw new Error(`seat ${s} answered out of turn: ${queue[0]}`);
    });
    const line = (queues[seat] as string[]).shift();
    if (line === undefined) throw new Error(`seat ${seat} did not answer its prompt`);
    replies[seat] = (replies[seat] as number) + 1;
    const move = game.parseReply(state, line);
    if (!move.ok) throw new Error(`seat ${seat} wrote ${JSON.stringify(line)}: ${move.error.message}`);
    const reason = game.checkMove(state, move.value);
    if (reason !== null) throw new Error(`seat ${seat} wrote ${JSON.stringify(line)}: ${reason}`);
    const next: unknown = game.apply(state, move.value);
    deliver(game.afterMove(state, move.value, next), next);
    state = next;
  }
  queues.forEach((queue, s) => {
    if (queue.length > 0) throw new Error(`seat ${s} has replies left over at the end: ${queue[0]}`);
  });
  const end = game.end(state);
  if (end === null) throw new Error('the game has no seat to act but no end either');
  return {
    end,
    scores: game.scores(
      state,
      sessions.map(() => false),
    ),
    state,
    replies,
  };
}
