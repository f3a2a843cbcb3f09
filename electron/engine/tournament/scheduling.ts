import { findGame, gameInfo } from '../../../shared/games/registry.ts';
import { deriveSeed } from '../../../shared/random/prng.ts';
import type { FormatConfig } from '../../../shared/tournament/formats/index.ts';
import type { Participant, ScheduleContext } from '../../../shared/tournament/types.ts';
import type { TournamentConfig } from './config.ts';

// What the schedulers (shared/tournament/formats/) take from a tournament config.

/** The schedulers' context for a config: the game, the participants, the seed, and where boards come from. */
export function scheduleContext(
  config: TournamentConfig,
  seed: number,
  participants: readonly Participant[],
): ScheduleContext {
  // A game package has no module, and no boards.
  const game = findGame(config.game);
  return {
    game: config.game,
    seats: gameInfo(config.game).seats,
    participants,
    seed,
    // Fixed boards are used in turn; otherwise every board index has its own generated board.
    boardFor: (i) =>
      config.boards
        ? (config.boards[i % config.boards.length] ?? null)
        : (game?.generateBoard(deriveSeed(seed, 'board', i)) ?? null),
  };
}

/**
 * The format settings of a config as the schedulers take them: bot names (challengers, seeding ratings)
 * become participant ids.
 */
export function formatOf(config: TournamentConfig, participants: readonly Participant[]): FormatConfig {
  const idOf = (name: string): string => participants.find((p) => p.name === name)?.id ?? name;
  const s = config.schedule;
  switch (s.kind) {
    case 'gauntlet':
      return { ...s, challengers: s.challengers.map(idOf) };
    case 'knockout': {
      const { ratings, ...rest } = s;
      return ratings
        ? { ...rest, ratings: Object.fromEntries(Object.entries(ratings).map(([n, r]) => [idOf(n), r])) }
        : rest;
    }
    default:
      return s;
  }
}
