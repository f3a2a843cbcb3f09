import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { monotonicUs } from '../../../electron/engine/channel.ts';
import type { GameRecord } from '../../../electron/engine/record/schema.ts';

/** A relay that hears nothing for this long gives up (a broken bot, not a slow one). */
const STALL_MS = 10_000;

/**
 * The lines of one game as a bare relay replays them: what to write before the first reply and after each
 * reply, and the replies that must come back. Made from a Jury record ({@link scriptOf}), so the floor
 * writes the very bytes Jury wrote, to the same bots, in the same order of turns.
 */
export interface RelayScript {
  readonly seats: number;
  /** Step k: the writes after the k-th reply (step 0: before the first), at most one per seat. */
  readonly steps: readonly (readonly { readonly seat: number; readonly data: Buffer }[])[];
  /** The seat of each reply, in order. */
  readonly replySeats: Uint8Array;
  /** Every reply line each seat must write, for the check after the game (the bots are deterministic). */
  readonly expected: readonly string[];
}

/**
 * The relay script of a recorded game, on Jury's schedule of writes: the opening lines to every seat before
 * the first reply (the seat that answers first written first), then after each reply one write, to the
 * seat that answers next: every line for it since its last write (Jury holds a seat's lines for its own
 * prompt). What no seat answers any more is written after the last reply, and every input is closed.
 */
export function scriptOf(record: Pick<GameRecord, 'lines' | 'seats'>): RelayScript {
  const seats = record.seats.length;
  const held: string[][] = Array.from({ length: seats }, () => []);
  const replySeats: number[] = [];
  const expected: string[] = Array.from({ length: seats }, () => '');
  for (const line of record.lines) if (line.dir === 'out') replySeats.push(line.seat);
  const write = (seat: number) => {
    const lines = held[seat] ?? [];
    held[seat] = [];
    return { seat, data: Buffer.from(`${lines.join('\n')}\n`, 'latin1') };
  };
  const steps: { seat: number; data: Buffer }[][] = [];
  for (const line of record.lines) {
    if (line.dir === 'in') {
      held[line.seat]?.push(line.text);
      continue;
    }
    // Before this reply: at the first, the opening to every seat (the one answering first written
    // first); later, the prompt of the seat answering, with everything it has not read yet.
    const first = line.seat;
    const order =
      steps.length === 0
        ? [...held.keys()].sort((a, b) => Number(b === first) - Number(a === first) || a - b)
        : [first];
    steps.push(order.filter((seat) => (held[seat]?.length ?? 0) > 0).map(write));
    expected[line.seat] += `${line.text}\n`;
  }
  steps.push([...held.keys()].filter((seat) => (held[seat]?.length ?? 0) > 0).map(write));
  return { seats, steps, replySeats: Uint8Array.from(replySeats), expected };
}

/** What a relayed game measured, in Jury's monotonic µs (as {@link monotonicUs}). */
export interface RelayRun {
  /** Replies relayed. */
  readonly replies: number;
  /** Per reply: the time the relay wrote its seat's prompt, and the time its 'data' handler saw it. */
  readonly promptUs: Float64Array;
  readonly arrivalUs: Float64Array;
  /** Per seat, the monotonic µs of every write to it, in order (for the latency split). */
  readonly sends: readonly number[][];
  /** Per seat, what it wrote to standard error (the bots' stamps). */
  readonly stderr: readonly string[];
  /** From before the first spawn until the first reply arrived, and until every bot had exited (ms). */
  readonly firstReplyMs: number;
  readonly endMs: number;
}

/** How a relay runs: stop after a number of replies (the game start), or the whole script. */
export interface RelayOptions {
  /** Kill the bots after this many replies instead of playing the game out. */
  readonly stopAfter?: number;
  /** Called with each reply's index as it arrives (for measurements around the relay). */
  readonly onReply?: (k: number) => void;
}

/**
 * The floor: the fastest a Node program relays a game's lines between bot processes over pipes. Bare
 * Node spawns the commands directly (no wrappers, no limits, no confinement), writes each step of
 * `script` as soon as the reply before it arrived, and times each reply as Jury does (from just before
 * the prompt's write to the first thing the stdout 'data' handler does). Nothing is parsed, validated,
 * recorded or signalled; the replies are compared with the script once the game is over.
 */
export function relay(
  commands: readonly (readonly string[])[],
  script: RelayScript,
  options: RelayOptions = {},
): Promise<RelayRun> {
  const total = script.replySeats.length;
  const stopAfter = Math.min(options.stopAfter ?? total, total);
  const promptUs = new Float64Array(total);
  const arrivalUs = new Float64Array(total);
  const sends: number[][] = Array.from({ length: script.seats }, () => []);
  const stderr: string[][] = Array.from({ length: script.seats }, () => []);
  const replied: Buffer[][] = Array.from({ length: script.seats }, () => []);
  const t0 = monotonicUs();
  const children = commands.map(([exe = '', ...args]) =>
    spawn(exe, args, { stdio: ['pipe', 'pipe', 'pipe'] }),
  ) as ChildProcessByStdio<Writable, Readable, Readable>[];
  const exited = children.map((c) => new Promise<void>((resolve) => c.once('close', () => resolve())));
  let k = 0;
  let firstReplyUs = NaN;
  const writeStep = (step: number): void => {
    for (const { seat, data } of script.steps[step] ?? []) {
      const at = monotonicUs();
      if (step < total && seat === script.replySeats[step]) promptUs[step] = at;
      (sends[seat] as number[]).push(at);
      (children[seat] as ChildProcessByStdio<Writable, Readable, Readable>).stdin.write(data);
    }
  };
  const done = new Promise<void>((resolve, reject) => {
    let seen = -1;
    const stall = setInterval(() => {
      if (seen === k) reject(new Error(`the floor relay stalled after ${k} of ${total} replies`));
      seen = k;
    }, STALL_MS);
    const finish = (): void => {
      clearInterval(stall);
      if (stopAfter < total) for (const c of children) c.kill('SIGKILL');
      else {
        writeStep(total);
        for (const c of children) c.stdin.end();
      }
      resolve();
    };
    children.forEach((child, seat) => {
      child.on('error', reject);
      child.stdin.on('error', () => {}); // a bot killed at the stop: its pipe breaks
      child.stderr.on('data', (chunk: Buffer) => stderr[seat]?.push(chunk.toString('latin1')));
      child.stdout.on('data', (chunk: Buffer) => {
        const at = monotonicUs(); // first thing, as Jury's process layer does
        (replied[seat] as Buffer[]).push(chunk);
        for (let i = chunk.indexOf(10); i >= 0 && k < stopAfter; i = chunk.indexOf(10, i + 1)) {
          arrivalUs[k] = at;
          options.onReply?.(k);
          if (k === 0) firstReplyUs = at;
          k++;
          if (k === stopAfter) return finish();
          writeStep(k);
        }
      });
    });
    writeStep(0);
  });
  return done.then(
    async () => {
      await Promise.all(exited);
      if (stopAfter === total) checkReplies(replied, script);
      return {
        replies: k,
        promptUs,
        arrivalUs,
        sends,
        stderr: stderr.map((s) => s.join('')),
        firstReplyMs: (firstReplyUs - t0) / 1000,
        endMs: (monotonicUs() - t0) / 1000,
      };
    },
    (e: unknown) => {
      for (const c of children) c.kill('SIGKILL');
      throw e;
    },
  );
}

/** Throws when a bot's replies differ from the script's: the floor then relayed another game. */
function checkReplies(replied: readonly Buffer[][], script: RelayScript): void {
  replied.forEach((chunks, seat) => {
    if (Buffer.concat(chunks).toString('latin1') !== script.expected[seat]) {
      throw new Error(`the floor relay's seat ${seat} answered differently from the recorded game`);
    }
  });
}

/** Round trips (arrival − prompt write, µs) of the replies that took longer than `deadlineUs`. */
export function lateReplies(run: RelayRun, deadlineUs: number, skip: (k: number) => boolean): number[] {
  const late: number[] = [];
  for (let k = 0; k < run.replies; k++) {
    const us = (run.arrivalUs[k] ?? 0) - (run.promptUs[k] ?? 0);
    if (!skip(k) && us > deadlineUs) late.push(us);
  }
  return late;
}
