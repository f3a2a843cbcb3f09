import type { Seed } from '../random/prng.ts';
import type { GameTexts } from './message.ts';
import type { BotSession } from './sample-session.ts';
import type { AnyGameModule } from './types.ts';

/** How strong a sample bot is: `random` plays any legal move, `greedy` the one that looks best now. */
export type SampleStrength = 'random' | 'greedy';

/**
 * One sample bot of a game, as its registration declares it. Jury derives the rest: its id
 * (`<game>-<strength>`, such as `less-greedy`), its name (`Less greedy (sample)`) and how to start it
 * (electron/engine/bots/samples/).
 */
export interface SampleSpec {
  readonly strength: SampleStrength;
  /** What it does, in one English sentence, for the UI. */
  readonly description: string;
  /** A fresh protocol session for one game, its random choices seeded from `seed`. */
  session(seed: Seed): BotSession;
}

/**
 * Everything Jury needs to know about a game, in one value: a built-in game's folder exports one from its
 * `registration.ts` (listed once in registry.ts); a game defined elsewhere passes one to `registerGame`.
 */
export interface GameRegistration {
  /** The rules, protocol and rendering. Its `info.id` is the game's id everywhere. */
  readonly module: AnyGameModule;
  /**
   * The game's sample bots, the random player first (a built-in game has a random and a greedy one).
   * The sample bot processes can only start the samples of built-in games: their script runs in a
   * process of its own, which knows only the built-in registry.
   */
  readonly samples: readonly SampleSpec[];
  /**
   * The game's texts for people in English and Dutch (board captions, seat names), from its folder's
   * `texts.ts`; the renderer merges them under `game.<id>.`, so a new game's texts need no renderer
   * change. Every built-in game has them; a game without them is drawn with its seat names as written.
   */
  readonly texts?: GameTexts;
  /**
   * How long a game can be, in turns, for a game whose seat clocks say nothing about its end (a time
   * limit per move: Flit's 32,768 turns at 50 ms each). The live card shows how far a running game is.
   */
  readonly length?: GameLength;
  /**
   * About how many bytes one game adds to a tournament's store: its record as the store packs it, with
   * its result rows, for a game of the sample bots played through the judge (as `npm run bench`'s
   * `flit-record` part measures it for Flit). The new-tournament form multiplies it by the planned games
   * to say how big the tournament's file will be. Absent: not known (the form then says nothing of it).
   */
  readonly storedBytes?: number;
}

/** A game's length in turns and how many a stored state has taken (see {@link GameRegistration.length}). */
export interface GameLength {
  /** The most turns a game can take. */
  readonly turns: number;
  /** The turns taken in a state (its module's `toJson`), or null for a state that cannot be read. */
  turnsTaken(state: unknown): number | null;
}
