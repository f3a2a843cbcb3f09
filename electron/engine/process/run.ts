import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { monotonicUs } from '../channel.ts';
import type { LimitsReport } from './limits.ts';
import { confineCommand, type RunConfinement } from './run-confined.ts';
import { feedFilter, stdioWithFilter } from './seccomp.ts';
import { decodeExit, signalGroup } from './signals.ts';

export type { RunConfinement } from './run-confined.ts';

/** Options of {@link runToCompletion}. */
export interface RunOptions {
  readonly cwd: string;
  /** Kill the whole process group after this long (default 120 s). */
  readonly timeoutMs?: number;
  /** Variables added to Jury's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Output kept per stream; the rest is counted and dropped (default 1 MiB). */
  readonly maxOutputBytes?: number;
  /**
   * Run it in a game's confinement (a compiler reading a contestant's source), with `cwd` shown
   * read-only; absent: directly, as Jury's user (probes of Jury's own tools).
   */
  readonly confine?: RunConfinement;
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
  /** Confined: how often the kernel's OOM killer hit it (its memory cap), and what was applied. */
  readonly oomKills: number;
  readonly limits: LimitsReport | null;
}

/**
 * Runs a program (a compiler, a probe) never through a shell, with no input, and collects its output:
 * directly, or confined ({@link RunOptions.confine}). Never rejects: failures are in the result. On
 * timeout the program's whole process group is killed (confined: its namespace with it). The caller
 * checks `error`, `timedOut`, `code` and `signal` (a confined program killed by a signal has it there).
 */
export async function runToCompletion(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  if (!options.confine) return collect(command, args, { ...process.env, ...options.env }, options, null);
  const t0 = monotonicUs();
  const run = confineCommand(command, args, options.cwd, options.env ?? {}, options.confine);
  const r: RunResult = run.problem
    ? { ...NOT_RUN, error: run.problem }
    : await collect(run.command, run.args, run.env, options, run.seccomp);
  const { oomKills } = await run.finish();
  const exit = decodeExit(r.code, r.signal, run.viaReaper);
  const durationMs = (monotonicUs() - t0) / 1000;
  return { ...r, ...exit, oomKills, limits: run.report, durationMs };
}

const NOT_RUN: RunResult = {
  code: null,
  signal: null,
  stdout: '',
  stderr: '',
  output: '',
  timedOut: false,
  error: null,
  durationMs: 0,
  oomKills: 0,
  limits: null,
};

function collect(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  options: RunOptions,
  seccomp: Buffer | null,
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
      env,
      detached: true,
      // bwrap reads its seccomp filter from the fourth (seccomp.ts).
      stdio: stdioWithFilter(['ignore', 'pipe', 'pipe'], seccomp),
      windowsHide: true,
    }) as ChildProcessByStdio<null, Readable, Readable>;
    if (seccomp) feedFilter(child, seccomp);
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
        output: both.dropped > 0 ? `${both.text()}\n[… ${both.dropped} more bytes not kept]\n` : both.text(),
        timedOut,
        error,
        durationMs: (monotonicUs() - t0) / 1000,
        oomKills: 0,
        limits: null,
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

/** Keeps the first `max` bytes of a stream, and counts the rest. */
class Sink {
  private readonly max: number;
  private readonly parts: Buffer[] = [];
  private kept = 0;
  dropped = 0;

  constructor(max: number) {
    this.max = max;
  }

  push(chunk: Buffer): void {
    const room = this.max - this.kept;
    this.dropped += Math.max(0, chunk.length - Math.max(0, room));
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.parts.push(part);
    this.kept += part.length;
  }

  text(): string {
    return Buffer.concat(this.parts, this.kept).toString('utf8');
  }
}
