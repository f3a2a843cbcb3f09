import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The variable the desktop app's bundled engine sets to the folder of its bundled thread scripts. */
export const THREAD_DIR_VARIABLE = 'JURY_THREAD_DIR';

/**
 * The script of one of `jury serve`'s threads: the TypeScript file beside this one when Jury runs from
 * source (`jury serve`), or its bundle (out/main/<name>.js, build/build-main.ts) in the desktop app,
 * whose engine names that folder in {@link THREAD_DIR_VARIABLE}. The name is put together at run time so
 * the bundler does not take the source file for an asset to copy.
 */
export function threadFile(name: 'server-thread' | 'reader-thread'): URL {
  const bundled = process.env[THREAD_DIR_VARIABLE];
  if (bundled) return pathToFileURL(join(bundled, `${name}.js`));
  const source = './' + name + '.ts';
  return new URL(source, import.meta.url);
}
