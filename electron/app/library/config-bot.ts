import { gameInfo } from '../../../shared/games/registry.ts';
import type { GameId } from '../../../shared/games/types.ts';
import type { BotDefinition } from '../../engine/bots/definition.ts';
import { findSampleBot } from '../../engine/bots/samples/index.ts';
import { botFolderOf } from './add-check.ts';
import { toLibraryBot, type LibraryBot, type StoredBot } from './library-file.ts';

/** A tournament config's `bots` entry: a program or source file, or the game's sample bot by strength. */
export type ConfigBot = BotDefinition | { name: string; sample: 'random' | 'greedy' };

/**
 * Why `bot` cannot play `game`, or null when it can: a sample bot plays its own game only, and one of the
 * user's programs tied to a game (by its smoke test, or by the organiser) plays that game only. A program
 * with no game yet may play anything (whether it speaks the protocol is what the smoke test is for).
 */
export function botGameProblem(bot: Pick<LibraryBot, 'name' | 'kind' | 'game'>, game: GameId): string | null {
  if (bot.game === null || bot.game === game) return null;
  const tied = gameInfo(bot.game).title;
  return bot.kind === 'sample'
    ? `${bot.name} is a sample bot of ${tied}; it cannot play ${gameInfo(game).title}`
    : `${bot.name} plays ${tied}; it cannot play ${gameInfo(game).title} (change its game on the Bots screen)`;
}

/**
 * The working folder of one of the user's programs: the one it was added with, or (a library written
 * before every program kept one) its own folder. Throws, naming the fix, when that is a system folder
 * (the folder of `/usr/bin/python3` was once taken for its script's).
 */
export function programFolder(bot: StoredBot): string {
  const folder = botFolderOf(bot.path, bot.args, bot.cwd);
  if ('problem' in folder) throw new Error(`${bot.name}: ${folder.problem}`);
  return folder.folder;
}

/**
 * The bot as a tournament config names it. A sample bot becomes `{ sample: strength }`, which the
 * tournament resolves to the sample of ITS game: so with `game` given, a sample of another game is
 * refused here (check {@link botGameProblem} first to show the reason next to the field).
 */
export function toConfigBot(bot: StoredBot, game?: GameId): ConfigBot {
  switch (bot.kind) {
    case 'sample': {
      const sample = findSampleBot(bot.path);
      if (!sample) throw new Error(`${bot.name}: this Jury has no sample bot ${JSON.stringify(bot.path)}`);
      const problem = game === undefined ? null : botGameProblem(toLibraryBot(bot), game);
      if (problem !== null) throw new Error(problem);
      return { name: bot.name, sample: sample.strength };
    }
    case 'program':
      return {
        name: bot.name,
        executable: bot.path,
        args: [...bot.args],
        cwd: programFolder(bot),
        ...(bot.env === undefined ? {} : { env: { ...bot.env } }),
      };
    case 'source': {
      if (bot.language === null) throw new Error(`${bot.name}: a source bot without a language`);
      return { name: bot.name, source: { file: bot.path, language: bot.language }, args: [...bot.args] };
    }
  }
}
