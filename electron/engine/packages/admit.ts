import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { externalGameId, isGameId, registerPackageGame } from '../../../shared/games/registry.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import type { GameId } from '../../../shared/games/types.ts';
import { packageGameId, type PackageGame } from '../../../shared/games/packages/game.ts';
import { loadGamePackage, type GamePackage } from './load.ts';

/**
 * The engine's side of registering game packages: the registry (shared/) knows a package's pure facts;
 * the engine also keeps the checked {@link GamePackage} with its files' paths, which the game player
 * needs to start the referee. Every process that plays a package loads it here first.
 */

const loaded = new Map<string, GamePackage>();

/** A loaded package's facts for the registry (pure data: see {@link PackageGame}). */
export function packageFacts(pkg: GamePackage): PackageGame {
  return {
    id: externalGameId(packageGameId(pkg.manifest.name)),
    title: pkg.manifest.name,
    players: pkg.manifest.players,
    budgetMs: pkg.manifest.budgetMs,
    timeFactor: pkg.timeFactor,
    protocol: pkg.referee.protocol,
    samples: pkg.samples.map((s) => s.name),
    log: pkg.log,
    folder: pkg.folder,
  };
}

/**
 * Registers a loaded package (its facts in the registry, the package itself here) and answers its game
 * id. Fails when another package of the same name, from another folder, is registered already.
 */
export function admitPackage(pkg: GamePackage): Result<GameId, InputError> {
  const registered = registerPackageGame(packageFacts(pkg));
  if (registered.ok) loaded.set(registered.value, pkg);
  return registered;
}

/** Loads the package in `path` ({@link loadGamePackage}) and registers it ({@link admitPackage}). */
export async function loadPackageGame(
  path: string,
): Promise<Result<{ readonly id: GameId; readonly pkg: GamePackage }, InputError>> {
  const pkg = await loadGamePackage(path);
  if (!pkg.ok) return pkg;
  const id = admitPackage(pkg.value);
  return id.ok ? ok({ id: id.value, pkg: pkg.value }) : id;
}

/** The loaded package of game `id`, or undefined when this process has not loaded it (see {@link ensurePackage}). */
export function loadedPackage(id: GameId): GamePackage | undefined {
  return loaded.get(id);
}

/**
 * The package of the registered package game `facts`, loaded from its folder when this process has not
 * loaded it yet (a stored tournament's config registered only its facts). Fails when the folder no longer
 * holds a valid package, or holds another game (another name or number of players) than the one registered.
 * Callers go through the game's engine driver (engine/games/caia-driver.ts).
 */
export async function ensurePackage(facts: PackageGame): Promise<Result<GamePackage, InputError>> {
  const id = facts.id;
  const have = loaded.get(id);
  if (have !== undefined) return ok(have);
  const pkg = await loadGamePackage(facts.folder);
  if (!pkg.ok) {
    return err({
      code: pkg.error.code,
      message: `the game package ${facts.title} cannot be loaded again from ${facts.folder}: ${pkg.error.message}`,
    });
  }
  const now = packageFacts(pkg.value);
  if (now.id !== id || now.players !== facts.players) {
    return err({
      code: 'package-changed',
      message: `${facts.folder} now holds ${now.title} for ${now.players} players, not ${facts.title} for ${facts.players}`,
    });
  }
  const again = admitPackage(pkg.value);
  return again.ok ? ok(pkg.value) : again;
}

/**
 * Whether `game` (a config's `game`, `jury play`'s first argument) names a game package rather than a
 * game id: it is not a registered id and looks like a path (`./toy`, `toy/jury-game.json`, an absolute
 * path) or names a folder or file relative to `baseDir`.
 */
export function packagePath(game: string, baseDir: string): string | null {
  if (isGameId(game) || game === '') return null;
  const looksLikePath = isAbsolute(game) || game.includes('/') || game.startsWith('.');
  return looksLikePath || existsSync(resolve(baseDir, game)) ? resolve(baseDir, game) : null;
}
