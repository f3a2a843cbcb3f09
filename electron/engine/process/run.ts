import { spawn } from 'node:child_process';
import { monotonicUs } from '../channel.ts';
import { signalGroup } from './signals.ts';

/** Options of {@link runToCompletion}. */
export interface RunOptions {
  readonly cwd: string;
  /** Kill the whole process group after this long (default 120 s). */
  readonly timeoutMs?: number;
  /** Variables added to Jury's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Output kept per stream; the rest is counted and dropped (default 1 MiB). */
  readonly maxOutputBytes?: number;
}

/** How a finished run went. */
export interface RunResult {
  readonly code: number | null;
  readonly signal: string | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Both streams in the order they arrived (what a compiler printed, as a terminal would show it). */
  readonly output: string;
  readonly timedOut: boolean;
  /** Set when the program could not be started at all (for example ENOENT). */
  readonly error: string | null;
  readonly durationMs: number;
}

/**
 * Runs a program (a compiler, a probe) directly, never through a shell, with no input, and collects its
 * output. Never rejects: failures are in the result. On timeout the program's whole process group is
 * killed. The caller checks `error`, `timedOut` and `code`.
 */
export function runToCompletion(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const max = options.maxOutputBytes ?? 1024 * 1024;
  const t0 = monotonicUs();
  return new Promise((resolve) => {
    const out = new Sink(max);
    const err = new Sink(max);
    const both = new Sink(max);
    let timedOut = false;
    let error: string | null = null;
    let done = false;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    }, options.timeoutMs ?? 120_000);
    child.stdout.on('data', (c: Buffer) => {
      out.push(c);
      both.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      err.push(c);
      both.push(c);
    });
    const finish = (code: number | null, signal: string | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: out.text(),
        stderr: err.text(),
        output: both.text(),
        timedOut,
        error,
        durationMs: (monotonicUs() - t0) / 1000,
      });
    };
    child.on('error', (e) => {
      error = e.message;
      // A program that never started emits no 'close' on every Node version: finish here.
      if (child.pid === undefined) finish(null, null);
    });
    child.on('close', finish);
  });
}

/** Keeps the first `max` bytes of a stream. */
class Sink {
  private readonly max: number;
  private readonly parts: Buffer[] = [];
  private kept = 0;

  constructor(max: number) {
    this.max = max;
  }

  push(chunk: Buffer): void {
    const room = this.max - this.kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.parts.push(part);
    this.kept += part.length;
  }

  text(): string {
    return Buffer.concat(this.parts, this.kept).toString('utf8');
  }
}
