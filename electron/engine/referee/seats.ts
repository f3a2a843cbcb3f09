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
  /** Official mode: the one seat left running while the others are stopped. */
  private running: Seat | null = null;

  constructor(contestants: readonly Contestant[], opts: SeatsOptions) {
    this.books = contestants.map((c) => new SeatBook(c));
    this.opts = opts;
  }

  /** The bookkeeping of `seat`, which must be a seat of this game. */
  book(seat: Seat): SeatBook {
    return this.books[seat] as SeatBook;
  }

  /** Writes deliveries in order, consecutive lines to one seat as one write. */
  deliver(deliveries: readonly Delivery[]): void {
    for (const { seat, lines, last } of batches(deliveries)) this.write(seat, lines, last);
  }

  /** Notes a reply line (or a framing error in its place) in the transcript. */
  logReply(seat: Seat, reply: ReadResult & { kind: 'line' | 'bad-line' }): void {
    const text = reply.kind === 'line' ? reply.line : `<${reply.code}>`;
    this.lines.push({ t: reply.atUs - this.opts.t0, dir: 'out', seat, text });
    this.book(seat).lastLineAtUs = reply.atUs;
  }

  /** Official mode: stops every program but `actor`'s, so none can steal its CPU while it thinks. */
  runOnly(actor: Seat): void {
    if (this.running === actor) return;
    this.books.forEach((s, seat) => {
      if (seat !== actor) s.suspend();
    });
    this.book(actor).resume();
    this.running = actor;
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
  }

  /** Shuts every program down (each gets the grace time unless it is ending already) and waits for all. */
  async closeAll(): Promise<void> {
    await Promise.all(this.books.map((s) => (s.close(this.opts.graceMs), s.shutdown)));
  }

  private write(seat: Seat, batch: readonly string[], last: boolean): void {
    const s = this.book(seat);
    if (s.closed) return; // it failed (every failure closes it) or had its last line: it reads no more
    // Per-move controls: anything the program wrote since its last turn is a late reply; drop it before the next prompt.
    if (this.opts.perMove) s.owed = Math.max(0, s.owed - s.channel.discardReceived());
    const t = monotonicUs() - this.opts.t0;
    for (const text of batch) this.lines.push({ t, dir: 'in', seat, text });
    if (last) s.resume();
    s.channel.send(batch);
    s.prompted = true;
    if (last) s.close(this.opts.graceMs);
  }
}

/** Runs of consecutive deliveries to one seat, and whether the run holds that seat's last line. */
function* batches(
  deliveries: readonly Delivery[],
): Generator<{ seat: Seat; lines: string[]; last: boolean }> {
  let run: { seat: Seat; lines: string[]; last: boolean } | null = null;
  for (const d of deliveries) {
    if (run !== null && run.seat !== d.seat) {
      yield run;
      run = null;
    }
    run ??= { seat: d.seat, lines: [], last: false };
    run.lines.push(d.line);
    run.last ||= d.last === true;
  }
  if (run !== null) yield run;
}
