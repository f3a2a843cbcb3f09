import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { CaiaEvent } from '../caia/types.ts';
import type { MatchBot } from '../play-match.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import type { GameRecord } from '../record/schema.ts';
import type { TournamentConfig } from './config.ts';
import type { GameSlot } from './runner.ts';

/** One game for a {@link GameHost}: what {@link gamePlayer}'s player is made of. Plain data. */
export interface HostedGame {
  readonly config: TournamentConfig;
  /** The bots its seats name, by participant id. */
  readonly bots: readonly (readonly [string, MatchBot])[];
  readonly game: ScheduledGame;
  readonly slot: GameSlot | null;
  /** The tournament's store (hidden from the bots; a game package keeps its referee logs beside it). */
  readonly store: string | null;
  /** The cores there are to pin games to (null: all of this machine's). */
  readonly cores: number | null;
}

/** Plays whole games away from the caller's thread (see Launcher.games; the real one: game-thread.ts). */
export interface GameHost {
  /**
   * Plays `game` and answers its record; rejects as the player of the caller's thread would (a game
   * package's game that is void, an unknown participant) or when the host stopped. `onEvent` and
   * `onCaiaEvent` see the game's events in order, in batches, a little after they happened.
   */
  play(
    game: HostedGame,
    signal: AbortSignal,
    onEvent?: (event: RefereeEvent) => void,
    onCaiaEvent?: (event: CaiaEvent) => void,
  ): Promise<GameRecord>;
}
