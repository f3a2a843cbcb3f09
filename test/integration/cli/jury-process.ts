import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The `jury` command as a real process, for the CLI tests that check exit codes, stderr and files.

/** The `jury` entry point. */
export const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));

/** What a finished `jury` process said and how it ended. */
export interface JuryResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly out: string;
  readonly err: string;
}

/** Starts `jury` with `args`. */
export function startJury(...args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [JURY, ...args]);
}

/**
 * Runs `jury` with `args` to the end from the working folder `cwd` (relative paths start there), with
 * `env` added to the environment.
 */
export function juryIn(
  { cwd, env = {} }: { cwd: string; env?: Record<string, string> },
  ...args: string[]
): Promise<JuryResult> {
  return finished(spawn(process.execPath, [JURY, ...args], { cwd, env: { ...process.env, ...env } }));
}

/** Resolves when `child` has ended, with everything it printed. */
export function finished(child: ChildProcessWithoutNullStreams): Promise<JuryResult> {
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}

/** Runs `jury` with `args` to the end. */
export function jury(...args: string[]): Promise<JuryResult> {
  return finished(startJury(...args));
}

/** Resolves once `child` has printed a stdout line containing `text`. */
export function printed(child: ChildProcessWithoutNullStreams, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        child.stdout.off('data', onData);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', () => reject(new Error(`jury ended before it printed ${text}`)));
  });
}

/** A small, quick 6561 event of the sample bots (6 games), CPU-timed so a stopped `jury` costs no game. */
export const smallEvent = {
  format: 'jury-tournament',
  version: 1,
  name: 'Refusals',
  game: '6561',
  seed: 3,
  schedule: { kind: 'round-robin' },
  bots: [
    { name: 'Greedy', sample: 'greedy' },
    { name: 'Random', sample: 'random' },
    { name: 'Random 2', sample: 'random' },
  ],
  timing: { mode: 'cpu' },
};

/** Writes `value` as JSON to `dir/name` and returns the path. */
export function writeJson(dir: string, name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}
