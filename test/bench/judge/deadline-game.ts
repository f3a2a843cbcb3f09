import { join } from 'node:path';
import { processLauncher } from '../../../electron/engine/bot-launcher.ts';
import type { MoveRecord } from '../../../electron/engine/record/schema.ts';
import { commandFlit, type JudgeBots } from './bots.ts';
import { stampedReplies, stampingLauncher, type SeatLog, type StampedReply } from './breakdown.ts';
import { expectClean, timedMatch } from './matches.ts';

/** The per-move deadline and the burn (80% of it), in µs. */
export const DEADLINE_US = 5000;
export const BURN_US = 4000;
const control = { kind: 'per-move', deadlineMs: DEADLINE_US / 1000, freezeAfter: 5 } as const;

/** A bot's stamped turn together with what the record says of it. */
export type TurnRow = StampedReply & { readonly turn: MoveRecord };

/** The burning turns of one game, without each seat's first (it has Jury's start-up allowance). */
export interface DeadlineGame {
  readonly turns: readonly MoveRecord[];
  /** The same turns, with the bots' stamps (a turn whose stamps are missing is left out). */
  readonly rows: readonly TurnRow[];
  readonly seconds: number;
}

/** Plays a short Flit game of instant bots, so that the referee's Flit code is compiled before timing. */
export async function warmUpFlit(bots: JudgeBots): Promise<void> {
  await timedMatch({
    game: 'flit',
    timing: 'official',
    control,
    commands: [1, 2, 3, 4].map(() => commandFlit(bots, 0, 200)),
  });
}

/**
 * One Flit game, official timing, deadline 5 ms, in which each bot burns 4 ms of CPU on its first
 * `movesPerBot` prompts and moves, and then stops moving (the game ends by the all-passed rule, or
 * earlier after four missed turns in a row). The bots stamp their clock; `n` names the stamp files.
 */
export async function deadlineGame(bots: JudgeBots, movesPerBot: number, n: number): Promise<DeadlineGame> {
  const logs: SeatLog[] = [];
  const stampFiles = [1, 2, 3, 4].map((seat) => join(bots.dir, `flit-${n}-${seat}.stamps`));
  const m = await timedMatch(
    {
      game: 'flit',
      timing: 'official',
      control,
      seed: 1 + n,
      commands: stampFiles.map((f) => commandFlit(bots, BURN_US, movesPerBot, f)),
    },
    stampingLauncher(processLauncher(), logs),
  );
  expectClean(m.record);
  const bySeat = [0, 1, 2, 3].map((seat) => m.record.moves.filter((mv) => mv.seat === seat));
  // The seat's k-th line read is the reply of its k-th turn that was not a timeout.
  const read = bySeat.map((t) => t.filter((mv) => mv.chargedUs !== undefined && mv.cause !== 'timeout'));
  const rows: TurnRow[] = [];
  for (const r of stampedReplies(logs, stampFiles, (seat, k) => read[seat]?.[k]?.chargedUs)) {
    const turn = bySeat[r.seat]?.[r.index];
    if (turn !== undefined && r.index < movesPerBot) rows.push({ ...r, turn });
  }
  return {
    turns: bySeat.flatMap((t) => t.slice(1, movesPerBot)),
    rows,
    seconds: Math.round(m.endMs) / 1000,
  };
}
