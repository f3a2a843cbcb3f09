import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { findExecutable } from './executables.ts';
import type { LaunchSpec } from './launch.ts';

/**
 * What a confined bot must see of the host, worked out from its command line: the program itself, and
 * the interpreter or runtime that runs it wherever that is installed (python3 under ~/.pyenv, node under
 * ~/.nvm or Jury's own cache, java under /usr/lib/jvm). Reads the file system; spawns only a version
 * manager's `which` to see through its shims.
 */
export interface ProgramView {
  /** The program to execute inside the sandbox: the command's own, or the real interpreter behind a shim. */
  readonly executable: string;
  /** Host paths (files or folders) the bot sees read-only at the same path, beyond the system folders. */
  readonly readOnly: readonly string[];
  /** Folders to put first in the bot's PATH (the bin folder of an interpreter found outside the system). */
  readonly pathDirs: readonly string[];
}

/** The system's programs and libraries, shown read-only to every bot (when they exist on this host). */
export const SYSTEM_ROOTS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', '/opt'];

/** Whether `path` lies in the system folders every bot sees anyway. */
export function isSystemPath(path: string): boolean {
  return SYSTEM_ROOTS.some((root) => path === root || path.startsWith(root + sep));
}

/**
 * The view of one bot. `exe` is the absolute path found for the command's first word; `named` says
 * whether the command named it by a bare name (found in PATH: an interpreter or tool) rather than by a
 * path (the contestant's own program); `folder` is the bot's own folder when it has one.
 */
export function programView(
  exe: string,
  named: boolean,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  folder: string | null,
): ProgramView {
  const readOnly = new Set(ownPaths(exe, named, args, cwd, folder));
  const pathDirs: string[] = [];
  const show = (path: string): void => {
    if (!isSystemPath(path) && !tooWide(path)) readOnly.add(path);
  };
  /** An interpreter or tool: its whole installation (prefix/bin/x → prefix), and its bin in PATH. */
  const showRuntime = (found: string): string => {
    const real = throughShim(found, cwd, env);
    if (!isSystemPath(real)) {
      const bin = dirname(real);
      show(basename(bin) === 'bin' && !tooWide(dirname(bin)) ? dirname(bin) : bin);
      // Also the folder the command was found in, when a symlink led elsewhere (~/.local/bin/x → …).
      if (dirname(found) !== bin) show(dirname(found));
      pathDirs.push(bin);
    }
    return real;
  };
  const executable = isRuntime(exe, named) ? showRuntime(exe) : exe;
  // A script names its interpreter: "#!/usr/bin/env python3" or "#!/opt/x/bin/python".
  const shebang = readShebang(executable);
  if (shebang !== null) {
    const [interp = '', ...rest] = shebang;
    if (basename(interp) === 'env') {
      const name = rest.find((w) => !w.startsWith('-'));
      const found = name === undefined ? null : findExecutable(name, cwd, env);
      if (found !== null) showRuntime(found);
    } else if (isAbsolute(interp)) {
      showRuntime(interp);
    }
  }
  return { executable, readOnly: [...readOnly].sort(), pathDirs };
}

/**
 * The bot's own files that its sandbox shows (see {@link programView}'s arguments), without the system
 * and the runtime: its folder, its program when the command names it by a path, and what its arguments
 * name (`bot.py`, `-cp out`, `data/weights.bin`). Each is a folder (a file's folder: a script's modules, a
 * program's data), or a file alone when its folder is too wide to show (a home folder, /tmp). The one
 * rule for what a bot sees of its own here and for what travels to a remote worker.
 */
export function ownPaths(
  exe: string,
  named: boolean,
  args: readonly string[],
  cwd: string,
  folder: string | null,
): string[] {
  const shown = new Set<string>();
  const show = (path: string): void => {
    if (!isSystemPath(path) && !tooWide(path)) shown.add(path);
  };
  const showFile = (path: string): void => {
    const dir = dirname(path);
    if (isFolder(path)) show(path);
    else if (!tooWide(dir) && !isSystemPath(dir)) show(dir);
    else show(path);
  };
  if (folder !== null) show(folder);
  if (!isRuntime(exe, named)) showFile(exe);
  for (const arg of args) {
    const path = namedPath(arg, cwd);
    if (path !== null) showFile(path);
  }
  return [...shown].sort();
}

/** {@link ownPaths} of a launch, its program looked up as the process layer starts it. */
export function launchOwnPaths(launch: LaunchSpec): string[] {
  const env = { ...process.env, ...launch.env };
  const exe = findExecutable(launch.executable, launch.cwd, env) ?? launch.executable;
  const folder = launch.folder === undefined ? launch.cwd : launch.folder;
  return ownPaths(exe, !launch.executable.includes('/'), launch.args, launch.cwd, folder);
}

/**
 * Whether the program is a runtime (an interpreter or tool found in PATH), not the contestant's own. A
 * version manager's shim is one even when named by its path (the app keeps the path it found for
 * `python3`): the bot needs the interpreter behind it, not the shim's folder.
 */
function isRuntime(exe: string, named: boolean): boolean {
  return named || isShim(exe);
}

/**
 * The file or folder an argument names (its absolute path, from `cwd`), or null for a word that names
 * nothing there: an option (`-cp`), an empty word, the working folder itself (`.`). The one rule for
 * which arguments are paths: what the sandbox shows, what Jury makes absolute where a bot's definition
 * enters, and what travels to remote workers.
 */
export function namedPath(arg: string, cwd: string): string | null {
  if (arg === '' || arg.startsWith('-') || arg.length > 4096) return null;
  const path = resolve(cwd, arg);
  return path !== cwd && existsSync(path) ? path : null;
}

/** The interpreter line of a script as words, or null for a binary (or an unreadable file). */
export function readShebang(file: string): string[] | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(256);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const head = buf.subarray(0, n).toString('latin1');
    if (!head.startsWith('#!')) return null;
    return (head.slice(2).split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Whether `path` is a version manager's shim (pyenv, rbenv, nodenv: `<root>/shims/<name>`). */
function isShim(path: string): boolean {
  return basename(dirname(safeRealpath(path))) === 'shims';
}

/**
 * A version manager's shim (a script that asks the manager which version to run: {@link isShim})
 * replaced by the real program it would run from `cwd`; otherwise the real path.
 */
function throughShim(found: string, cwd: string, env: Readonly<Record<string, string | undefined>>): string {
  const real = safeRealpath(found);
  if (!isShim(real)) return real;
  const root = dirname(dirname(real));
  const tool = basename(root).replace(/^\./, '');
  const manager = [join(root, 'libexec', tool), join(root, 'bin', tool)].find((p) => existsSync(p));
  if (manager === undefined) return real;
  const r = spawnSync(manager, ['which', basename(real)], { cwd, env, encoding: 'utf8', timeout: 10_000 });
  const path = r.status === 0 ? r.stdout.trim() : '';
  return path !== '' && isAbsolute(path) && existsSync(path) ? safeRealpath(path) : real;
}

/** Folders never shown whole: the root, the home folder and what contains it, shared scratch folders. */
function tooWide(path: string): boolean {
  const home = homedir();
  return path === sep || home === path || home.startsWith(path + sep) || isFolderOfFolders(path);
}

/** The user's top-level folders (/home, /root's parent) are never a program's own. */
function isFolderOfFolders(path: string): boolean {
  return ['/home', '/root', '/tmp', '/var', '/var/tmp', '/srv', '/mnt', '/media', '/run'].includes(path);
}

function safeRealpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether `path` is a folder (false when it does not exist). */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
