import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * Finds a program the way execvp does: a name with a slash is a path (relative to `cwd`), a bare name
 * is looked up in the PATH of `env` (default: Jury's own). Returns the absolute path of a regular file
 * that may be executed, or null. Bots are started through this, so a wrapper such as prlimit never has
 * to look anything up and a missing program is reported before anything is spawned.
 */
export function findExecutable(
  name: string,
  cwd: string = process.cwd(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | null {
  if (name === '') return null;
  if (name.includes('/') || (process.platform === 'win32' && name.includes('\\'))) {
    const path = isAbsolute(name) ? name : resolve(cwd, name);
    return isExecutableFile(path) ? path : null;
  }
  const dirs = (env['PATH'] ?? env['Path'] ?? '').split(delimiter).filter((d) => d !== '');
  const exts = process.platform === 'win32' ? (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const path = resolve(cwd, join(dir, name + ext));
      if (isExecutableFile(path)) return path;
    }
  }
  return null;
}

/** Why `path` cannot be run as a program, or null when it can. */
export function whyNotExecutable(path: string): string | null {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return 'it does not exist';
  }
  if (!isFile) return 'it is not a regular file';
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return 'it is not executable (chmod +x?)';
  }
  return null;
}

function isExecutableFile(path: string): boolean {
  return whyNotExecutable(path) === null;
}
