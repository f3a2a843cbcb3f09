/**
 * The tournament formats: their ids, their names in the engine's English messages, and the one rule of
 * which games each can seat. The schedulers in this folder are the truth for that rule: round robin and
 * knockout pair two players; groups seat any group of k ≥ 3 (for k = 2 round robin already plays every
 * pair in both seat orders); Swiss and gauntlet seat any k. The config file's check
 * (electron/engine/tournament/config.ts), {@link validateFormat} and the app's form (renderer/logic/draft.ts,
 * draft-issues.ts) all ask {@link seatProblem} / {@link fitsSeats}, so they cannot disagree.
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
