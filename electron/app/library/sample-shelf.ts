import type { GameId } from '../../../shared/games/types.ts';
import { engineDriver, type SampleShelf } from '../../engine/games/driver.ts';
import type { BotLibrary } from './bot-library.ts';
import type { LibraryBot } from './library-file.ts';

/**
 * `bots.addSamples`: the sample programs of `game` (every built-in game's when absent) join the library,
 * as the game's driver offers them: Jury's sample bots, or a game package's sample players, each a
 * program ("<game> <sample>": its command's first word as the program, the rest as arguments) tied to
 * the package's game. A program already there with that command is not added again.
 */
export async function addGameSamples(library: BotLibrary, game?: GameId): Promise<LibraryBot[]> {
  if (game === undefined) return library.addSamples();
  const driver = engineDriver(game);
  const ready = await driver.ready();
  if (!ready.ok) throw new Error(ready.error.message);
  await driver.addSamples(libraryShelf(library));
  return library.list();
}

function libraryShelf(library: BotLibrary): SampleShelf {
  return {
    addScriptSamples: async (game) => {
      await library.addSamples(game);
    },
    addProgram: async ({ name, command, game }) => {
      const [program, ...args] = command;
      if (program === undefined) return;
      const same = (b: LibraryBot): boolean =>
        b.path === program && JSON.stringify(b.args) === JSON.stringify(args);
      if (!(await library.list()).some(same)) await library.add({ path: program, args, name });
      // A package's sample plays that package's game: offered in its picker only.
      const added = (await library.list()).find(same);
      if (added && added.game === null) await library.setGame(added.id, game);
    },
  };
}
