import { readFileSync } from 'node:fs';
import type { ExitInfo, PlayerChannel, ReadResult, StderrCapture } from '../../../electron/engine/channel.ts';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import type { Launcher, LaunchedBot } from '../../../electron/engine/play-match.ts';
import { summarize, type Summary } from '../lib/stats.ts';

/** When lines went to one bot and when its replies arrived, in Jury's monotonic µs. */
export interface SeatLog {
  readonly sends: number[];
  readonly arrivals: number[];
}

/** Where one reply's time goes, each part summarised in µs over a game's replies. */
export type Breakdown = {
  /** From the judge's clock start to its write of the prompt (Jury only: the floor starts at the write). */
  readonly preWrite: Summary;
  /** From the write of the prompt to the bot's fgets returning it. */
  readonly inbound: Summary;
  /** The bot's own work: from reading the prompt to writing the reply. */
  readonly think: Summary;
  /** From the bot's write of the reply to the judge's timestamp in the stdout 'data' handler. */
  readonly outbound: Summary;
};

/**
 * The offset between the bots' CLOCK_MONOTONIC (what bot6561 stamps) and Jury's {@link monotonicUs}
 * (performance.now, which counts from the same clock since Node started): the best of many paired reads.
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

/**
 * Reads a stamps file of the bots ("readNs writeNs [skipped]" per prompt; skipped 1 when the bot gave
 * the prompt up, see botflit.c) in Jury's monotonic µs.
 */
function readStamps(file: string): { readAt: number[]; writeAt: number[]; skipped: boolean[] } {
  const origin = monotonicOriginNs();
  const readAt: number[] = [];
  const writeAt: number[] = [];
  const skipped: boolean[] = [];
  for (const row of readFileSync(file, 'utf8').split('\n')) {
    const [r, w, s] = row.split(' ').map(Number);
    if (r === undefined || w === undefined || !Number.isFinite(r) || !Number.isFinite(w)) continue;
    readAt.push((r - origin) / 1000);
    writeAt.push((w - origin) / 1000);
    skipped.push(s === 1);
  }
  return { readAt, writeAt, skipped };
}

/** One prompt and its reply, as the bot's stamps and the judge's log show it (µs; NaN when unknown). */
export type StampedReply = {
  readonly seat: number;
  /** Which of the seat's prompts (0-based; the first, 0, is never listed). */
  readonly index: number;
  /** The bot gave the prompt up (more input came while it thought: the judge had moved on). */
  readonly skipped: boolean;
  /** The judge's write of the prompt. */
  readonly promptUs: number;
  readonly inbound: number;
  readonly think: number;
  /** NaN when the judge never read the reply (a late reply it dropped). */
  readonly outbound: number;
  /** NaN without the charged time (the floor), or when the reply was not read. */
  readonly preWrite: number;
};

/**
 * Splits every reply of the seats (except each one's first, the process start) into its parts: the
 * prompt of the bot's i-th stamps is the judge's last write before the bot read it, its arrival the
 * first reply the judge read after the bot wrote it (and before the bot's next write). `charged(seat,
 * k)` gives Jury's charged time of the seat's k-th reply read, for the pre-write part (omit it for the
 * floor).
 */
export function stampedReplies(
  seats: readonly SeatLog[],
  stampFiles: readonly string[],
  charged?: (seat: number, k: number) => number | undefined,
): StampedReply[] {
  const rows: StampedReply[] = [];
  seats.forEach((log, seat) => {
    const stamps = readStamps(stampFiles[seat] as string);
    let k = 0; // the next arrival to match
    for (let i = 0; i < stamps.readAt.length; i++) {
      const readAt = stamps.readAt[i] as number;
      const writeAt = stamps.writeAt[i] as number;
      const nextWrite = stamps.writeAt[i + 1] ?? Infinity;
      while (k < log.arrivals.length && (log.arrivals[k] as number) < writeAt) k++;
      const skipped = stamps.skipped[i] === true;
      const arrival = !skipped && k < log.arrivals.length && (log.arrivals[k] as number) < nextWrite ? k : -1;
      const promptUs = log.sends.findLast((t) => t <= readAt);
      if (i === 0 || promptUs === undefined) continue;
      const arrivalUs = arrival < 0 ? NaN : (log.arrivals[arrival] as number);
      const c = arrival < 0 ? undefined : charged?.(seat, arrival);
      rows.push({
        seat,
        index: i,
        skipped,
        promptUs,
        inbound: readAt - promptUs,
        think: writeAt - readAt,
        outbound: arrivalUs - writeAt,
        preWrite: c === undefined ? NaN : c - (arrivalUs - promptUs),
      });
    }
  });
  return rows;
}

/** The parts of `rows` summarised (NaN values left out). */
export function breakdown(rows: readonly StampedReply[]): Breakdown {
  const of = (f: (r: StampedReply) => number) => summarize(rows.map(f).filter((v) => !Number.isNaN(v)));
  return {
    preWrite: of((r) => r.preWrite),
    inbound: of((r) => r.inbound),
    think: of((r) => r.think),
    outbound: of((r) => r.outbound),
  };
}

/**
 * A launcher that starts bots with `inner` (the real process launcher) and notes, per seat in launch
 * order, when the referee writes to each and when each reply line arrived. The note is one clock read
 * before each write; the arrival time is the channel's own.
 */
export function stampingLauncher(inner: Launcher, logs: SeatLog[]): Launcher {
  return {
    async launch(bot, limits): Promise<LaunchedBot> {
      const launched = await inner.launch(bot, limits);
      const log: SeatLog = { sends: [], arrivals: [] };
      logs.push(log);
      return { ...launched, channel: stamped(launched.channel, log) };
    },
  };
}

function stamped(inner: PlayerChannel, log: SeatLog): PlayerChannel {
  return {
    send(lines: readonly string[]): void {
      log.sends.push(monotonicUs());
      inner.send(lines);
    },
    async read(timeoutUs: number): Promise<ReadResult> {
      const r = await inner.read(timeoutUs);
      if (r.kind === 'line') log.arrivals.push(r.atUs);
      return r;
    },
    discardReceived: () => inner.discardReceived(),
    suspend: () => inner.suspend(),
    resume: () => inner.resume(),
    cpuUs: () => inner.cpuUs(),
    shutdown: (graceMs: number): Promise<ExitInfo | null> => inner.shutdown(graceMs),
    get exited(): boolean {
      return inner.exited;
    },
    get exit(): ExitInfo | null {
      return inner.exit;
    },
    stderr: (): StderrCapture => inner.stderr(),
  };
}
