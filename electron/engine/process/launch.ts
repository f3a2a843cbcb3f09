import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { findExecutable, whyNotExecutable } from './executables.ts';
import { readShebang } from './program-view.ts';
import { sandboxCapabilities } from './sandbox.ts';
import { unreachableProblem } from './reachable.ts';

/**
 * How to start a bot: a program and its arguments, run directly (never through a shell). Every path is
 * absolute: callers resolve what the user gave where it enters Jury (the config file's folder, the
 * command line's working folder), so nothing here depends on the folder Jury happens to run in.
 */
export interface LaunchSpec {
  /** An absolute path, or a bare name looked up in PATH. */
  readonly executable: string;
  /** Passed as given; a relative path in them names a file from `cwd`. */
  readonly args: readonly string[];
  /** The working directory, absolute; must exist. */
  readonly cwd: string;
  /**
   * Variables for the bot. Unconfined they are added to Jury's own environment; inside bubblewrap the
   * bot gets only these, PATH, HOME, TMPDIR, language and time zone.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The bot's own folder, shown read-only inside its sandbox (its entries appear in its private working
   * folder when it is also `cwd`). Absent: `cwd` is the bot's folder. null: the bot has no folder, only
   * the files its command line names are shown (`cwd` is then only where it runs, for example Jury's).
   */
  readonly folder?: string | null;
  /** More files or folders the bot may read (read-only), for example the sources of a sample bot. */
  readonly paths?: readonly string[];
  /** Files the bot must never read even when they lie in what it is shown (the tournament store). */
  readonly hidden?: readonly string[];
  /**
   * Jury reads what the program leaves in its working folder after it ends (a referee's log): the
   * folder is then one on the host's disk, with no size cap. Otherwise (every contestant's bot) it is a
   * memory file system of its own inside the sandbox, capped in size and gone with the sandbox.
   */
  readonly keepsFiles?: boolean;
}

/**
 * Why `launch` cannot be started (working directory missing, program not found or not executable), or
 * null when it can. startBot checks the same; call this first to report a usage error early.
 */
export function launchProblem(launch: LaunchSpec): string | null {
  const env = { ...process.env, ...launch.env };
  const exe = findExecutable(launch.executable, launch.cwd, env);
  const problem = startProblem(launch, exe);
  if (problem !== null || exe === null) return problem;
  // As root without bubblewrap each bot runs as a user of its own: its files must be open to others.
  const caps = sandboxCapabilities();
  if (!caps.root || caps.botUids === null || caps.bwrap !== null) return null;
  return unreachableProblem({ exe, args: launch.args, cwd: launch.cwd, hostEnv: env }, caps.botUids.base);
}

/**
 * {@link launchProblem} once the program has been looked up (`exe`: its path, or null if not found).
 * Throws when a path of `launch` is relative ({@link assertAbsolutePaths}).
 */
export function startProblem(launch: LaunchSpec, exe: string | null): string | null {
  assertAbsolutePaths(launch);
  try {
    if (!statSync(launch.cwd).isDirectory()) return `the working directory ${launch.cwd} is not a directory`;
  } catch {
    return `the working directory ${launch.cwd} does not exist`;
  }
  if (exe !== null) return argumentProblem(launch.args) ?? formatProblem(exe, launch.cwd, launch.env);
  if (!launch.executable.includes('/')) return `cannot start ${launch.executable}: it was not found in PATH`;
  const path = resolve(launch.cwd, launch.executable);
  return `cannot start ${path}: ${whyNotExecutable(path) ?? 'it is not executable'}`;
}

/**
 * Throws when a path of `launch` is relative. Inside the sandbox a relative working folder, program or
 * shown path means nothing (bubblewrap would get `--chdir .`), and a relative store path would not be
 * hidden: every entry point makes its paths absolute, so one that did not is Jury's bug, and it must stop
 * the run loudly instead of playing games a bot cannot start.
 */
export function assertAbsolutePaths(launch: LaunchSpec): void {
  const relative = [
    ['working folder', launch.cwd],
    ['program', launch.executable.includes('/') ? launch.executable : '/'],
    ['folder', launch.folder ?? '/'],
    ...(launch.paths ?? []).map((p) => ['shown path', p]),
    ...(launch.hidden ?? []).map((p) => ['hidden file', p]),
  ].find(([, path]) => !isAbsolute(path as string));
  if (relative) {
    throw new Error(
      `Jury was given the relative ${relative[0]} ${JSON.stringify(relative[1])} for ${launch.executable}: every path must be made absolute where it enters Jury (this is a bug in Jury)`,
    );
  }
}

/** Linux's cap on one argument (MAX_ARG_STRLEN: 32 pages) and, roughly, on all of them (ARG_MAX). */
const MAX_ARG_BYTES = 128 * 1024;
const MAX_ARGS_BYTES = 1024 * 1024;

/** Why the kernel would refuse these arguments with E2BIG, or null. */
export function argumentProblem(args: readonly string[]): string | null {
  let total = 0;
  for (const [i, arg] of args.entries()) {
    const bytes = Buffer.byteLength(arg) + 1;
    total += bytes;
    if (bytes > MAX_ARG_BYTES) {
      return `the argument list is too long (E2BIG): argument ${i + 1} is ${bytes.toLocaleString('en')} bytes, and Linux allows ${MAX_ARG_BYTES.toLocaleString('en')} per argument`;
    }
  }
  if (total > MAX_ARGS_BYTES) {
    return `the argument list is too long (E2BIG): ${total.toLocaleString('en')} bytes in all`;
  }
  return null;
}

/**
 * Why the file cannot be executed as a program on Linux (ENOEXEC: neither a binary nor a script with a
 * #! line; a script whose interpreter is missing), or null. Elsewhere null: the system decides.
 */
export function formatProblem(
  exe: string,
  cwd: string,
  env: Readonly<Record<string, string>> | undefined,
): string | null {
  if (process.platform !== 'linux') return null;
  let head: Buffer;
  try {
    const fd = openSync(exe, 'r');
    try {
      head = Buffer.alloc(4);
      head = head.subarray(0, readSync(fd, head, 0, 4, 0));
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return `cannot read ${exe}: ${(e as Error).message}`;
  }
  if (head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return null;
  const shebang = readShebang(exe);
  if (shebang === null) {
    return `${exe} is not a program Linux can run (ENOEXEC): it is neither a binary nor a script starting with #!`;
  }
  const [interp = '', ...rest] = shebang;
  if (interp.endsWith('/env')) {
    const name = rest.find((w) => !w.startsWith('-'));
    if (name && findExecutable(name, cwd, { ...process.env, ...env }) === null) {
      return `its interpreter ${name} (from "#!${shebang.join(' ')}") was not found in PATH`;
    }
    return null;
  }
  return whyNotExecutable(interp) === null ? null : `its interpreter ${interp} does not exist or cannot run`;
}
