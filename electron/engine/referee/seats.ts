import type { Delivery, Seat } from '../../../shared/games/types.ts';
import { monotonicUs, type ReadResult } from '../channel.ts';
import type { LineRecord } from '../record/schema.ts';
import { SeatBook, type Contestant } from './seat-book.ts';

/** Options of {@link Seats}. */
export interface SeatsOptions {
  /** The game's start on the monotonic clock: the transcript's times count from it. */
  readonly t0: number;
  /** How long a program may take to exit after its last line before it is killed. */
  readonly graceMs: number;
  /** A per-move control: what a program wrote after its deadline is dropped before its next prompt. */
  readonly perMove: boolean;
}

/**
 * The programs at the table: one {@link SeatBook} per seat, the transcript of every line written to and
 * read from them, and which of them may run. It never writes to a seat that is closed (failed, or sent
 * its last line). Mutable on purpose: it lives for one game inside the referee.
 */
export class Seats {
  readonly books: readonly SeatBook[];
  /** The record's transcript, in the order the lines were written and read. */
  readonly lines: LineRecord[] = [];
  private readonly opts: SeatsOptions;
  /** Official mode: the seat that thinks now, the others that must be stopped being stopped. */
  private running: Seat | null = null;
  // One write per seat per delivery: each seat's lines are gathered here (reused: no allocation per move).
  private readonly batch: string[][];
  private readonly batchLast: boolean[];

  constructor(contestants: readonly Contestant[], opts: SeatsOptions) {
    this.books = contestants.map((c) => new SeatBook(c));
    this.opts = opts;
    this.batch = contestants.map(() => []);
    this.batchLast = contestants.map(() => false);
  }

  /** The bookkeeping of `seat`, which must be a seat of this game. */
  book(seat: Seat): SeatBook {
    return this.books[seat] as SeatBook;
  }

  /**
   * Writes `deliveries` now, each seat's lines as one write (see {@link Seats.stage}).
   */
  deliver(deliveries: readonly Delivery[]): void {
    this.stage(deliveries, -1);
    this.flushAll();
  }

  /**
   * Takes `deliveries` into the transcript, the lines to every seat but `actor` first, then `actor`'s, as
   * they are to be written, and gathers each seat's lines for one write (a write is a system call that
   * wakes the bot: Flit's updates, every update to every bot, go out as one write per bot, not one per
   * line). Nothing is written yet: {@link Seats.flush} writes one seat's, {@link Seats.flushAll} the
   * rest. Returns whether `actor` has lines (-1: no actor).
   */
  stage(deliveries: readonly Delivery[], actor: number): boolean {
    const n = deliveries.length;
    if (n === 0) return false;
    const t = monotonicUs() - this.opts.t0;
    let own = false;
    for (let pass = actor < 0 ? 1 : 0; pass < 2; pass++) {
      for (let i = 0; i < n; i++) {
        const d = deliveries[i] as Delivery;
        const seat = d.seat;
        if (pass === 0 ? seat === actor : actor >= 0 && seat !== actor) continue;
        // Closed: it failed (every failure closes it) or had its last line; it reads no more.
        if (this.book(seat).closed || this.batchLast[seat] === true) continue;
        this.lines.push({ t, dir: 'in', seat, text: d.line });
        (this.batch[seat] as string[]).push(d.line);
        if (d.last === true) this.batchLast[seat] = true;
        if (seat === actor) own = true;
      }
    }
    return own;
  }

  /** Writes the lines staged for `seat`, if any. */
  flush(seat: Seat): void {
    const lines = this.batch[seat] as string[];
    if (lines.length === 0) return;
    this.write(seat, lines, this.batchLast[seat] === true);
    lines.length = 0;
    this.batchLast[seat] = false;
  }

  /** Writes every seat's staged lines. */
  flushAll(): void {
    for (let seat = 0; seat < this.batch.length; seat++) this.flush(seat);
  }

  /** Whether lines for `seat` are staged and not yet written (held for its next prompt). */
  holds(seat: Seat): boolean {
    return (this.batch[seat] as string[]).length > 0;
  }

  /**
   * Writes the staged lines of every seat whose last line is among them (it is done: it may read them and
   * exit now). Every other seat's lines are held for its next prompt (see GameTable.promptAndRead).
   */
  flushEnding(): void {
    const last = this.batchLast;
    for (let seat = 0; seat < last.length; seat++) if (last[seat] === true) this.flush(seat);
  }

  /** Notes a reply line (or a framing error in its place) in the transcript. */
  logReply(seat: Seat, reply: ReadResult & { kind: 'line' | 'bad-line' }): void {
    const text = reply.kind === 'line' ? reply.line : `<${reply.code}>`;
    this.lines.push({ t: reply.atUs - this.opts.t0, dir: 'out', seat, text });
    this.book(seat).lastLineAtUs = reply.atUs;
  }

  /**
   * Official mode, as `actor`'s prompt goes out: lets it run again if it was stopped (see
   * GameTable.promptAndRead for the order). Only the programs whose state must change are signalled:
   * the actor here, the one before it in {@link Seats.suspendOthers}.
   */
  wake(actor: Seat): void {
    this.book(actor).resume();
  }

  /**
   * Official mode, right after `actor`'s prompt is written: stops the other programs that could steal its
   * CPU while it thinks. A program that waits for its prompt uses none, and a SIGSTOP and SIGCONT per
   * move would cost it and the judge a wake-up each, so only two kinds are stopped: one that has not
   * replied yet (starting up, with no CPU reading to judge it by), and one caught computing while the
   * others thought ({@link SeatBook.stoppedFromPly}, see GameTable.promptAndRead). After the prompt
   * rather than before, so the stops are not between a reply and the next prompt.
   */
  suspendOthers(actor: Seat): void {
    if (this.running === actor) return;
    const books = this.books;
    for (let seat = 0; seat < books.length; seat++) {
      const s = books[seat] as SeatBook;
      if (seat !== actor && (!s.replied || s.stoppedFromPly !== null)) s.suspend();
    }
    this.running = actor;
  }

  /**
   * Official mode, before `actor`'s prompt is written: stops the programs caught computing while the
   * others thought ({@link SeatBook.stoppedFromPly}), so that none of them holds a core as the actor
   * starts to think. The rest of {@link Seats.suspendOthers} follows the prompt.
   */
  stopCaught(actor: Seat): void {
    const books = this.books;
    for (let seat = 0; seat < books.length; seat++) {
      const s = books[seat] as SeatBook;
      if (seat !== actor && s.stoppedFromPly !== null) s.suspend();
    }
  }

  /** Ends a failed program at once; it is resumed first, since a stopped process cannot exit. */
  retire(seat: Seat): void {
    const s = this.book(seat);
    s.resume();
    s.close(0);
  }

  /** The end of the game: every program may run again, to read its last lines and exit. */
  resumeAll(): void {
    for (const s of this.books) s.resume();
    this.running = null;
  }

  /** Shuts every program down (each gets the grace time unless it is ending already) and waits for all. */
  async closeAll(): Promise<void> {
    await Promise.all(this.books.map((s) => (s.close(this.opts.graceMs), s.shutdown)));
  }

  private write(seat: Seat, batch: readonly string[], last: boolean): void {
    const s = this.book(seat);
    // Per-move controls: anything the program wrote since its last turn is a late reply; drop it before the next prompt.
    if (this.opts.perMove) s.owed = Math.max(0, s.owed - s.channel.discardReceived());
    if (last) s.resume();
    s.channel.send(batch);
    s.prompted = true;
    if (last) s.close(this.opts.graceMs);
  }
}
