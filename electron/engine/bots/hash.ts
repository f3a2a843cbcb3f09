import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/**
 * The SHA-256 of a file's content as lowercase hex, streamed (executables can be large). Rejects when
 * the file cannot be read; the caller decides whether that is an error or "no hash".
 */
export function sha256File(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('hex')));
  });
}

/**
 * One SHA-256 over several files, as lowercase hex: each file's path as given and the hash of its content
 * (by `hashFile`), in the order given, so a changed, added, removed or renamed file changes it. Rejects
 * when a file cannot be read.
 */
export async function sha256Files(
  paths: readonly string[],
  hashFile: (path: string) => Promise<string> = sha256File,
): Promise<string> {
  const all = createHash('sha256');
  for (const path of paths) all.update(`${path}\0${await hashFile(path)}\n`);
  return all.digest('hex');
}

/** Interpreters whose first file argument, not the interpreter itself, is what identifies a bot. */
export const INTERPRETERS =
  /^(node|nodejs|python[0-9.]*|pypy[0-9.]*|ruby|perl|php|bash|sh|java|deno|bun)(\.exe)?$/;

/**
 * The file whose content identifies a bot version, for the record's executable hash: the program
 * itself, or, when the program is an interpreter (`node bot.js`, `python3 bot.py`, `java -jar bot.jar`),
 * the first argument that names an existing file (relative to `cwd`). `executable` should be the
 * resolved path of the program.
 */
export function identityFile(executable: string, args: readonly string[], cwd: string): string {
  if (!INTERPRETERS.test(basename(executable))) return executable;
  for (const arg of args) {
    if (arg.startsWith('-')) continue;
    const path = resolve(cwd, arg);
    try {
      if (statSync(path).isFile()) return path;
    } catch {
      // Not a file: a class name, a flag's value; keep looking.
    }
  }
  return executable;
}
