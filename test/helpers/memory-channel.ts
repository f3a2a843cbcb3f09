import type { AnyGameModule, Seat } from '../../shared/games/types.ts';
import {
  monotonicUs,
  type ExitInfo,
  type PlayerChannel,
  type ReadResult,
  type StderrCapture,
} from '../../electron/engine/channel.ts';
import type { RefereeEvent } from '../../electron/engine/referee/referee.ts';

/** What an in-memory player does when it is its turn. */
export type MemoryReply =
  | { readonly line: string }
  /** Several lines at once, read one by one (a late reply followed by the real one, say). */
  | { readonly lines: readonly string[] }
  | { readonly silent: true }
  | { readonly close: ExitInfo | null; readonly pending?: string }
  | { readonly badLine: 'too-long' | 'undecodable' };

/** Decides an in-memory player's reply from the true game state (the test's oracle). */
export type MemoryStrategy = (view: {
  readonly state: unknown;
  readonly seat: Seat;
  readonly ply: number;
}) => MemoryReply;

/**
 * An in-memory player for referee tests: it reads the true game state from an oracle that follows the
 * referee's events, so it needs no protocol parsing, and answers when it is its turn with what its
 * strategy says. It records every line it was sent and whether it was suspended when asked to move.
 */
export class MemoryChannel implements PlayerChannel {
  readonly received: string[] = [];
  suspended = false;
  /** Set when the referee asked this player to move while it was suspended (a referee bug). */
  readIfSuspended = false;
  exited = false;
  exit: ExitInfo | null = null;
  shutdowns = 0;
  private answeredPly = -1;
  private readonly queue: string[] = [];
  private readonly seat: Seat;
  private readonly oracle: MemoryOracle;
  private readonly strategy: MemoryStrategy;

  constructor(seat: Seat, oracle: MemoryOracle, strategy: MemoryStrategy) {
    this.seat = seat;
    this.oracle = oracle;
    this.strategy = strategy;
  }

  send(lines: readonly string[]): void {
    if (!this.exited) this.received.push(...lines);
  }

  async read(timeoutUs: number): Promise<ReadResult> {
    if (this.suspended) this.readIfSuspended = true;
    const queued = this.queue.shift();
    if (queued !== undefined) return { kind: 'line', line: queued, atUs: monotonicUs() };
    const ply = this.oracle.ply;
    // Like a real process: once it is gone, a read says so at once.
    if (this.exited) return { kind: 'closed', exit: this.exit, pending: '' };
    if (this.answeredPly === ply) return this.silence(timeoutUs);
    this.answeredPly = ply;
    const reply = this.strategy({ state: this.oracle.state, seat: this.seat, ply });
    if ('line' in reply) return { kind: 'line', line: reply.line, atUs: monotonicUs() };
    if ('lines' in reply) {
      this.queue.push(...reply.lines);
      return this.read(timeoutUs);
    }
    if ('badLine' in reply)
      return { kind: 'bad-line', code: reply.badLine, detail: reply.badLine, atUs: monotonicUs() };
    if ('close' in reply) {
      this.exited = true;
      this.exit = reply.close;
      return { kind: 'closed', exit: reply.close, pending: reply.pending ?? '' };
    }
    return this.silence(timeoutUs);
  }

  discardReceived(): number {
    return 0;
  }
  suspend(): void {
    this.suspended = true;
  }
  resume(): void {
    this.suspended = false;
  }
  cpuUs(): number {
    return 0;
  }
  async shutdown(): Promise<ExitInfo | null> {
    this.shutdowns += 1;
    if (!this.exited) {
      this.exited = true;
      this.exit = { code: 0, signal: null };
    }
    return this.exit;
  }
  stderr(): StderrCapture {
    return { shown: '', full: '', truncated: false, bytes: 0 };
  }

  private silence(timeoutUs: number): Promise<ReadResult> {
    return new Promise((resolve) =>
      setTimeout(() => resolve({ kind: 'timeout', pending: '' }), timeoutUs / 1000),
    );
  }
}

/** The true game state as the referee's events reveal it; in-memory players look at it. */
export class MemoryOracle {
  state: unknown;
  ply = 0;

  constructor(game: AnyGameModule, seed: number, board?: string) {
    const setup = game.setup(board === undefined ? { seed } : { seed, board });
    if (!setup.ok) throw new Error(setup.error.message);
    this.state = setup.value;
  }

  /** Pass this as the referee's `onEvent`. */
  readonly onEvent = (event: RefereeEvent): void => {
    if (event.kind === 'move') {
      this.state = event.state;
      this.ply = event.ply + 1;
    }
  };
}

/** A strategy that plays the game module's own takeover move: always legal. */
export function playsWell(game: AnyGameModule, seed: number): MemoryStrategy {
  return ({ state }) => ({ line: game.formatMove(game.takeover(state, seed)) });
}
