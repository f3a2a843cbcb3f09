import { statSync } from 'node:fs';
import { basename, delimiter, dirname, resolve } from 'node:path';
import { whyNotExecutable } from './executables.ts';
import { isFolder, namedPath, readShebang } from './program-view.ts';

/**
 * Without bubblewrap (JURY_SANDBOX=none, or none installed) Jury as root still runs each bot as its own
 * uid: that uid and the bot's process cap are what protect Jury's files then. Nothing is mounted for it,
 * so it reaches its program, its interpreter and the files its arguments name through the host's own
 * folders, as "others": a program under a home only root may enter (pyenv's python3 under /root, Jury's
 * own node for the sample bots) exits 126 before the game. Said before the start, with the fix, naming
 * the first folder or file that is closed. `req.exe` is the path found for the command; a script's
 * interpreter is checked too.
 */
export function unreachableProblem(
  req: {
    /** The path found for the command. */
    readonly exe: string;
    readonly args: readonly string[];
    readonly cwd: string;
    /** Jury's environment as the program was looked up in. */
    readonly hostEnv: Readonly<Record<string, string | undefined>>;
  },
  uid: number,
): string | null {
  const needs: [path: string, bits: number][] = [[req.exe, 0o001]];
  const shebang = readShebang(req.exe);
  if (shebang !== null) {
    needs[0] = [req.exe, 0o005];
    const [interp = '', ...rest] = shebang;
    if (basename(interp) !== 'env') needs.push([interp, 0o001]);
    else {
      // env searches PATH as the bot's user: a copy it cannot reach is passed over for the next one.
      const name = rest.find((w) => !w.startsWith('-')) ?? '';
      const found = (req.hostEnv['PATH'] ?? '')
        .split(delimiter)
        .filter((d) => d !== '' && name !== '')
        .map((d) => resolve(req.cwd, d, name))
        .filter((p) => whyNotExecutable(p) === null);
      const first = found[0];
      if (first !== undefined && found.every((p) => closedOnTheWay(p, 0o001) !== null))
        needs.push([first, 0o001]);
    }
  }
  for (const arg of req.args) {
    const path = namedPath(arg, req.cwd);
    if (path !== null) needs.push([path, 0o004]);
  }
  for (const [path, bits] of needs) {
    const closed = closedOnTheWay(path, bits);
    if (closed !== null) {
      return `${path} cannot be reached by the bot's own user (uid ${uid}): ${closed} is closed to others. Jury runs as root without bubblewrap (JURY_SANDBOX=none), so each bot runs as a user of its own and sees the host's files as others do: open the way (chmod o+x on the folders, o+r on the files), run Jury as an ordinary user, or with bubblewrap`;
    }
  }
  return null;
}

/** The first folder on the way to `path` that others cannot pass, or `path` itself when it lacks `bits`. */
function closedOnTheWay(path: string, bits: number): string | null {
  const parts = dirname(path)
    .split('/')
    .filter((p) => p !== '');
  for (let i = 1; i <= parts.length; i++) {
    const dir = `/${parts.slice(0, i).join('/')}`;
    if (!hasBits(dir, 0o001)) return dir;
  }
  return hasBits(path, isFolder(path) ? 0o001 : bits) ? null : path;
}

/** Whether others have all of `bits` on `path` (true when it cannot be read: the start says why). */
function hasBits(path: string, bits: number): boolean {
  try {
    return (statSync(path).mode & bits) === bits;
  } catch {
    return true;
  }
}
