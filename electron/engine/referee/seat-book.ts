import type { PlayerChannel, ReadResult } from '../channel.ts';
import type { SeatRecord } from '../record/schema.ts';
import type { MoveTime, TimeKeeper } from '../timing/time-keeper.ts';
import { statusWord, type Failure } from './failure.ts';

/** A player as the referee receives it: its channel and what the record must say about it. */
export interface Contestant {
  readonly channel: PlayerChannel;
  readonly name: string;
  /** Executable then arguments, or null for an in-memory player. */
  readonly command: readonly string[] | null;
  readonly executableHash: string | null;
}

/**
 * The referee's bookkeeping for one seat during a game: whether it still receives lines, its failure,
 * the takeover, and its time statistics. Mutable on purpose: it lives for one game inside the referee.
 */
export class SeatBook {
  failure: Failure | null = null;
  takeover: { fromPly: number; moves: number } | null = null;
  /** It was sent its last line (Quit) or was shut down: nothing more is written to it. */
  closed = false;
  /** Lines were written to it since its clock last stopped (otherwise its next clock continues from its last line). */
  prompted = true;
  lastLineAtUs = 0;
  suspended = false;
  /** It replied at least once: its CPU time has a reading to compare with (see Seats.suspendOthers). */
  replied = false;
  /**
   * Official mode: it was caught computing while the others thought; from this ply on it is stopped
   * during their turns (null: it runs undisturbed).
   */
  stoppedFromPly: number | null = null;
  moves = 0;
  /**
   * The slowest reply held against the plain limit: per-move games leave out the first reply, which was
   * allowed the start-up allowance as well (its time is in the totals and in its move's record).
   */
  maxChargedUs = 0;
  /** The CPU time read as it was last stopped, and what it used while stopped (null: never stopped). */
  private cpuAtStopUs = 0;
  private cpuWhileStoppedUs: number | null = null;
  readonly missed = { timeout: 0, invalid: 0, gone: 0 };
  /** Per-move controls: replies to earlier prompts not received yet (they timed out); dropped on arrival. */
  owed = 0;
  shutdown: Promise<unknown> | null = null;
  readonly contestant: Contestant;

  constructor(contestant: Contestant) {
    this.contestant = contestant;
  }

  get channel(): PlayerChannel {
    return this.contestant.channel;
  }

  /** Waits for this seat's reply on the running clock; in cpu mode, re-checks the budget whenever the wait runs out. */
  async readReply(clock: TimeKeeper): Promise<ReadResult> {
    for (;;) {
      const result = await this.channel.read(clock.waitLimitUs());
      if (result.kind === 'line' && this.owed > 0) {
        this.owed -= 1; // the late reply to an earlier prompt: not this turn's answer
        continue;
      }
      if (result.kind !== 'timeout' || clock.isOverdue()) return result;
    }
  }

  /**
   * Stops the program (official mode: another one thinks now), unless it is stopped or done already,
   * and reads its CPU time, to count what it uses while stopped.
   */
  suspend(): void {
    if (!this.suspended && !this.closed) {
      this.channel.suspend();
      this.suspended = true;
      this.cpuAtStopUs = this.channel.cpuUs(true);
    }
  }

  /** Lets a stopped program run again; the CPU time it used meanwhile is read before it can run. */
  resume(): void {
    if (this.suspended) {
      const used = this.channel.cpuUs(true) - this.cpuAtStopUs;
      this.cpuWhileStoppedUs = (this.cpuWhileStoppedUs ?? 0) + Math.max(0, used);
      this.channel.resume();
      this.suspended = false;
    }
  }

  /** Counts one timed reply (a start-up reply is no candidate for the slowest, see maxChargedUs). */
  countMove(time: MoveTime): void {
    this.moves += 1;
    if (!time.startup) this.noteCharged(time.chargedUs);
  }

  /**
   * A reply's charged time, known late (cpu mode reads it after the next prompt), for the longest one.
   * The caller must not pass a start-up reply's (MoveTime.startup).
   */
  noteCharged(chargedUs: number): void {
    if (chargedUs > this.maxChargedUs) this.maxChargedUs = chargedUs;
  }

  /** Ends the process (if not already ending) and remembers the promise so the game can wait for it. */
  close(graceMs: number): void {
    this.closed = true;
    this.shutdown ??= this.channel.shutdown(graceMs);
  }

  /** The seat's part of the game record. */
  toRecord(
    score: number,
    totals: { chargedUs: number; wallUs: number; cpuUs: number },
    killedAfterEnd: boolean,
  ): SeatRecord {
    const c = this.contestant;
    return {
      name: c.name,
      command: c.command ? [...c.command] : null,
      executableHash: c.executableHash,
      status: this.failure ? statusWord(this.failure) : 'OK',
      failure: this.failure,
      takeover: this.takeover,
      score,
      time: {
        ...totals,
        moves: this.moves,
        maxChargedUs: this.maxChargedUs,
        ...(this.channel.cpuSource ? { cpuSource: this.channel.cpuSource() } : {}),
        ...(this.cpuWhileStoppedUs === null ? {} : { cpuWhileStoppedUs: Math.round(this.cpuWhileStoppedUs) }),
      },
      missed: { ...this.missed },
      stderr: { ...this.channel.stderr() },
      exit: this.channel.exit,
      killedAfterEnd,
      ...(this.stoppedFromPly === null ? {} : { stoppedFromPly: this.stoppedFromPly }),
    };
  }
}
