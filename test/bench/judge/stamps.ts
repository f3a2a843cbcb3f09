import { monotonicUs } from '../../../electron/engine/channel.ts';
import { summarize, type Summary } from '../lib/stats.ts';

/** One bot's own clock readings (bots/*.c with `stamp`), in Jury's monotonic µs: per reply it wrote,
 * when the read that brought its prompt returned and when it was about to write the reply. */
export interface BotStamps {
  readonly readUs: readonly number[];
  readonly writeUs: readonly number[];
  /**
   * The bot's own CPU time (µs, its whole process) once each reply was written, where the bot stamps it
   * (bot6561.c); empty where it does not.
   */
  readonly cpuUs: readonly number[];
}

/**
 * The offset between the bots' CLOCK_MONOTONIC and Jury's {@link monotonicUs} (performance.now, which
 * counts from the same clock since Node started): the best of many paired reads. Only the latency split
 * needs it; a span between two bots' stamps is one clock.
 */
function monotonicOriginNs(): number {
  let best = { spread: Infinity, origin: 0 };
  for (let i = 0; i < 200; i++) {
    const a = process.hrtime.bigint();
    const us = monotonicUs();
    const b = process.hrtime.bigint();
    const spread = Number(b - a);
    if (spread < best.spread) best = { spread, origin: Number((a + b) / 2n) - us * 1000 };
  }
  return best.origin;
}

let origin: number | null = null;

/**
 * The stamps a bot wrote to standard error ("readNs writeNs" or "readNs writeNs cpuNs" per line; other
 * lines are ignored).
 */
export function parseStamps(stderr: string): BotStamps {
  origin ??= monotonicOriginNs();
  const readUs: number[] = [];
  const writeUs: number[] = [];
  const cpuUs: number[] = [];
  for (const row of stderr.split('\n')) {
    const [r, w, c] = row.split(' ').map(Number);
    if (r === undefined || w === undefined || !Number.isFinite(r) || !Number.isFinite(w)) continue;
    readUs.push((r - origin) / 1000);
    writeUs.push((w - origin) / 1000);
    if (c !== undefined && Number.isFinite(c)) cpuUs.push(c / 1000);
  }
  return { readUs, writeUs, cpuUs };
}

/** A reply written by one bot and the next prompt read by the bot that moves next. */
export interface Span {
  readonly writer: number;
  readonly writeUs: number;
  readonly reader: number;
  readonly readUs: number;
}

/**
 * Every span from a reply's write (one bot's stamp) to the next prompt's read (the next stamp of any
 * bot, which is the next bot to move): what a user's bots feel of the judge per move. A span whose read
 * is its bot's first prompt is left out (the process was just started: see the game start part), and so
 * is a last reply that no prompt follows.
 */
export function replySpans(seats: readonly BotStamps[]): Span[] {
  const reads: { seat: number; us: number; first: boolean }[] = [];
  seats.forEach((s, seat) => s.readUs.forEach((us, i) => reads.push({ seat, us, first: i === 0 })));
  reads.sort((a, b) => a.us - b.us);
  const spans: Span[] = [];
  seats.forEach((s, writer) => {
    for (const writeUs of s.writeUs) {
      let lo = 0;
      let hi = reads.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((reads[mid]?.us ?? Infinity) > writeUs) hi = mid;
        else lo = mid + 1;
      }
      const next = reads[lo];
      if (next && !next.first) spans.push({ writer, writeUs, reader: next.seat, readUs: next.us });
    }
  });
  return spans.sort((a, b) => a.writeUs - b.writeUs);
}

/** The lengths of `spans` in µs. */
export function spanLengths(spans: readonly Span[]): number[] {
  return spans.map((s) => s.readUs - s.writeUs);
}

/** When the judge wrote to each seat and when each seat's replies reached it (monotonic µs, in order). */
export interface SeatLog {
  readonly sends: number[];
  readonly arrivals: number[];
}

/** Where a span goes: from the bot's write to the judge's timestamp of the reply, the judge's own work
 * until it wrote the next prompt, and from that write until the next bot's read returned. */
export interface SpanSplit {
  readonly outbound: Summary;
  readonly judge: Summary;
  readonly inbound: Summary;
}

/** First index of sorted `xs` with a value ≥ `x`. */
export function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? Infinity) >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Splits every span with the judge's log of its writes and the reply arrivals it timed. */
export function splitSpans(spans: readonly Span[], logs: readonly SeatLog[]): SpanSplit {
  const outbound: number[] = [];
  const judge: number[] = [];
  const inbound: number[] = [];
  for (const s of spans) {
    const arrivals = logs[s.writer]?.arrivals ?? [];
    const sends = logs[s.reader]?.sends ?? [];
    const arrival = arrivals[lowerBound(arrivals, s.writeUs)];
    const send = sends[lowerBound(sends, s.readUs + 1e-9) - 1];
    if (arrival === undefined || send === undefined || send < arrival) continue;
    outbound.push(arrival - s.writeUs);
    judge.push(send - arrival);
    inbound.push(s.readUs - send);
  }
  return { outbound: summarize(outbound), judge: summarize(judge), inbound: summarize(inbound) };
}
