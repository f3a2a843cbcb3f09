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
/** A timer may fire up to its resolution early on the monotonic clock: within this of the deadline, it is met. */
const TIMER_SLACK_MS = 1;

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
  private isClosed = false;
  // The waiting read, in fields rather than an object: one read per move (no allocation but its promise).
  /** Resolves the waiting read, or null when none waits. */
  private waiter: ((r: ReadResult) => void) | null = null;
  /** When the waiting read times out, and when it next checks {@link InboxHooks.outputGone} (ms, performance.now). */
  private deadlineAt = 0;
  private pollAt = 0;
  // One timer at most, armed for a waiting read and cleared once it is answered. Left armed after a reply
  // (as it once was, to save the clearTimeout), it woke the judge during the next bot's turn at every
  // move of a per-move game: in a Flit game with a 5 ms deadline, 1.4 timer wake-ups per turn on top of
  // the reply's one, each a core taken from a bot that thinks on a busy machine.
  private timer: NodeJS.Timeout | null = null;
  /** When {@link Inbox.timer} fires (ms, performance.now), or Infinity when it is not armed. */
  private timerAt = Number.POSITIVE_INFINITY;

  constructor(hooks: InboxHooks) {
    this.hooks = hooks;
  }

  /** Whether output is closed (lines may still be queued). */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Takes one framed line (or framing error) from the bot. */
  readonly accept = (r: FramedResult, bytes: number): void => {
    if (this.waiter !== null && this.queue.length === 0) {
      this.settle(r);
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
    const now = performance.now();
    this.deadlineAt = now + Math.min(MAX_TIMER_MS, Math.max(0, timeoutUs / 1000));
    this.pollAt = now + POLL_MS;
    // Due a slack after the deadline: a timer fires up to its millisecond early (libuv counts whole
    // milliseconds), and one that fires just before the deadline only wakes the judge to wait again.
    this.arm(now, Math.min(this.deadlineAt + TIMER_SLACK_MS, this.pollAt));
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** Drops every queued line and returns how many there were. */
  discard(): number {
    const n = this.queue.length;
    if (n === 0) return 0; // the common case, before every per-move prompt: nothing to drop
    this.queue = [];
    this.queuedBytes = 0;
    this.resumeOutput();
    return n;
  }

  /** Output is closed: a waiting read (with nothing queued) ends as 'closed'. */
  close(): void {
    this.isClosed = true;
    this.disarm();
    const w = this.waiter;
    if (!w || this.queue.length > 0) return;
    void this.hooks.closedResult().then((r) => {
      if (this.waiter === w) this.settle(r);
    });
  }

  /** Ends a waiting read at once with `r` (the channel is being shut down). */
  abort(r: ReadResult): void {
    this.disarm();
    if (this.waiter) this.settle(r);
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

  /** Makes the timer fire by `at` (ms): kept when it fires by then already (it re-arms itself if early). */
  private arm(now: number, at: number): void {
    if (this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.onTimer, Math.max(0, at - now));
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  /** The timer fired: times the waiting read out, or checks on the bot's output, or re-arms. */
  private readonly onTimer = (): void => {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (this.waiter === null) return;
    const now = performance.now();
    if (now + TIMER_SLACK_MS >= this.deadlineAt) {
      this.settle({ kind: 'timeout', pending: this.hooks.pending() });
      return;
    }
    if (now + TIMER_SLACK_MS >= this.pollAt && this.hooks.outputGone) {
      if (this.hooks.outputGone()) {
        this.close();
        return;
      }
      this.pollAt = now + POLL_MS;
    } else if (now + TIMER_SLACK_MS >= this.pollAt) {
      this.pollAt = now + POLL_MS;
    }
    this.arm(now, Math.min(this.deadlineAt + TIMER_SLACK_MS, this.pollAt));
  };

  private settle(r: ReadResult): void {
    const resolve = this.waiter;
    if (resolve === null) return;
    this.waiter = null;
    if (this.timer) this.disarm();
    resolve(r);
  }
}
