import { gameDriver, type GameDriver } from '../../../shared/games/driver.ts';
import type { InputError, Result } from '../../../shared/games/result.ts';
import type { GameId } from '../../../shared/games/types.ts';
import type { TimingMode } from '../../../shared/timing/modes.ts';
import type { CaiaEvent } from '../caia/types.ts';
import type { Launcher, MatchBot, ResourceLimits } from '../play-match.ts';
import type { GameRecord } from '../record/schema.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import { caiaDriver } from './caia-driver.ts';
import { moduleDriver } from './module-driver.ts';

/** One game to play, whoever referees it: the bots in seat order and how they are run and timed. */
export interface OneGame {
  /** One bot per seat (a package's player k is `bots[k - 1]`). */
  readonly bots: readonly MatchBot[];
  readonly seed: number;
  /** A given board (games played on boards). */
  readonly board?: string;
  readonly timing: TimingMode;
  /** Each seat's budget per game instead of the game's own. */
  readonly budgetMs?: number;
  readonly graceMs?: number;
  readonly limits: ResourceLimits;
  /** The cores the game's programs are pinned to, null for none; absent: see `MatchRequest.cpus`. */
  readonly cpus?: readonly number[] | null;
  /** Files no program may read (the tournament store). */
  readonly hidden?: readonly string[];
  /** Where to keep a referee's log of that file name after the game; absent: it is not kept. */
  readonly keepLog?: (file: string) => string;
  /** Jury's referee's events (a module game's moves and states). */
  readonly onEvent?: (event: RefereeEvent) => void;
  /** A referee program's events (a package game's protocol transcript). */
  readonly onCaiaEvent?: (event: CaiaEvent) => void;
  /** Aborting ends the game at once; its record must be thrown away. */
  readonly signal?: AbortSignal;
}

/** Where a game's sample programs are added for the user to pick (the app's bot library). */
export interface SampleShelf {
  /** Adds Jury's own sample bots of `game` (run by the one sample script), those not there yet. */
  addScriptSamples(game: GameId): Promise<void>;
  /** Adds a program for `game` as `name`, unless one with that command is there already. */
  addProgram(program: {
    readonly name: string;
    readonly command: readonly string[];
    readonly game: GameId;
  }): Promise<void>;
}

/**
 * What the engine does with a game, the same for every kind of referee ({@link GameDriver}'s `referee`):
 * everything that plays, tests or offers sample bots asks this and never which kind a game is.
 */
export interface EngineGameDriver {
  readonly game: GameDriver;
  /**
   * Makes the game playable in this process (a game package is loaded again from its folder when this
   * process has not loaded it). Call it before anything below; the error says why the game cannot be played.
   */
  ready(): Promise<Result<void, InputError>>;
  /** Plays one game to its record (see {@link OneGame}); throws only when it cannot be started at all. */
  play(game: OneGame, launcher: Launcher): Promise<GameRecord>;
  /**
   * The sample `sample` (a name from the driver's `samples`; a built-in sample's id too) as a bot called
   * `name` (default: the sample's own name), or undefined when the game has no such sample.
   */
  sampleBot(sample: string, name?: string): MatchBot | undefined;
  /** The samples {@link sampleBot} takes, for a message naming them. */
  sampleIds(): readonly string[];
  /** The `count` opponents a smoke test plays against; throws when the game has no sample to offer. */
  sparringBots(count: number): MatchBot[];
  /** Puts the game's sample programs on `shelf`. */
  addSamples(shelf: SampleShelf): Promise<void>;
}

/**
 * The engine's driver of a checked game id: the one switch over the kinds of referee. A new kind of
 * referee is a new member of `GameReferee` and one case here; the compiler asks for it.
 */
export function engineDriver(id: GameId): EngineGameDriver {
  const game = gameDriver(id);
  const { referee } = game;
  switch (referee.kind) {
    case 'module':
      return moduleDriver(game, referee.module);
    case 'caia':
      return caiaDriver(game, referee.package);
    case 'none':
      return unplayable(game);
  }
}

/** An imported event's game: it has results only. */
function unplayable(game: GameDriver): EngineGameDriver {
  const why = `${game.facts.title} comes from an imported result file: Jury cannot play it`;
  const refuse = (): never => {
    throw new Error(why);
  };
  return {
    game,
    ready: () => Promise.resolve({ ok: false, error: { code: 'not-playable', message: why } }),
    play: refuse,
    sampleBot: () => undefined,
    sampleIds: () => [],
    sparringBots: refuse,
    addSamples: () => Promise.resolve(),
  };
}
