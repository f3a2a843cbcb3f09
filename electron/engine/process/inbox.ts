import type { ReadResult } from '../channel.ts';
import type { FramedResult } from './line-framer.ts';

/** What an {@link Inbox} needs from its owner. */
export interface InboxHooks {
  /** Unread output beyond which reading stops (see {@link InboxHooks.pause}). */
  readonly maxQueuedBytes: number;
  /** Stop reading stdout: the pipe fills and the bot blocks, as with a judge that reads slowly. */
  pause(): void;
  /** Read stdout again. */
  resume(): void;
  /** The partial line received after the last newline, for timeout results. */
  pending(): string;
  /** The result to give once output is closed (it may wait briefly to learn the exit status). */
  closedResult(): Promise<ReadResult>;
  /** Checked every {@link POLL_MS} while a read waits: whether the bot let go of its stdout. */
  outputGone?(): boolean;
}

/** How often a waiting read checks {@link InboxHooks.outputGone} (not at all for quick replies). */
export const POLL_MS = 100;
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Waiter {
  readonly resolve: (r: ReadResult) => void;
  timer: NodeJS.Timeout | null;
  poll: NodeJS.Timeout | null;
}

/**
 * The reading side of a bot channel: framed lines queue here until read, and at most one reader waits
 * with a timer. A line that arrives while a reader waits goes straight to it. Once output is closed,
 * queued lines are still read first, then every read ends as 'closed'.
 */
export class Inbox {
  private readonly hooks: InboxHooks;
  private queue: { r: FramedResult; bytes: number }[] = [];
  private queuedBytes = 0;
  private paused = false;
  private waiter: Waiter | null = null;
  private isClosed = false;

  constructor(hooks: InboxHooks) {
    this.hooks = hooks;
  }

  /** Whether output is closed (lines may still be queued). */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Takes one framed line (or framing error) from the bot. */
  readonly accept = (r: FramedResult, bytes: number): void => {
    const w = this.waiter;
    if (w && this.queue.length === 0) {
      this.settle(w, r);
      return;
    }
    this.queue.push({ r, bytes });
    this.queuedBytes += bytes;
    if (!this.paused && this.queuedBytes > this.hooks.maxQueuedBytes) {
      this.paused = true;
      this.hooks.pause();
    }
  };

  /** See PlayerChannel.read. A second read while one is outstanding is a caller bug: it rejects. */
  read(timeoutUs: number): Promise<ReadResult> {
    const queued = this.take();
    if (queued) return Promise.resolve(queued);
    if (this.waiter) return Promise.reject(new Error('BotProcess.read: another read is outstanding'));
    if (this.isClosed) return this.hooks.closedResult();
    return new Promise((resolve) => {
      const w: Waiter = { resolve, timer: null, poll: null };
      const ms = Math.min(MAX_TIMER_MS, Math.max(0, timeoutUs / 1000));
      w.timer = setTimeout(() => this.settle(w, { kind: 'timeout', pending: this.hooks.pending() }), ms);
      if (this.hooks.outputGone) w.poll = setTimeout(() => this.poll(w), POLL_MS);
      this.waiter = w;
    });
  }

  /** Drops every queued line and returns how many there were. */
  discard(): number {
    const n = this.queue.length;
    this.queue = [];
    this.queuedBytes = 0;
    this.resumeOutput();
    return n;
  }

  /** Output is closed: a waiting read (with nothing queued) ends as 'closed'. */
  close(): void {
    this.isClosed = true;
    const w = this.waiter;
    if (!w || this.queue.length > 0) return;
    clearTimers(w);
    void this.hooks.closedResult().then((r) => this.settle(w, r));
  }

  /** Ends a waiting read at once with `r` (the channel is being shut down). */
  abort(r: ReadResult): void {
    if (this.waiter) this.settle(this.waiter, r);
  }

  private take(): ReadResult | null {
    const next = this.queue.shift();
    if (!next) return null;
    this.queuedBytes -= next.bytes;
    if (this.queuedBytes <= this.hooks.maxQueuedBytes / 2) this.resumeOutput();
    return next.r;
  }

  private resumeOutput(): void {
    if (!this.paused) return;
    this.paused = false;
    this.hooks.resume();
  }

  private poll(w: Waiter): void {
    w.poll = null;
    if (this.waiter !== w) return;
    if (this.hooks.outputGone?.()) {
      this.close();
      return;
    }
    w.poll = setTimeout(() => this.poll(w), POLL_MS);
  }

  private settle(w: Waiter, r: ReadResult): void {
    if (this.waiter !== w) return;
    clearTimers(w);
    this.waiter = null;
    w.resolve(r);
  }
}

function clearTimers(w: Waiter): void {
  if (w.timer) clearTimeout(w.timer);
  if (w.poll) clearTimeout(w.poll);
  w.timer = null;
  w.poll = null;
}
