/**
 * The one rule for a path written in a game package's manifest: relative to the package folder, with `/`
 * between folders, and never leading out of it. Pure: the loader (electron/engine/packages/) checks that
 * the file exists.
 */

/** Why `path` is not a path inside a package folder, or null when it is. */
export function packagePathProblem(path: string): string | null {
  if (path.trim() === '') return 'is empty';
  if (path.includes('\0')) return 'contains a NUL character';
  if (path.includes('\\')) return `${JSON.stringify(path)} uses "\\": write "/" between folders`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
    return `${JSON.stringify(path)} is absolute: paths are relative to the package folder`;
  }
  const parts = path.split('/');
  if (parts.includes('..')) return `${JSON.stringify(path)} leads out of the package folder ("..")`;
  if (parts.every((p) => p === '' || p === '.'))
    return `${JSON.stringify(path)} names the package folder itself`;
  return null;
}

/** `path` without `.` segments and doubled or trailing slashes (`./a//b/` → `a/b`); assumes a valid path. */
export function normalizePackagePath(path: string): string {
  return path
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .join('/');
}

/**
 * Whether a command word names something in the package folder rather than a program on the PATH or
 * an argument: it contains a `/` and does not start with `-` (`./referee`, `bin/referee`, `src/ref.py`).
 * A bare word (`referee.py`) names a package file only when that file exists, which the loader checks.
 */
export function looksLikePackagePath(word: string): boolean {
  return word.includes('/') && !word.startsWith('-') && !word.startsWith('/');
}
