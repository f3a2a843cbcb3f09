import { z } from 'zod';
import type { AnyGameModule } from '../../../shared/games/types.ts';
import type { RefereeEvent } from '../referee/options.ts';

/** How often a worker sends a running game's progress to the coordinator, at most. */
export const PROGRESS_EVERY_MS = 250;

const moveSchema = z.strictObject({
  ply: z.number().int().min(0),
  seat: z.number().int().min(0),
  line: z.string(),
  by: z.enum(['bot', 'takeover', 'missed']),
  chargedUs: z.number().nullable(),
});

/** What a worker sends of a running game (BullMQ job progress): the moves since the last, and the state. */
export const gameProgressSchema = z.strictObject({
  moves: z.array(moveSchema),
  failures: z.array(
    z.strictObject({ seat: z.number().int().min(0), failure: z.record(z.string(), z.unknown()) }),
  ),
  /** The game state after the last move, in the game module's JSON form. */
  state: z.unknown(),
});

/** A running game's progress (see {@link gameProgressSchema}). */
export type GameProgress = z.infer<typeof gameProgressSchema>;

/** What a finished job's result carries besides its sealed record (record-seal.ts's JobResult). */
export interface FinalPosition {
  /**
   * The game's final position for its live board ({@link ProgressRelay.finish}), or null. Not sealed:
   * like the progress sent while the game runs, it only draws the board; the outcome comes from the
   * sealed record.
   */
  readonly live: GameProgress | null;
}

/**
 * The worker's side of a remote live board: gathers a game's referee events and sends them at most every
 * {@link PROGRESS_EVERY_MS} (the moves since the last send and the latest state as JSON), so a live
 * board of a remote game follows it as closely as a local one without a message per move.
 */
export class ProgressRelay {
  private readonly game: AnyGameModule;
  private readonly send: (progress: GameProgress) => Promise<void>;
  private moves: GameProgress['moves'] = [];
  private failures: GameProgress['failures'] = [];
  private state: unknown = undefined;
  /** The latest move, sent or not: the final progress repeats it when every move went out already. */
  private last: GameProgress['moves'][number] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sentAt = -Infinity;

  constructor(game: AnyGameModule, send: (progress: GameProgress) => Promise<void>) {
    this.game = game;
    this.send = send;
  }

  /** Takes a referee event (quick: the sending happens later). */
  push(event: RefereeEvent): void {
    if (event.kind === 'move') {
      const { ply, seat, line, by, chargedUs } = event;
      this.last = { ply, seat, line, by, chargedUs };
      this.moves.push(this.last);
      this.state = event.state;
    } else {
      this.failures.push({ seat: event.seat, failure: { ...event.failure } });
    }
    // The first move goes at once (a live board appears), later ones at most every PROGRESS_EVERY_MS.
    if (this.timer !== null) return;
    const wait = Math.max(0, this.sentAt + PROGRESS_EVERY_MS - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  /** Sends nothing more (the game is over: its record follows). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Stops, and answers the game's final position for its job's result: the moves and failures not sent
   * yet and the state after the last move, or null for a game without a move. A fast game ends between
   * two sends (they are {@link PROGRESS_EVERY_MS} apart), and a send may be lost: without this a finished
   * game's live board kept an early position. When every move went out already, the last one is repeated
   * without its charged time (the board counts each move's time once).
   */
  finish(): GameProgress | null {
    this.stop();
    if (this.last === null || this.state === undefined) return null;
    const moves = this.moves.length > 0 ? this.moves : [{ ...this.last, chargedUs: null }];
    const progress = { moves, failures: this.failures, state: this.game.toJson(this.state as never) };
    this.moves = [];
    this.failures = [];
    return progress;
  }

  /** Sends what is gathered now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.moves.length === 0 && this.failures.length === 0) return;
    const progress: GameProgress = {
      moves: this.moves,
      failures: this.failures,
      state: this.state === undefined ? null : this.game.toJson(this.state as never),
    };
    this.moves = [];
    this.failures = [];
    this.sentAt = Date.now();
    await this.send(progress).catch(() => {}); // a lost frame only delays the live board
  }
}

/**
 * The coordinator's side: a worker's progress as the referee events a local game gives (each move, the
 * last one carrying the state restored from its JSON), or none when the progress is malformed.
 */
export function progressEvents(game: AnyGameModule, data: unknown): RefereeEvent[] {
  const parsed = gameProgressSchema.safeParse(data);
  if (!parsed.success) return [];
  const state = parsed.data.state === null ? null : game.fromJson(parsed.data.state);
  const events: RefereeEvent[] = [];
  for (const f of parsed.data.failures) {
    events.push({ kind: 'failure', seat: f.seat, failure: f.failure as never });
  }
  // A live board shows the latest position and move: the last move stands for those before it.
  const last = parsed.data.moves.at(-1);
  if (last !== undefined && state !== null && state.ok)
    events.push({ kind: 'move', ...last, state: state.value });
  return events;
}
