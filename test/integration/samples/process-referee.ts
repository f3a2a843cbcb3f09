import type { AnyGameModule, Delivery, SetupOptions } from '../../../shared/games/types.ts';
import type { GameEnd } from '../../../shared/games/end.ts';
import { BotProcess, type Exit } from './bot-process.ts';

/** A game played by real bot processes, with what the tests check. */
export interface ProcessGame {
  readonly end: GameEnd;
  readonly scores: readonly number[];
  /** Replies accepted, per seat. */
  readonly replies: readonly number[];
  /** Every reply's wall time from the prompt's write to the reply's arrival, in ms, per seat (first excluded). */
  readonly times: readonly (readonly number[])[];
  /** Flit only: replies that came after the per-move deadline (discarded, the turn counted as not moving). */
  readonly late: readonly number[];
  readonly exits: readonly Exit[];
  readonly stderr: readonly string[];
  /** How many times each line was sent, over all seats (to check that Nil, Move and Quit were exercised). */
  readonly sent: ReadonlyMap<string, number>;
}

/** How long a bot may take to start and answer its first prompt (Node and the type stripping). */
const STARTUP_MS = 10_000;
/** Longest wait for any other reply before the test gives up on a bot. */
const HANG_MS = 5_000;
/** How long a bot may take to exit after its last line or the end of its input. */
const EXIT_MS = 5_000;

/**
 * Plays one game between sample bot processes with a tiny referee driven by the game module: the lines
 * of opening and afterMove (afterMissedTurn for a late Flit reply), each reply parsed, checked and
 * applied; the input of a seat is closed after its last line and, at the end, for everyone (Flit's end).
 * Throws on an illegal or unreadable reply or a bot that stops answering, with its standard error.
 */
export async function playProcesses(
  game: AnyGameModule,
  commands: readonly (readonly string[])[],
  options: SetupOptions,
  argsOf: (seat: number) => readonly string[] = () => [],
): Promise<ProcessGame> {
  const bots = commands.map((command, seat) => new BotProcess(command, argsOf(seat)));
  try {
    return await referee(game, bots, options);
  } finally {
    for (const bot of bots) bot.kill();
  }
}

async function referee(
  game: AnyGameModule,
  bots: readonly BotProcess[],
  options: SetupOptions,
): Promise<ProcessGame> {
  const setup = game.setup(options);
  if (!setup.ok) throw new Error(setup.error.message);
  let state: unknown = setup.value;
  const closed = bots.map(() => false);
  const replies = bots.map(() => 0);
  const late = bots.map(() => 0);
  const times: number[][] = bots.map(() => []);
  const prompted = bots.map(() => 0);
  const sent = new Map<string, number>();
  const deadline = game.info.timeControl.kind === 'per-move' ? game.info.timeControl.deadlineMs : Infinity;
  const deliver = (deliveries: readonly Delivery[]): void => {
    const batches: string[][] = bots.map(() => []);
    for (const d of deliveries) {
      if (closed[d.seat]) throw new Error(`seat ${d.seat} was sent ${d.line} after its last line`);
      (batches[d.seat] as string[]).push(d.line);
      sent.set(d.line, (sent.get(d.line) ?? 0) + 1);
      if (d.last) closed[d.seat] = true;
    }
    batches.forEach((lines, seat) => {
      const bot = bots[seat] as BotProcess;
      bot.send(lines);
      if (closed[seat] && lines.length > 0) bot.closeInput();
    });
  };
  const fail = (seat: number, what: string): Error =>
    new Error(`seat ${seat} ${what}; its stderr: ${(bots[seat] as BotProcess).stderr || '(empty)'}`);

  let sentAt = performance.now();
  deliver(game.opening(state));
  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    const bot = bots[seat] as BotProcess;
    const first = prompted[seat] === 0;
    prompted[seat] = (prompted[seat] as number) + 1;
    bots.forEach((other, s) => {
      if (s !== seat && other.pending.length > 0) throw fail(s, `answered out of turn: ${other.pending[0]}`);
    });
    const line = await bot.next(first ? STARTUP_MS : HANG_MS);
    const took = performance.now() - sentAt;
    if (line === null) throw fail(seat, 'did not answer');
    if (!first) (times[seat] as number[]).push(took);
    let next: unknown;
    if (!first && took > deadline && game.missedTurn && game.afterMissedTurn) {
      // As the judge does with a late Flit reply: discarded, and the turn counts as not moving.
      late[seat] = (late[seat] as number) + 1;
      next = game.missedTurn(state, 'timeout');
      sentAt = performance.now();
      deliver(game.afterMissedTurn(state, next));
    } else {
      const move = game.parseReply(state, line);
      if (!move.ok) throw fail(seat, `wrote ${JSON.stringify(line)}: ${move.error.message}`);
      const reason = game.checkMove(state, move.value);
      if (reason !== null) throw fail(seat, `wrote ${JSON.stringify(line)}: ${reason}`);
      replies[seat] = (replies[seat] as number) + 1;
      next = game.apply(state, move.value);
      sentAt = performance.now();
      deliver(game.afterMove(state, move.value, next));
    }
    state = next;
  }
  bots.forEach((bot, seat) => {
    if (!closed[seat]) bot.closeInput();
  });
  const exits = await Promise.all(
    bots.map((bot) =>
      Promise.race([
        bot.exited,
        new Promise<Exit>((r) => setTimeout(() => r({ code: null, signal: null }), EXIT_MS)),
      ]),
    ),
  );
  bots.forEach((bot, seat) => {
    if (bot.pending.length > 0) throw fail(seat, `wrote more than it was asked: ${bot.pending[0]}`);
  });
  const end = game.end(state);
  if (end === null) throw new Error('the game has no seat to act but no end either');
  return {
    end,
    scores: game.scores(
      state,
      bots.map(() => false),
    ),
    replies,
    times,
    late,
    exits,
    stderr: bots.map((b) => b.stderr),
    sent,
  };
}
