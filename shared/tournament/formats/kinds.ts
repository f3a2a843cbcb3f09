/**
 * The tournament formats: their ids, their names in the engine's English messages, and the one rule of
 * which games each can seat. The schedulers in this folder are the truth for that rule: round robin and
 * knockout pair two players; groups seat any group of k ≥ 3 (for k = 2 round robin already plays every
 * pair in both seat orders); Swiss and gauntlet seat any k. The config file's check
 * (electron/engine/tournament/config.ts), {@link validateFormat}, an event's final (shared/event/settings.ts)
 * and the app's form (renderer/logic/draft.ts, draft-issues.ts) all ask {@link seatProblem} /
 * {@link fitsSeats}, so they cannot disagree; the same for {@link cooperativeProblem}, except the config
 * file's check, which also reads stored events (`validateFormat` asks it for `jury run` and the app).
 */

/** Every format, in the order the form offers them (the usual choice for a game first). */
export const FORMAT_KINDS = ['round-robin', 'groups', 'swiss', 'knockout', 'gauntlet'] as const;

/** One of {@link FORMAT_KINDS}. */
export type FormatKind = (typeof FORMAT_KINDS)[number];

/** Each format's name in the engine's English sentences (the app translates by the format's id). */
export const FORMAT_NAMES: Readonly<Record<FormatKind, string>> = {
  'round-robin': 'round robin',
  groups: 'groups',
  swiss: 'Swiss',
  knockout: 'knockout',
  gauntlet: 'gauntlet',
};

/**
 * Which games a format can seat: `two-player` only games of exactly 2 seats, `multi-player` only games
 * of 3 or more seats, `any` every game.
 */
export type SeatRule = 'two-player' | 'multi-player' | 'any';

/** Each format's {@link SeatRule}, as its scheduler needs it. */
export const FORMAT_SEATS: Readonly<Record<FormatKind, SeatRule>> = {
  'round-robin': 'two-player',
  groups: 'multi-player',
  swiss: 'any',
  knockout: 'two-player',
  gauntlet: 'any',
};

/** Whether format `kind` can schedule a game with `seats` seats. */
export function fitsSeats(kind: FormatKind, seats: number): boolean {
  switch (FORMAT_SEATS[kind]) {
    case 'two-player':
      return seats === 2;
    case 'multi-player':
      return seats >= 3;
    case 'any':
      return true;
  }
}

/** The formats that fit a game with `seats` seats, in {@link FORMAT_KINDS} order (the usual choice first). */
export function formatsFor(seats: number): FormatKind[] {
  return FORMAT_KINDS.filter((kind) => fitsSeats(kind, seats));
}

/**
 * Why format `kind` cannot schedule a game with `seats` seats, in one English sentence naming `game`
 * (its title, or "this game" when the caller has none), or null when it can. Every check of a format
 * against a game's seats goes through this one sentence (the app's form shows its own translation of
 * the same rule, keyed by the {@link SeatRule}).
 */
export function seatProblem(kind: FormatKind, seats: number, game = 'this game'): string | null {
  if (fitsSeats(kind, seats)) return null;
  const name = FORMAT_NAMES[kind];
  return FORMAT_SEATS[kind] === 'two-player'
    ? `${name} is for 2-player games; ${game} has ${seats} seats (use groups)`
    : `${name} are for games of 3 or more players; ${game} has ${seats} seats (use round robin)`;
}

/**
 * Formats whose matches must be won: a knockout sends the winner of each match on. A game in which both
 * players always get the same score (a cooperative game, {@link FormatGame.cooperative}: 6561,
 * docs/rules/6561.md) ties every match, so its seeding alone would decide the event.
 */
export const FORMAT_NEEDS_WINNER: Readonly<Record<FormatKind, boolean>> = {
  'round-robin': false,
  groups: false,
  swiss: false,
  knockout: true,
  gauntlet: false,
};

/** The facts of a game that decide which formats can play it (its registration's `GameFacts`). */
export interface FormatGame {
  readonly seats: number;
  /** Both players always get the same score: no game can tell two bots apart. */
  readonly cooperative: boolean;
}

/** Why format `kind` cannot play `game` at all, or null when it can: its seats, or a match no one wins. */
export type FormatMisfit = 'seats' | 'cooperative';

/** What keeps format `kind` from playing `game`, or null: the seat rule first, then a match's winner. */
export function formatMisfit(kind: FormatKind, game: FormatGame): FormatMisfit | null {
  if (!fitsSeats(kind, game.seats)) return 'seats';
  if (FORMAT_NEEDS_WINNER[kind] && game.cooperative) return 'cooperative';
  return null;
}

/** The formats that can play `game`, in {@link FORMAT_KINDS} order (the usual choice first). */
export function formatsForGame(game: FormatGame): FormatKind[] {
  return FORMAT_KINDS.filter((kind) => formatMisfit(kind, game) === null);
}

/**
 * Why format `kind` cannot play a cooperative game, in one English sentence naming `game` (its title),
 * or null when it can; the app's form says the same rule in its own words.
 */
export function cooperativeProblem(
  kind: FormatKind,
  cooperative: boolean,
  game = 'this game',
): string | null {
  if (!FORMAT_NEEDS_WINNER[kind] || !cooperative) return null;
  return `${FORMAT_NAMES[kind]} needs matches that someone wins, but in ${game} both players always get the same score, so seeding alone would decide every match (use round robin or Swiss)`;
}
