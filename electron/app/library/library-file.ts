import { join } from 'node:path';
import { z } from 'zod';
import { libraryBotSchema } from '../../../shared/ipc/app-schemas.ts';
import { gameIdSchema } from '../../../shared/ipc/schemas.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { readJsonFile, writeJsonFileAtomic } from '../json-file.ts';

/** A bot of the library as the UI sees it. */
export type LibraryBot = z.output<typeof libraryBotSchema>;

/** The library file's name inside the workspace. */
export const LIBRARY_FILE = 'library.json';

/**
 * A bot as library.json keeps it. The status the UI sees is derived: `missing` from the last look at the
 * file, `build-failed` from the last build, so a source file that comes back after being missing shows
 * its build's state again rather than a stale `missing`.
 */
export const storedBotSchema = libraryBotSchema.omit({ status: true, game: true, smoke: true }).extend({
  /**
   * The game's id as stored, read without the registry: a game package's id stays while its package is
   * not loaded (its folder moved or removed), and the library still opens; the bot is shown without a
   * game then, and tied to it again once the package is back.
   */
  game: z.string().nullable(),
  smoke: z.object({ game: z.string(), passed: z.boolean(), at: z.string() }).optional(),
  /** The last build of a source bot failed (see `buildLog`). */
  buildFailed: z.boolean(),
  /** The file was gone at the last look. */
  missing: z.boolean(),
});

/** One bot in library.json. */
export type StoredBot = z.output<typeof storedBotSchema>;

const libraryFileSchema = z.strictObject({ version: z.literal(1), bots: z.array(storedBotSchema) });

/** The bot as the UI sees it. */
export function toLibraryBot(bot: StoredBot): LibraryBot {
  const { buildFailed, missing, game, smoke, ...rest } = bot;
  const known = (id: string | null | undefined): GameId | null => {
    const parsed = gameIdSchema.safeParse(id);
    return parsed.success ? parsed.data : null;
  };
  const smokeGame = known(smoke?.game);
  return {
    ...rest,
    game: known(game),
    ...(smoke && smokeGame !== null ? { smoke: { ...smoke, game: smokeGame } } : {}),
    status: missing ? 'missing' : buildFailed ? 'build-failed' : 'ready',
  };
}

/** The path of the library file of `workspace`. */
export function libraryPath(workspace: string): string {
  return join(workspace, LIBRARY_FILE);
}

/** Reads the library (empty when there is no file yet); a damaged file is an error naming the field. */
export async function readLibrary(path: string): Promise<StoredBot[]> {
  const file = await readJsonFile(path, libraryFileSchema, { version: 1, bots: [] });
  return file.bots;
}

/** Writes the library atomically. */
export function writeLibrary(path: string, bots: readonly StoredBot[]): Promise<void> {
  return writeJsonFileAtomic(path, { version: 1, bots });
}
