import type { Scheduler } from '../types.ts';
import { allGroupsCount, groups, seatOrders, type GroupsSettings, type SeatOrders } from './groups.ts';
import { gauntlet, type GauntletSettings } from './gauntlet.ts';
import { knockout, type KnockoutSettings } from './knockout.ts';
import { roundRobin, type RoundRobinSettings } from './round-robin.ts';
import { swiss, type SwissSettings } from './swiss.ts';
import { FORMAT_NAMES, cooperativeProblem, seatProblem, type FormatKind } from './kinds.ts';

export type { SeatOrders } from './groups.ts';
export { gameCountsEqual } from './game-counts.ts';
export { roundTables } from './groups.ts';
export {
  FORMAT_KINDS,
  FORMAT_NAMES,
  FORMAT_NEEDS_WINNER,
  FORMAT_SEATS,
  cooperativeProblem,
  fitsSeats,
  formatMisfit,
  formatsFor,
  formatsForGame,
  seatProblem,
  type FormatGame,
  type FormatMisfit,
  type FormatKind,
  type SeatRule,
} from './kinds.ts';

/** Each format's settings, by its kind (a kind of {@link FORMAT_KINDS} missing here fails to compile). */
interface FormatSettings {
  readonly 'round-robin': RoundRobinSettings;
  readonly groups: GroupsSettings;
  readonly swiss: SwissSettings;
  readonly knockout: KnockoutSettings;
  readonly gauntlet: GauntletSettings;
}

/** A tournament format and its settings, as a tournament config names it. */
export type FormatConfig = { [K in FormatKind]: { readonly kind: K } & FormatSettings[K] }[FormatKind];

/** The scheduler for a format. Validate the config first with {@link validateFormat}. */
export function schedulerFor(config: FormatConfig): Scheduler {
  switch (config.kind) {
    case 'round-robin':
      return roundRobin(config);
    case 'groups':
      return groups(config);
    case 'swiss':
      return swiss(config);
    case 'knockout':
      return knockout(config);
    case 'gauntlet':
      return gauntlet(config);
  }
}

/** More games than this from one all-groups plan is certainly a mistake in the config. */
const MAX_PLANNED_GAMES = 1_000_000;

function count(value: number, what: string, min: number): string | null {
  return Number.isInteger(value) && value >= min
    ? null
    : `${what} must be a whole number of at least ${min}, got ${value}`;
}

function allGroups(n: number, seats: number, orders: SeatOrders, what: string): string | null {
  const games = allGroupsCount(n, seats, seatOrders(seats, orders).length);
  return games > MAX_PLANNED_GAMES
    ? `${what} would be ${games} games (every group of ${seats} among ${n}); use fewer players or rotations`
    : null;
}

/** Options of {@link validateFormat}. */
export interface ValidateFormatOptions {
  /**
   * The event is stored already (a run resumes it): the rules that came after events could be stored
   * without them (no more finalists than players, no rating of a bot not in the field) are left out, so
   * an event accepted then is still played to its end. Its config cannot change any more.
   */
  readonly stored?: boolean;
  /**
   * The game's facts (`gameInfo(id)`): a format whose matches must be won is refused for a cooperative
   * game ({@link cooperativeProblem}), unless the event is stored. Without them, that is not checked.
   */
  readonly game?: { readonly title: string; readonly cooperative: boolean };
}

/**
 * Why a format cannot run with this game and field, in one sentence for the organiser, or null when it
 * can. `participantIds`, when given, lets it check that the gauntlet's challengers and the knockout's
 * rated bots exist.
 */
export function validateFormat(
  config: FormatConfig,
  seats: number,
  participantCount: number,
  participantIds?: readonly string[],
  options: ValidateFormatOptions = {},
): string | null {
  const strict = options.stored !== true;
  const name = FORMAT_NAMES[config.kind];
  const seatsWrong = seatProblem(config.kind, seats);
  if (seatsWrong) return seatsWrong;
  const game = options.game;
  const noWinner = strict && game ? cooperativeProblem(config.kind, game.cooperative, game.title) : null;
  if (noWinner) return noWinner;
  if (participantCount < seats)
    return `${name} needs at least ${seats} players for a ${seats}-seat game; there are ${participantCount}`;
  switch (config.kind) {
    case 'round-robin':
      return count(config.repeats, 'repeats', 1);
    case 'groups':
      if (config.mode === 'all-groups')
        return allGroups(participantCount, seats, config.permutations, 'all-groups');
      return count(config.rounds, 'rounds', 1);
    case 'swiss':
      return (
        count(config.swissRounds, 'swissRounds', 1) ??
        count(config.finalists, 'finalists', seats) ??
        (strict && config.finalists > participantCount
          ? `${config.finalists} finalists, but there are only ${participantCount} players; give at most ${participantCount} finalists`
          : null) ??
        (seats === 2
          ? null
          : allGroups(Math.min(config.finalists, participantCount), seats, config.permutations, 'the final'))
      );
    case 'knockout': {
      // Ratings are by participant id; a name the config gives that is no bot's stays as it was given.
      const unrated = strict && Object.keys(config.ratings ?? {}).find((id) => !participantIds?.includes(id));
      if (participantIds && unrated)
        return `ratings name ${JSON.stringify(unrated)}, who is not a participant`;
      return count(config.gamesPerMatch, 'gamesPerMatch', 1);
    }
    case 'gauntlet': {
      const challengers = new Set(config.challengers);
      if (challengers.size === 0) return 'a gauntlet needs at least one challenger';
      if (challengers.size !== config.challengers.length) return 'a challenger is listed twice';
      const unknown = participantIds && config.challengers.find((id) => !participantIds.includes(id));
      if (unknown) return `challenger "${unknown}" is not a participant`;
      const field = participantCount - challengers.size;
      if (field < seats - 1)
        return `a gauntlet needs at least ${seats - 1} other players besides the challengers; there are ${field}`;
      return count(config.repeats, 'repeats', 1);
    }
  }
}
