/**
 * Bounds how often a running game's picture is sent: at most one frame per board per interval, always
 * the newest, and always the final one; with many boards at once the interval grows, so that all of them
 * together send at most so many frames a second. Pure apart from the injected timer, so tests drive it
 * with made-up times.
 */

/**
 * The app's bound on live frames sent a second, all boards together: each of 8 boards at once sends at
 * most every 400 ms, one or two boards every 100 ms (the per-board interval).
 */
export const FRAMES_PER_SECOND = 20;

/** The clock and timer the coalescer runs on (the real ones in the service, fakes in tests). */
export interface CoalescerTimer {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock and timers. */
export const realTimer: CoalescerTimer = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Options of a {@link FrameCoalescer}. */
export interface CoalescerOptions<F> {
  /** The least time between two frames of the same board, in milliseconds. */
  readonly intervalMs: number;
  /**
   * At most this many frames a second in all: each board's interval is then at least its share of a
   * second (8 boards at 20 a second: 400 ms). Absent: no bound but the interval.
   */
  readonly maxPerSecond?: number;
  /** Sends one frame; called with the newest frame of a board when its turn comes. */
  readonly send: (frame: F) => void;
  readonly timer?: CoalescerTimer;
}

interface Board<F> {
  /** When this board's last frame was sent, or null before the first. */
  lastSentAt: number | null;
  /** The newest frame that is not sent yet. */
  pending: F | null;
  timer: unknown;
}

/**
 * Coalesces frames per board key. The first frame of a board goes out at once; frames that arrive
 * sooner than `intervalMs` after the last one sent wait, replacing each other, and the newest goes out
 * when the interval is over. {@link FrameCoalescer.finish} sends the final frame at once, dropping any
 * waiting one, so no older picture can ever follow a newer one.
 */
export class FrameCoalescer<K, F> {
  readonly #boards = new Map<K, Board<F>>();
  readonly #intervalMs: number;
  readonly #maxPerSecond: number | null;
  readonly #send: (frame: F) => void;
  readonly #timer: CoalescerTimer;

  constructor(options: CoalescerOptions<F>) {
    this.#intervalMs = Math.max(0, options.intervalMs);
    this.#maxPerSecond =
      options.maxPerSecond !== undefined && options.maxPerSecond > 0 ? options.maxPerSecond : null;
    this.#send = options.send;
    this.#timer = options.timer ?? realTimer;
  }

  /** A new picture of board `key`: sent now, or kept as the newest until the board's interval is over. */
  push(key: K, frame: F): void {
    let board = this.#boards.get(key);
    if (!board) this.#boards.set(key, (board = { lastSentAt: null, pending: null, timer: null }));
    const now = this.#timer.now();
    const interval = this.#interval();
    if (board.timer === null && (board.lastSentAt === null || now - board.lastSentAt >= interval)) {
      board.lastSentAt = now;
      this.#send(frame);
      return;
    }
    board.pending = frame;
    if (board.timer === null) {
      const wait = (board.lastSentAt ?? now) + interval - now;
      const scheduled = board;
      board.timer = this.#timer.setTimeout(() => this.#flush(key, scheduled), Math.max(0, wait));
    }
  }

  /** The board's last picture: sent at once, replacing any waiting one; the board is then forgotten. */
  finish(key: K, frame: F): void {
    this.#drop(key);
    this.#send(frame);
  }

  /** Forgets a board without sending anything more (its game was thrown away). */
  forget(key: K): void {
    this.#drop(key);
  }

  /** How many boards have a frame sent or waiting. */
  get size(): number {
    return this.#boards.size;
  }

  /** Cancels every waiting frame and timer. */
  close(): void {
    for (const key of [...this.#boards.keys()]) this.#drop(key);
  }

  /** Each board's interval now: the least one, or its share of a second when many boards send. */
  #interval(): number {
    const max = this.#maxPerSecond;
    return max === null ? this.#intervalMs : Math.max(this.#intervalMs, (1000 * this.#boards.size) / max);
  }

  #drop(key: K): void {
    const board = this.#boards.get(key);
    if (board && board.timer !== null) this.#timer.clearTimeout(board.timer);
    this.#boards.delete(key);
  }

  #flush(key: K, board: Board<F>): void {
    // A board that was finished (or finished and started again) in the meantime owns no such timer.
    if (this.#boards.get(key) !== board) return;
    board.timer = null;
    const frame = board.pending;
    if (frame === null) return;
    board.pending = null;
    board.lastSentAt = this.#timer.now();
    this.#send(frame);
  }
}
