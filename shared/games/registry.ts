import type { GameRegistration } from './registration.ts';
import { inputError, ok, type InputError, type Result } from './result.ts';
import type { AnyGameModule, GameFacts, GameId, RegisteredGameId } from './types.ts';
// Zod-free, like everything the registry imports: the sample bots' script runs it in a sandbox that
// shows only Jury's sources.
import { looksLikePackageId, packageGameFacts, type PackageGame } from './packages/game.ts';
import { importedGameFacts, isImportedGameId, IMPORTED_ID_PREFIX } from './imported.ts';
import { lessRegistration } from './less/registration.ts';
import { moreRegistration } from './more/registration.ts';
import { registration6561 } from './6561/registration.ts';
import { flitRegistration } from './flit/registration.ts';

/**
 * The one list of the games built into Jury, in the order the UI offers them. Adding a game is one folder
 * under shared/games/ (its module, samples and `registration.ts`) plus one line here. Everything else
 * derives from this list: the {@link BuiltInGameId} type, every schema that accepts a game id, the
 * titles, seat counts and sample bots, and the pickers of the UI.
 */
const BUILT_IN = [
  ['less', lessRegistration],
  ['more', moreRegistration],
  ['6561', registration6561],
  ['flit', flitRegistration],
] as const;

/**
 * The id of a game built into Jury. Per-game data every built-in game must have (a board component, a
 * colour table) is typed `Record<BuiltInGameId, X>`, so the compiler refuses a table that misses one;
 * everything else takes a {@link GameId}, which also admits games added with {@link registerGame}.
 */
export type BuiltInGameId = (typeof BUILT_IN)[number][0];

/** The built-in games' ids, in the order the UI lists them. */
export const builtInGameIds: readonly BuiltInGameId[] = BUILT_IN.map(([id]) => id);

const builtIn: ReadonlyMap<string, GameRegistration> = new Map<string, GameRegistration>(BUILT_IN);
const registered = new Map<string, GameRegistration>();
const packages = new Map<string, PackageGame>();
const allIds: GameId[] = [...builtInGameIds];

/**
 * The built-in games' modules, by id. For any {@link GameId} (a registered game too) use
 * {@link gameModule}; this record is for code that names a built-in game.
 */
export const games: Readonly<Record<BuiltInGameId, AnyGameModule>> = byBuiltInGame(
  (id) => registrationOf(id).module,
);

/**
 * A record with one entry per built-in game, made by `make`: for per-game data derived from the
 * registrations (typed `Record<BuiltInGameId, X>`, like a hand-written table the compiler checks).
 */
export function byBuiltInGame<X>(make: (id: BuiltInGameId) => X): Readonly<Record<BuiltInGameId, X>> {
  const out = {} as Record<BuiltInGameId, X>;
  for (const id of builtInGameIds) out[id] = make(id);
  return out;
}

/** The game the first-start demo plays and a new tournament's form starts with. */
export const defaultGameId: BuiltInGameId = 'less';

/**
 * Every game id, built-in games first in UI order, then registered games and game packages in the order
 * they were registered. The array is live: {@link registerGame} and {@link registerPackageGame} append.
 */
export const gameIds: readonly GameId[] = allIds;

/** The registration of the game `id`, or `undefined` when there is none. */
export function findRegistration(id: string): GameRegistration | undefined {
  return builtIn.get(id) ?? registered.get(id);
}

/**
 * Whether `id` names a built-in or registered game, a registered game package, or the game of an event
 * imported from CodeCup's result file (imported.ts; never listed in {@link gameIds}).
 */
export function isGameId(id: string): id is GameId {
  return findRegistration(id) !== undefined || packages.has(id) || isImportedGameId(id);
}

/** Whether `id` names a built-in game. */
export function isBuiltInGameId(id: string): id is BuiltInGameId {
  return builtIn.has(id);
}

/** The game module for `id`, or `undefined` when there is none. */
export function findGame(id: string): AnyGameModule | undefined {
  return findRegistration(id)?.module;
}

/**
 * The registration of a game whose id has been checked (a {@link GameId} comes from the registry's
 * checks: {@link isGameId}, the schemas, {@link registerGame}). Throws only for an id that was declared
 * with {@link externalGameId} but never registered, which is a programming error.
 */
export function registrationOf(id: GameId): GameRegistration {
  const registration = findRegistration(id);
  if (registration === undefined && packages.has(id)) {
    throw new Error(`the game "${id}" is a game package: it has no game module (ask findPackageGame first)`);
  }
  if (registration === undefined) throw new Error(`the game "${id}" was never registered`);
  return registration;
}

/**
 * The module of a game whose id has been checked (see {@link registrationOf}). A game package has none
 * (its referee program knows the rules): callers that may meet one ask {@link findPackageGame} first.
 */
export function gameModule(id: GameId): AnyGameModule {
  return registrationOf(id).module;
}

/** The facts of a checked game, with a module or from a package (see {@link GameFacts}). */
export function gameInfo(id: GameId): GameFacts {
  const imported = importedGameFacts(id);
  if (imported !== undefined) return imported;
  const pkg = packages.get(id);
  return pkg === undefined ? registrationOf(id).module.info : packageGameFacts(pkg);
}

/** The facts of the game `id`, or `undefined` when there is none (an id from a file, say). */
export function findGameInfo(id: string): GameFacts | undefined {
  return isGameId(id) ? gameInfo(id) : undefined;
}

/** What a game id looks like: lower-case letters and digits, with inner hyphens; at most 32 characters. */
const ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/**
 * The id a game defined outside shared/games/ (a test game, a game package) puts in its module's
 * `info.id`. This only converts the type: {@link registerGame} checks the id and makes every schema and
 * lookup accept it.
 */
export function externalGameId(id: string): GameId {
  return id as RegisteredGameId;
}

/**
 * Adds a game defined outside shared/games/ at run time, so that its id is accepted everywhere a built-in
 * one is: the schemas of configs, records and the IPC contract, the store, the standings, the UI's board
 * (drawn as text by its `render`). Call it before anything reads a config or store of that game. Fails
 * when the id is malformed or taken by another game; registering the same registration again is
 * harmless. The game lives as long as the process: there is no way to remove it.
 */
export function registerGame(registration: GameRegistration): Result<GameId, InputError> {
  const id = registration.module.info.id;
  const existing = findRegistration(id);
  if (existing === registration) return ok(id);
  if (existing !== undefined || packages.has(id))
    return inputError('game-id-taken', `another game has the id "${id}"`);
  if (looksLikePackageId(id)) {
    return inputError('bad-game-id', `the ids of game packages start with "pkg-": "${id}" is not one`);
  }
  if (id.startsWith(IMPORTED_ID_PREFIX)) {
    return inputError('bad-game-id', `ids starting with "${IMPORTED_ID_PREFIX}" are imported events' games`);
  }
  if (!ID_PATTERN.test(id)) {
    return inputError(
      'bad-game-id',
      `a game id is 1 to 32 lower-case letters, digits and inner hyphens, not ${JSON.stringify(id)}`,
    );
  }
  registered.set(id, registration);
  allIds.push(id);
  return ok(id);
}

/**
 * Adds a game package (pure data: see {@link PackageGame}) so that its id is accepted everywhere a game
 * id is: configs, records, stores, standings, the IPC contract. Each process that meets the package's
 * id registers it: the engine when it loads a package or a config that names one, main and the renderer
 * from the engine's games list. The same package again (its folder) replaces the facts, so a changed
 * manifest is taken up; another package with the same id is refused, as is an id not made by
 * `packageGameId`.
 */
export function registerPackageGame(game: PackageGame): Result<GameId, InputError> {
  if (!looksLikePackageId(game.id) || !ID_PATTERN.test(game.id)) {
    return inputError(
      'bad-game-id',
      `a game package's id is "pkg-" and its name, not ${JSON.stringify(game.id)}`,
    );
  }
  const existing = packages.get(game.id);
  if (existing !== undefined && existing.folder !== game.folder) {
    return inputError(
      'game-id-taken',
      `another game package named "${existing.title}" (${existing.folder}) is loaded already; rename one of them`,
    );
  }
  if (existing === undefined) allIds.push(game.id);
  packages.set(game.id, game);
  return ok(game.id);
}

/** The game package `id`, or `undefined` when `id` is not a registered package (a module game, say). */
export function findPackageGame(id: string): PackageGame | undefined {
  return packages.get(id);
}

/** Every registered game package, in the order they were registered (the app lists them). */
export function packageGames(): readonly PackageGame[] {
  return [...packages.values()];
}
