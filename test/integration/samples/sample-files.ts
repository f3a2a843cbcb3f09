import type { GameId } from '../../../shared/games/types.ts';
import { samplesOf } from '../../../electron/engine/bots/samples/index.ts';

/** How to run a sample bot with Node, by game and strength: the sample script and the sample's id. */
export function sampleCommand(game: GameId, strength: 'random' | 'greedy'): readonly string[] {
  const bot = samplesOf(game).find((b) => b.strength === strength);
  if (!bot) throw new Error(`no ${strength} sample bot for ${game}`);
  return [bot.file, bot.id];
}

/** The checks every complete game between sample bot processes must pass. */
export const cleanExit = { code: 0, signal: null };
