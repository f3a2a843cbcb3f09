import type { GameRecord } from '../record/schema.ts';
import type { RefereeOptions } from './options.ts';
import type { Contestant } from './seat-book.ts';
import { GameTable } from './table.ts';
import { judgeReply } from './verdict.ts';

export type { RefereeEvent, RefereeOptions } from './options.ts';
export type { Contestant } from './seat-book.ts';

/**
 * The longest the referee waits for the programs to start up before the first prompt. A program still
 * starting then (a JVM) finishes in its first turn, stopped while the others think (official timing).
 */
export const START_UP_WAIT_MS = 1000;

/** A bad game setup (for example an invalid board string): nothing was played. */
export class RefereeSetupError extends Error {}

/**
 * Referees one complete game between `contestants` (one per seat, in seat order) and returns its record.
 * It writes each seat exactly the lines the game's protocol prescribes, times every reply, validates and
 * applies it, and treats a failed turn as the game's failure policy says: the takeover player plays the
 * seat from then on, or the turn is missed. At the end it sends the last lines and shuts every program
 * down. It never throws because of anything a program does; it throws {@link RefereeSetupError} for a
 * bad board and Error for a wrong number of contestants.
 */
export async function playGame(
  contestants: readonly Contestant[],
  options: RefereeOptions,
): Promise<GameRecord> {
  const { game, seed } = options;
  if (contestants.length !== game.info.seats) {
    throw new Error(`${game.info.title} needs ${game.info.seats} players, got ${contestants.length}`);
  }
  const setup = game.setup(options.board === undefined ? { seed } : { seed, board: options.board });
  if (!setup.ok) throw new RefereeSetupError(setup.error.message);

  // Every program starts up side by side before the first prompt, not each in its own first turn (in
  // official timing a program that has not replied yet is stopped while another thinks).
  await Promise.all(contestants.map((c) => c.channel.waitingForInput?.(START_UP_WAIT_MS)));
  const table = new GameTable(contestants, options, setup.value);
  for (let actor = table.toAct(); actor !== null; actor = table.toAct()) {
    if (!table.playsItself(actor)) {
      table.standIn(actor);
      continue;
    }
    const turn = await table.promptAndRead(actor);
    const verdict = judgeReply(game, table.state, table.ply, turn);
    if (verdict.ok) table.applyMove(actor, verdict.move, verdict.line, 'bot', turn.time);
    else table.failTurn(actor, verdict.failure, turn);
  }
  return table.finish();
}
