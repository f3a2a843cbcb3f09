import { chmod, readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../engine/atomic-file.ts';
import type { z } from 'zod';

/**
 * The app's small JSON files (settings, presets, the bot library): read with a schema, written
 * atomically. A file that exists but cannot be read or does not fit its schema is an error naming the
 * file and the bad field, never a silent reset: the user's settings and library must not vanish because
 * of one typo made by hand.
 */

/**
 * Reads `path` as JSON checked by `schema`. A missing file gives `fallback`; an unreadable file, a file
 * that is not JSON or one that does not fit the schema throws an Error that names the file and every bad
 * field (`settings.json: defaults.graceMs: Too big: …`).
 */
export async function readJsonFile<T>(path: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fallback;
    throw new Error(`cannot read ${path}: ${code ?? (e as Error).message}`, { cause: e });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${path} is not valid JSON (${(e as Error).message}); fix or remove the file`, {
      cause: e,
    });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(the whole file)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`${path} has invalid content: ${fields}; fix or remove the file`);
}

/**
 * Writes `value` as JSON to `path` so that a crash or power cut leaves either the old or the new file,
 * never half of one (see {@link writeFileAtomic}). Creates the folder when missing. With `mode` (0o600
 * for a file that holds a password), the file has that mode whatever the umask or the old file's.
 */
export async function writeJsonFileAtomic(
  path: string,
  value: unknown,
  options: { readonly mode?: number } = {},
): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, options);
}

/**
 * Makes `path` readable and writable by its owner only (0600) when others may read it: a file an older
 * Jury wrote world-readable. A missing file is left missing; a file whose mode cannot be changed (another
 * owner) is left as it is, and its next write replaces it with a private one. Not on Windows, whose
 * files have no such mode.
 */
export async function keepOwnerOnly(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  } catch {
    // Missing, or not ours to change: see above.
  }
}

/**
 * Runs writes one after another in the order they were asked for, so that two quick changes never race
 * and the file always ends with the latest state. A failed write rejects its own caller only.
 */
export class WriteQueue {
  #last: Promise<unknown> = Promise.resolve();

  /** Queues `write`; resolves or rejects with it. */
  run<T>(write: () => Promise<T>): Promise<T> {
    const next = this.#last.then(write, write);
    this.#last = next.catch(() => undefined);
    return next;
  }
}
