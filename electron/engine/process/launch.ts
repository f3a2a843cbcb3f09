import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { findExecutable, whyNotExecutable } from './executables.ts';

/** How to start a bot: a program and its arguments, run directly (never through a shell). */
export interface LaunchSpec {
  /** A path (relative to `cwd`) or a bare name looked up in PATH. */
  readonly executable: string;
  readonly args: readonly string[];
  /** The working directory; must exist. */
  readonly cwd: string;
  /** Variables added to (or replacing) Jury's own environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Why `launch` cannot be started (working directory missing, program not found or not executable), or
 * null when it can. startBot checks the same; call this first to report a usage error early.
 */
export function launchProblem(launch: LaunchSpec): string | null {
  return startProblem(
    launch,
    findExecutable(launch.executable, launch.cwd, { ...process.env, ...launch.env }),
  );
}

/** {@link launchProblem} once the program has been looked up (`exe`: its path, or null if not found). */
export function startProblem(launch: LaunchSpec, exe: string | null): string | null {
  try {
    if (!statSync(launch.cwd).isDirectory()) return `the working directory ${launch.cwd} is not a directory`;
  } catch {
    return `the working directory ${launch.cwd} does not exist`;
  }
  if (exe !== null) return null;
  if (!launch.executable.includes('/')) return `cannot start ${launch.executable}: it was not found in PATH`;
  const path = resolve(launch.cwd, launch.executable);
  return `cannot start ${path}: ${whyNotExecutable(path) ?? 'it is not executable'}`;
}
