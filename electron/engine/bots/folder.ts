import { basename, dirname, isAbsolute } from 'node:path';
import { isSystemPath, namedPath } from '../process/program-view.ts';
import { INTERPRETERS } from './hash.ts';

/**
 * A bot's own folder: where its files are. It is the bot's working folder, which the sandbox shows as a
 * private, writable copy of it (bots/ and the app's library take it from here, so a config and the app
 * agree).
 */

/**
 * The folder of a bot whose definition names none. A program of its own (`./alice/bot`) lives in its
 * program's folder. An interpreter or a tool (a bare name, a program in a system folder, one of
 * {@link INTERPRETERS} wherever installed: `python3 carol.py`, `/usr/bin/python3 carol.py`, pyenv's
 * `~/.pyenv/shims/python3`) lives where its script is: `base`, the config file's folder that its
 * relative arguments start from, or, without one (the app's form), the folder of the first argument that
 * names an existing file by its full path. Null when there is none (the caller must ask for a folder).
 * `program` is an absolute path or a bare name.
 */
export function defaultBotFolder(
  program: string,
  args: readonly string[],
  base: string | null,
): string | null {
  const tool = !isAbsolute(program) || isSystemPath(dirname(program)) || INTERPRETERS.test(basename(program));
  if (!tool) return dirname(program);
  if (base !== null) return base;
  for (const arg of args) {
    const path = isAbsolute(arg) ? namedPath(arg, '/') : null;
    if (path !== null) return dirname(path);
  }
  return null;
}

/**
 * Why `folder` cannot be a bot's working folder, naming the fix, or null when it can. A system folder
 * (/usr/bin, where `python3` is) never can: the sandbox puts the bot's private folder there, which would
 * hide the system's own programs (every game a CRASH: `bwrap: execvp /usr/bin/setpriv`).
 */
export function botFolderProblem(folder: string): string | null {
  if (!isSystemPath(folder)) return null;
  return `${folder} is a system folder, not the bot's own: give the folder of its own files (the script it runs) as its working folder (cwd)`;
}
