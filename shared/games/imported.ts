import type { GameFacts, GameId, RegisteredGameId } from './types.ts';

/**
 * The game of an event imported from CodeCup's published result file (`jury import codecup`). The file
 * does not name its game, and Jury need not know its rules: an imported event only has results. Its game
 * is therefore one of a family of pure facts, one per player count (`codecup-import-2`, …): players
 * numbered `Player 1` … `Player N` as CodeCup's file names the seats, each on its own, higher score wins.
 * The registry accepts these ids everywhere a game id is checked, but lists none of them among the games
 * (no picker offers a game that cannot be played), and they have no module: nothing plays or replays them.
 */

/** What every imported game's id starts with; no registered game may take such an id. */
export const IMPORTED_ID_PREFIX = 'codecup-import-';

/** The most players an imported game may have (as many as a game package: caiaio's MAXPLAYERS). */
export const IMPORTED_MAX_PLAYERS = 32;

/** The players of an imported game id, or null when `id` is not one. */
export function importedPlayers(id: string): number | null {
  if (!id.startsWith(IMPORTED_ID_PREFIX)) return null;
  const rest = id.slice(IMPORTED_ID_PREFIX.length);
  if (!/^[1-9]\d?$/.test(rest)) return null;
  const n = Number(rest);
  return n <= IMPORTED_MAX_PLAYERS ? n : null;
}

/** Whether `id` is an imported game's id. */
export function isImportedGameId(id: string): boolean {
  return importedPlayers(id) !== null;
}

/** The id of the imported game with `players` players (1 to {@link IMPORTED_MAX_PLAYERS}). */
export function importedGameId(players: number): GameId {
  return `${IMPORTED_ID_PREFIX}${players}` as RegisteredGameId;
}

/** CodeCup's name of a seat in its result file: `Player 1`, `Player 2`, … (seat from 0). */
export function codecupSeatName(seat: number): string {
  return `Player ${seat + 1}`;
}

/**
 * The facts of an imported game, or undefined when `id` is not one. Its time control is a placeholder
 * (the file holds no times): every imported seat has 0 time charged.
 */
export function importedGameFacts(id: string): GameFacts | undefined {
  const players = importedPlayers(id);
  if (players === null) return undefined;
  return {
    id: id as RegisteredGameId,
    // A name, like every game's title, so the app shows it as it is in every language.
    title: `CodeCup ×${players}`,
    seats: players,
    seatNames: Array.from({ length: players }, (_, seat) => codecupSeatName(seat)),
    teams: Array.from({ length: players }, (_, seat) => [seat]),
    cooperative: false,
    timeControl: { kind: 'game-total', budgetMs: 1 },
    hasBoard: false,
    scoreRange: { min: Number.MIN_SAFE_INTEGER, max: null },
    rulesVersion: "imported from CodeCup's published result file: results only, no moves",
  };
}
