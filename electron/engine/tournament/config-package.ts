import { externalGameId, registerPackageGame } from '../../../shared/games/registry.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { packageGameSchema } from '../../../shared/games/packages/game-schema.ts';
import { loadPackageGame, packageFacts, packagePath } from '../packages/admit.ts';

/**
 * A tournament config whose game is a game package. In the config file `game` is the package's folder,
 * relative to the file (`"game": "../toy"`); {@link resolveConfigGame} loads the package and writes the
 * config as Jury keeps it: `game` its id (`pkg-toy`) and `package` its facts, with the absolute folder.
 * A stored config therefore names its package wherever it is read, and {@link admitConfigPackage}
 * registers it from those facts alone, so standings and exports work without the package at hand.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Registers the package a config names in its `package` field (a stored config, or a config the app
 * sends), so that its `game` passes the game id check. A malformed `package` is left for the config's
 * schema to name. Never throws.
 */
export function admitConfigPackage(input: unknown): Result<void, InputError> {
  if (!isObject(input) || input['package'] === undefined) return ok(undefined);
  const parsed = packageGameSchema.safeParse(input['package']);
  if (!parsed.success) return ok(undefined);
  const registered = registerPackageGame({ ...parsed.data, id: externalGameId(parsed.data.id) });
  return registered.ok
    ? ok(undefined)
    : err({ code: 'invalid-config', message: `package: ${registered.error.message}` });
}

/**
 * A config file's JSON with its game resolved: when `game` names a package folder (a path, relative to
 * `baseDir`, the file's folder), the package is loaded and registered and the config gets its id and
 * facts; any other `game` is left for the schema to check. A package that cannot be loaded fails with
 * `game: ` and every problem the loader found. A config file may not write `package` itself.
 */
export async function resolveConfigGame(
  json: unknown,
  baseDir: string,
): Promise<Result<unknown, InputError>> {
  if (!isObject(json)) return ok(json);
  if (json['package'] !== undefined) {
    return err({
      code: 'invalid-config',
      message: 'package: Jury writes this field itself; name the game package folder in "game" instead',
    });
  }
  const game = json['game'];
  const path = typeof game === 'string' ? packagePath(game, baseDir) : null;
  if (path === null) return ok(json);
  const loaded = await loadPackageGame(path);
  if (!loaded.ok) return err({ code: loaded.error.code, message: `game: ${loaded.error.message}` });
  return ok({ ...json, game: loaded.value.id, package: packageFacts(loaded.value.pkg) });
}
