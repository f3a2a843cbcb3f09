import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { monotonicUs } from '../../../electron/engine/channel.ts';

/** The 6561 game length and its last line, as the C bot expects them. */
const MOVES = 1000;
/** A relay that hears nothing for this long gives up (a broken bot, not a slow one). */
const STALL_MS = 10_000;

/** One game relayed by bare Node between two bot processes: per seat, when lines went out and came in. */
export interface RelayLog {
  /** Monotonic µs (as Jury's {@link monotonicUs}) of every write to each seat, in order. */
  readonly sends: readonly (readonly number[])[];
  /** Monotonic µs at which each reply of each seat arrived, in order. */
  readonly arrivals: readonly (readonly number[])[];
  /** Every reply's round trip in µs (its arrival minus the write of its prompt), in play order, with seat. */
  readonly replies: readonly { readonly seat: number; readonly us: number }[];
}

/**
 * The floor: the fastest a Node program can exchange lines with the C bot over pipes. Bare Node relays
 * one 6561 game between two processes of the same bot Jury plays in the overhead part, spawned directly
 * (no wrappers, no limits): it writes `A` and `B`, then each reply to the other bot, and `Quit` after
 * the 1000th move. Each reply is timed exactly as Jury times it: from just before the prompt's write to
 * the first thing the stdout 'data' handler does. Nothing is validated, recorded or signalled.
 */
export function relayGame(commands: readonly (readonly string[])[]): Promise<RelayLog> {
  const children = commands.map(([exe = '', ...args]) =>
    spawn(exe, args, { stdio: ['pipe', 'pipe', 'ignore'] }),
  );
  const sends: number[][] = [[], []];
  const arrivals: number[][] = [[], []];
  const replies: { seat: number; us: number }[] = [];
  const exited = children.map((c) => new Promise<void>((resolve) => c.once('close', () => resolve())));
  let moves = 0;
  let promptAt = 0;

  const write = (seat: number, text: string): void => {
    const at = monotonicUs();
    (sends[seat] as number[]).push(at);
    (children[seat] as ChildProcessByStdio<Writable, Readable, null>).stdin.write(`${text}\n`);
  };
  const done = new Promise<void>((resolve, reject) => {
    let stall = setTimeout(() => reject(new Error('the floor relay stalled')), STALL_MS);
    children.forEach((child, seat) => {
      let partial = '';
      child.on('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        const at = monotonicUs(); // first thing, as Jury's process layer does
        const text = partial + chunk.toString('latin1');
        const lines = text.split('\n');
        partial = lines.pop() ?? '';
        for (const reply of lines) {
          (arrivals[seat] as number[]).push(at);
          replies.push({ seat, us: at - promptAt });
          moves++;
          if (moves >= MOVES) {
            clearTimeout(stall);
            for (let s = 0; s < children.length; s++) write(s, 'Quit');
            for (const c of children) c.stdin.end();
            resolve();
            return;
          }
          clearTimeout(stall);
          stall = setTimeout(() => reject(new Error('the floor relay stalled')), STALL_MS);
          promptAt = monotonicUs();
          write(1 - seat, reply);
        }
      });
    });
    write(1, 'B');
    promptAt = monotonicUs();
    write(0, 'A');
  });
  return done.then(
    async () => {
      await Promise.all(exited);
      return { sends, arrivals, replies };
    },
    (e: unknown) => {
      for (const c of children) c.kill('SIGKILL');
      throw e;
    },
  );
}

/** The round trips of a relayed game without each seat's first reply (process start-up), in µs. */
export function steadyRoundTrips(log: RelayLog): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const r of log.replies) {
    if (seen.has(r.seat)) out.push(r.us);
    seen.add(r.seat);
  }
  return out;
}
