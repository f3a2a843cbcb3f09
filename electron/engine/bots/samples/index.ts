import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  builtInGameIds,
  byBuiltInGame,
  findRegistration,
  isBuiltInGameId,
  registrationOf,
  type BuiltInGameId,
} from '../../../../shared/games/registry.ts';
import type { SampleSpec, SampleStrength } from '../../../../shared/games/registration.ts';
import type { GameId } from '../../../../shared/games/types.ts';

/**
 * The sample bots that ship with Jury: for every game a random legal player and a stronger greedy one,
 * declared by the game's registration (shared/games/<id>/samples/). They are all started through one
 * Node script, `sample-bot.ts <sample-id> [--seed N]`, that speaks the game's exact protocol on standard
 * input and output. They let a new user run a tournament in one click, serve as smoke-test opponents, and
 * are examples for contestants. Start one with {@link ./launch.ts}'s `sampleLaunch`.
 */
export interface SampleBot {
  /** Stable id, unique over all games, such as `less-greedy`: the script's first argument. */
  readonly id: string;
  /** Display name, such as `Less greedy (sample)`. */
  readonly name: string;
  readonly game: GameId;
  /** `random`: a random legal player; `greedy`: the stronger one, which beats it clearly on average. */
  readonly strength: SampleStrength;
  /** What it does, in one sentence, for the UI. */
  readonly description: string;
  /** Absolute path of the script that runs every sample bot (sample-bot.ts); its content is hashed. */
  readonly file: string;
}

/** The file name of the one script that runs every sample bot. */
export const SAMPLE_SCRIPT = 'sample-bot.ts';

/**
 * The folder holding the sample bots' script: `JURY_SAMPLES_DIR` when set, else this module's own
 * folder. The desktop app sets the variable because its engine runs from a bundle (out/main/host.js)
 * far from these files, which it ships as plain files (resources/sample-bots/ once packaged).
 */
export function samplesFolder(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const folder = env['JURY_SAMPLES_DIR'];
  // From the module's path rather than `new URL('.', import.meta.url)`: the global URL may be a DOM's
  // (component tests), which Node's fileURLToPath does not take.
  return folder !== undefined && folder !== '' ? folder : `${dirname(fileURLToPath(import.meta.url))}${sep}`;
}

const script = join(samplesFolder(), SAMPLE_SCRIPT);

/** The id of the sample of `game` with this strength, such as `less-greedy`. */
export function sampleId(game: GameId, strength: SampleStrength): string {
  return `${game}-${strength}`;
}

function sampleBot(game: GameId, spec: SampleSpec): SampleBot {
  return {
    id: sampleId(game, spec.strength),
    name: `${registrationOf(game).module.info.title} ${spec.strength} (sample)`,
    game,
    strength: spec.strength,
    description: spec.description,
    file: script,
  };
}

/**
 * The sample bots of `game`, the random player first. Games added with `registerGame` have none here:
 * the sample script runs in a process of its own, which knows only the built-in games.
 */
export function samplesOf(game: GameId): readonly SampleBot[] {
  return isBuiltInGameId(game) ? sampleBots[game] : [];
}

/** The sample bots of every built-in game, the random player first. */
export const sampleBots: Readonly<Record<BuiltInGameId, readonly SampleBot[]>> = byBuiltInGame((game) =>
  registrationOf(game).samples.map((spec) => sampleBot(game, spec)),
);

/** Every sample bot, game by game in the order of the UI. */
export const allSampleBots: readonly SampleBot[] = builtInGameIds.flatMap((game) => sampleBots[game]);

/** The sample bot with this id, or `undefined`. */
export function findSampleBot(id: string): SampleBot | undefined {
  return allSampleBots.find((bot) => bot.id === id);
}

/**
 * The protocol session of the sample bot with this id (what the sample script runs), found through the
 * game's registration, or `undefined` when Jury has no such sample.
 */
export function findSampleSpec(id: string): SampleSpec | undefined {
  const bot = findSampleBot(id);
  return bot && findRegistration(bot.game)?.samples.find((spec) => spec.strength === bot.strength);
}
