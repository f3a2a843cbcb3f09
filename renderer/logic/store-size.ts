import { findGameDriver } from '../../shared/games/driver.ts';
import { schedulerFor, validateFormat, type FormatConfig } from '../../shared/tournament/formats/index.ts';
import { buildDraft, type DraftForm } from './draft.ts';
import { formatNumber } from './numbers.ts';

/** From this size on the form warns that the tournament's file is large (1 GB, as disks are sold). */
export const LARGE_STORE_BYTES = 1e9;

/** How big a tournament's store will be, before it runs. */
export interface StoreSize {
  /** The games its format plans for the ticked bots (a knockout's: its estimate, deciders aside). */
  readonly games: number;
  /** About how many bytes one game adds (the game's `storedBytes`), or null when that is not known. */
  readonly perGame: number | null;
  /** `games` × `perGame`, or null. */
  readonly bytes: number | null;
  /** At least {@link LARGE_STORE_BYTES}. */
  readonly large: boolean;
}

/**
 * The expected size of the store of the tournament the form describes: the planned games (the format's
 * own scheduler's total, for the ticked bots) times the bytes one game of the chosen game adds to a
 * store (its registration's `storedBytes`, the one declared figure). Null when the format cannot run with
 * these bots and seats (the form shows why next to the fields). Call it only when the schedule, the bots
 * or the game change: a round robin's total builds its plan.
 */
export function storeSize(form: DraftForm, seats: number): StoreSize | null {
  // No names: the challengers stay library ids, as the participants below are.
  const schedule = buildDraft(form, []).schedule as FormatConfig;
  const ids = form.bots;
  if (validateFormat(schedule, seats, ids.length, ids) !== null) return null;
  const context = {
    game: form.game,
    seats,
    participants: ids.map((id) => ({ id, name: id })),
    seed: form.seed ?? 0,
    boardFor: () => null,
  };
  const games = schedulerFor(schedule).total(context, { scheduled: [], outcomes: new Map() });
  const perGame = findGameDriver(form.game)?.storedBytes ?? null;
  const bytes = perGame === null ? null : games * perGame;
  return { games, perGame, bytes, large: bytes !== null && bytes >= LARGE_STORE_BYTES };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in the user's language with a decimal unit, as disks are sold: `840 KB`, `1.2 GB`, `12 GB`. */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const decimals = unit > 0 && value < 9.95 ? 1 : 0;
  return `${formatNumber(value, decimals, locale)} ${UNITS[unit]}`;
}
