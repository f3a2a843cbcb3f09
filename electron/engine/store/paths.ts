import { posix, win32 } from 'node:path';
import { StoreError } from './errors.ts';

/** The file name extension of tournament stores. */
export const STORE_EXTENSION = '.sqlite';

// Characters that no file system we support accepts in a name, plus control characters.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/;

/** Throws unless `name` can be used as a tournament's file name on every platform. */
export function checkTournamentName(name: string): void {
  const problem =
    name.length === 0
      ? 'must not be empty'
      : name.length > 100
        ? 'must be at most 100 characters'
        : FORBIDDEN.test(name)
          ? 'must not contain / \\ : * ? " < > | or control characters'
          : name.startsWith('.') || name.endsWith('.') || name.endsWith(' ')
            ? 'must not start with a dot or end with a dot or a space'
            : null;
  if (problem) throw new StoreError('invalid', `tournament name ${JSON.stringify(name)}: ${problem}`);
}

/**
 * The folder where tournaments live when the user gives no path:
 * - Linux and other Unix: `$XDG_DATA_HOME/jury/tournaments`, by default `~/.local/share/jury/tournaments`;
 * - macOS: `~/Library/Application Support/Jury/tournaments`;
 * - Windows: `%APPDATA%\Jury\tournaments`, by default `%USERPROFILE%\AppData\Roaming\Jury\tournaments`.
 * Pure: the platform and the environment are arguments, so every branch is tested on any machine.
 */
export function defaultStoreFolder(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const need = (variable: string): string => {
    const value = env[variable];
    if (!value) {
      throw new StoreError(
        'invalid',
        `cannot find the default tournament folder: ${variable} is not set; give the store a path`,
      );
    }
    return value;
  };
  if (platform === 'win32') {
    const appData = env['APPDATA'] || win32.join(need('USERPROFILE'), 'AppData', 'Roaming');
    return win32.join(appData, 'Jury', 'tournaments');
  }
  if (platform === 'darwin') {
    return posix.join(need('HOME'), 'Library', 'Application Support', 'Jury', 'tournaments');
  }
  // XDG says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = env['XDG_DATA_HOME'];
  const data = xdg && posix.isAbsolute(xdg) ? xdg : posix.join(need('HOME'), '.local', 'share');
  return posix.join(data, 'jury', 'tournaments');
}

/** The default store file of tournament `name` (see {@link defaultStoreFolder}). */
export function defaultStorePath(
  name: string,
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string {
  checkTournamentName(name);
  const folder = defaultStoreFolder(platform, env);
  return platform === 'win32'
    ? win32.join(folder, name + STORE_EXTENSION)
    : posix.join(folder, name + STORE_EXTENSION);
}
