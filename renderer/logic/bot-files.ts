import {
  LANGUAGE_IDS,
  LANGUAGE_INFO,
  languageOfExtension,
  type LanguageId,
} from '../../shared/bots/languages.ts';
import type { GameId } from '../../shared/games/types.ts';

/**
 * Pure helpers of the bot library screen: the language of a dropped or typed source file, a short form
 * of a program's hash, "3 minutes ago" texts and the games a bot may be smoke-tested on.
 */

/** A language a single source file can be built from (shared/bots/languages.ts, the one list). */
export type BotLanguage = LanguageId;

/** Every language, in the order the language select offers them. */
export const botLanguages: readonly BotLanguage[] = LANGUAGE_IDS;

/** The names people know the languages by (the same in English and Dutch). */
export const languageLabels: Readonly<Record<BotLanguage, string>> = Object.fromEntries(
  LANGUAGE_IDS.map((id) => [id, LANGUAGE_INFO[id].name]),
) as Record<BotLanguage, string>;

/** The last part of a path, for `/` and `\` separators alike. */
export function fileName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/** The language of a source file by its extension (`bot.CPP` → `cpp`), or null for anything else. */
export function languageFromPath(path: string): BotLanguage | null {
  const name = fileName(path.trim());
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return languageOfExtension(name.slice(dot + 1));
}

/** The first 12 hex digits of a hash (as `git` abbreviates); an em dash when there is none. */
export function shortHash(hash: string | null, length = 12): string {
  if (!hash) return '—';
  return hash.length <= length ? hash : hash.slice(0, length);
}

const units: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "5 minutes ago" / "5 minuten geleden" for an ISO time, relative to `now`, in the largest whole unit;
 * null for a missing or unreadable time. Anything under ten seconds (or slightly in the future, from
 * clock skew) reads as "now".
 */
export function relativeTime(iso: string | null, now: number, locale: string): string | null {
  if (!iso) return null;
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return null;
  const seconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 10) return format.format(0, 'second');
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

/**
 * The games a bot can be smoke-tested on: a sample bot only its own game, the user's programs every
 * game (in the order given), its own game first when it is tied to one.
 */
export function smokeTestGames(
  bot: { readonly game: GameId | null; readonly kind?: string },
  all: readonly GameId[],
): GameId[] {
  if (bot.game === null) return [...all];
  if (bot.kind === 'sample' || bot.kind === undefined) return [bot.game];
  return [bot.game, ...all.filter((g) => g !== bot.game)];
}

/** The file name of a game package's manifest. */
export const PACKAGE_MANIFEST = 'jury-game.json';

/**
 * Whether a dropped file adds a game package rather than a bot: its manifest (jury-game.json). A folder
 * dropped on the game packages panel is always taken as a package (the panel passes `always`).
 */
export function isPackageDrop(file: { readonly name: string }, path: string, always = false): boolean {
  return always || file.name === PACKAGE_MANIFEST || fileName(path) === PACKAGE_MANIFEST;
}
