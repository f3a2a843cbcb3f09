import type { GameId } from '../../../shared/games/types.ts';
import type { MatchBot } from '../play-match.ts';
import { samplesOf, type SampleBot } from './samples/index.ts';
import { sampleLaunch } from './samples/launch.ts';

/**
 * The sample bot of `game` that `wanted` names: by its id (`less-greedy`) or by its strength (`greedy`,
 * as tournament configs and `--bot sample:greedy` name it). Undefined when `game` has none of that name,
 * also for a sample of another game; the caller says which names there are.
 */
export function findGameSample(game: GameId, wanted: string): SampleBot | undefined {
  const samples = samplesOf(game);
  return samples.find((s) => s.id === wanted) ?? samples.find((s) => s.strength === wanted);
}

/**
 * A sample bot as a match bot called `name`, started the one way samples are started ({@link sampleLaunch}:
 * the program running Jury, the sources it may read, and inside Electron the variable that makes it Node).
 */
export function sampleMatchBot(sample: SampleBot, name: string): MatchBot {
  const launch = sampleLaunch(sample);
  return {
    name,
    command: launch.command,
    paths: launch.paths,
    identity: launch.identity,
    ...(launch.env ? { env: launch.env } : {}),
  };
}
