import type { GameId } from '../../../shared/games/types.ts';
import { sampleBots } from '../../../electron/engine/bots/samples/index.ts';

/** The script of a sample bot, by game and strength. */
export function sampleFile(game: GameId, strength: 'random' | 'greedy'): string {
  const bot = sampleBots[game].find((b) => b.strength === strength);
  if (!bot) throw new Error(`no ${strength} sample bot for ${game}`);
  return bot.file;
}

/** The checks every complete game between sample bot processes must pass. */
export const cleanExit = { code: 0, signal: null };
