import type { PackageGame } from './packages/game.ts';
import type { GameLength } from './registration.ts';
import {
  findPackageGame,
  findRegistration,
  gameInfo,
  isBuiltInGameId,
  isGameId,
  type BuiltInGameId,
} from './registry.ts';
import type { AnyGameModule, GameFacts, GameId } from './types.ts';

/**
 * Who referees a game's games:
 * - `module`: Jury's own referee with the game's module (a built-in game, or one added with `registerGame`);
 * - `caia`: a game package's referee program, hosted as CodeCup's caiaio hosts it;
 * - `none`: nobody: an imported event's game has results only (imported.ts).
 * A new kind of referee is one more member here, one engine driver (electron/engine/games/) and its
 * registration; everything else asks the {@link GameDriver}.
 */
export type GameReferee =
  | { readonly kind: 'module'; readonly module: AnyGameModule }
  | { readonly kind: 'caia'; readonly package: PackageGame }
  | { readonly kind: 'none' };

/**
 * How a live view draws a state of the game: `board` with the built-in game's own board component,
 * `text` as its module's text picture, `transcript` as the protocol transcript of a referee program
 * (with the referee's log worth showing, if any), `none` when there is no state to draw.
 */
export type GameView =
  | { readonly kind: 'board'; readonly game: BuiltInGameId }
  | { readonly kind: 'text' }
  | { readonly kind: 'transcript'; readonly logFile: string | null }
  | { readonly kind: 'none' };

/**
 * Everything Jury's views, schemas and engine ask of a game, whoever referees it: the one place that tells
 * a module game from a game package (see {@link gameDriver}). What plays a game is the engine's driver
 * of the same referee kind (electron/engine/games/).
 */
export interface GameDriver {
  readonly id: GameId;
  readonly facts: GameFacts;
  readonly referee: GameReferee;
  /** Jury's module of the game when Jury knows its rules (replays, the text picture), else null. */
  readonly module: AnyGameModule | null;
  /** The names a config's `{ "sample": … }` bot may take, in the order the UI offers them. */
  readonly samples: readonly string[];
  /** Whether remote workers can play it (they know the built-in games only). */
  readonly remote: boolean;
  readonly view: GameView;
  /** Its length in turns, for a game whose clocks do not show how far it is (Flit), else null. */
  readonly length: GameLength | null;
  /** About how many bytes one game adds to a tournament's store (see GameRegistration), or null. */
  readonly storedBytes: number | null;
  /**
   * What a config of this game carries so that any process can register the game again: a game
   * package's facts (the config's `package` field), nothing for a game every process knows.
   */
  readonly carried: { readonly package?: PackageGame };
}

/** The driver of a checked game id (see `registrationOf` for what may throw). */
export function gameDriver(id: GameId): GameDriver {
  const pkg = findPackageGame(id);
  if (pkg !== undefined) return packageDriver(id, pkg);
  const registration = findRegistration(id);
  if (registration === undefined) {
    // An imported event's game: facts only (gameInfo throws for an id nobody registered).
    return {
      ...base(id, gameInfo(id)),
      referee: { kind: 'none' },
      view: { kind: 'none' },
    };
  }
  const { module } = registration;
  return {
    ...base(id, module.info),
    referee: { kind: 'module', module },
    module,
    samples: registration.samples.map((s) => s.strength),
    remote: isBuiltInGameId(id),
    view: isBuiltInGameId(id) ? { kind: 'board', game: id } : { kind: 'text' },
    length: registration.length ?? null,
    storedBytes: registration.storedBytes ?? null,
  };
}

/** The driver of `id`, or undefined when it names no game (an id from a file, say). */
export function findGameDriver(id: string): GameDriver | undefined {
  return isGameId(id) ? gameDriver(id) : undefined;
}

function packageDriver(id: GameId, pkg: PackageGame): GameDriver {
  return {
    ...base(id, gameInfo(id)),
    referee: { kind: 'caia', package: pkg },
    samples: pkg.samples,
    view: { kind: 'transcript', logFile: pkg.log?.file ?? null },
    carried: { package: { ...pkg, samples: [...pkg.samples] } },
  };
}

function base(id: GameId, facts: GameFacts): Omit<GameDriver, 'referee' | 'view'> {
  return {
    id,
    facts,
    module: null,
    samples: [],
    remote: false,
    length: null,
    storedBytes: null,
    carried: {},
  };
}
