import type { GameFacts, GameId } from '../types.ts';

/**
 * A game package as every part of Jury knows it: pure data (the registry, configs, the IPC contract, the
 * UI). The engine keeps the checked package itself, with its files' paths (electron/engine/packages/).
 * A package game has no game module: Jury does not know its rules, its referee program does. No zod
 * here: the registry imports this file, and the sample bots' script runs the registry where only its
 * sources are (the schema is in game-schema.ts).
 */
export interface PackageGame {
  /** `pkg-<name>` ({@link PACKAGE_ID_PREFIX}): never a built-in game's id. */
  readonly id: GameId;
  /** The manifest's `name`. */
  readonly title: string;
  /** Players per game (1 to 32); the referee numbers them 1 … players. */
  readonly players: number;
  /** Each player's time budget per game in ms, before the time factor. */
  readonly budgetMs: number;
  /** caiaio's time factor (cpu_speed): budgets are multiplied by it. */
  readonly timeFactor: number;
  readonly protocol: 'caia';
  /** The names of its sample players, in the manifest's order (`sample:<name>` as a bot). */
  readonly samples: readonly string[];
  /** The referee's log or HTML replay worth showing, when the manifest names one. */
  readonly log: { readonly file: string; readonly kind: 'text' | 'html' } | null;
  /** The package folder it was loaded from (absolute). */
  readonly folder: string;
}

/** Players per game: 1 to 32, as in caiaio (MAXPLAYERS). */
export const PACKAGE_PLAYERS = { min: 1, max: 32 } as const;

/** What every package game's id starts with, so that no package can take a built-in game's id. */
export const PACKAGE_ID_PREFIX = 'pkg-';

/** Whether `id` has the form of a package game's id (registered or not). */
export function looksLikePackageId(id: string): boolean {
  return id.startsWith(PACKAGE_ID_PREFIX) && id.length > PACKAGE_ID_PREFIX.length;
}

/**
 * The game id of a package named `gameName`: {@link PACKAGE_ID_PREFIX} and the name in lower-case
 * letters, digits and inner hyphens (`CodeCup 2023: Entropy!` → `pkg-codecup-2023-entropy`), at most 32
 * characters in all as every game id; `pkg-game` when the name has no letter or digit. Two packages of
 * the same name get the same id: the registry then refuses the second (see `registerPackageGame`).
 */
export function packageGameId(gameName: string): string {
  const slug = gameName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32 - PACKAGE_ID_PREFIX.length)
    .replace(/-+$/, '');
  return `${PACKAGE_ID_PREFIX}${slug === '' ? 'game' : slug}`;
}

/**
 * The facts of a package game in the registry's terms, for standings, exports and the UI: its players
 * are `player 1` … `player N` (as the referee numbers them), each on its own, with the package's budget
 * per game; it has no boards and any whole score.
 */
export function packageGameFacts(game: PackageGame): GameFacts {
  return {
    id: game.id,
    title: game.title,
    seats: game.players,
    seatNames: Array.from({ length: game.players }, (_, i) => `player ${i + 1}`),
    teams: Array.from({ length: game.players }, (_, i) => [i]),
    cooperative: false,
    timeControl: { kind: 'game-total', budgetMs: game.budgetMs },
    hasBoard: false,
    scoreRange: { min: Number.MIN_SAFE_INTEGER, max: null },
    rulesVersion: `${game.title}: the rules of its game package's referee (Caia protocol)`,
  };
}
