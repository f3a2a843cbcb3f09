import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The variable the desktop app's bundled engine sets to the folder of its bundled thread scripts. */
export const THREAD_DIR_VARIABLE = 'JURY_THREAD_DIR';

/** Each thread's script from source, relative to this file; bundled, `<name>.js` (build/build-main.ts). */
const SOURCES = {
  'server-thread': '../serve/server-thread',
  'reader-thread': '../serve/reader-thread',
  'game-thread': './tournament/game-thread-script',
} as const;

/** The worker threads Jury starts. */
export type ThreadName = keyof typeof SOURCES;

/**
 * The script of one of Jury's worker threads (`jury serve`'s server and reader, the engine's game
 * thread): the TypeScript file when Jury runs from source, or its bundle (out/main/<name>.js,
 * build/build-main.ts) in the desktop app, whose engine names that folder in {@link THREAD_DIR_VARIABLE}.
 * The path is put together at run time so the bundler does not take the source file for an asset to copy.
 */
export function threadFile(name: ThreadName): URL {
  const bundled = process.env[THREAD_DIR_VARIABLE];
  if (bundled) return pathToFileURL(join(bundled, `${name}.js`));
  return new URL(SOURCES[name] + '.ts', import.meta.url);
}
