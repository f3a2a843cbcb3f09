import type { GameId } from '../../../shared/games/types.ts';
import type { LibraryBot } from '../library/library-file.ts';
import { ensurePackage } from '../../engine/packages/admit.ts';
import type { BotLibrary } from '../library/bot-library.ts';

/**
 * `bots.addSamples` for a game package: each sample player its manifest names becomes a program in the
 * library ("<game> <sample>", its command's first word as the program and the rest as arguments), unless
 * a bot with that program and those arguments is there already. A sample whose command does not start
 * with a file of the package (`python3 player.py`) is added as that command as well: its program is the
 * interpreter the launcher finds. Each is tied to the package's game.
 */
export async function addPackageSamples(library: BotLibrary, game: GameId): Promise<LibraryBot[]> {
  const pkg = await ensurePackage(game);
  if (!pkg.ok) throw new Error(pkg.error.message);
  for (const sample of pkg.value.samples) {
    const [program, ...args] = sample.command;
    if (program === undefined) continue;
    const same = (b: LibraryBot): boolean =>
      b.path === program && JSON.stringify(b.args) === JSON.stringify(args);
    if (!(await library.list()).some(same)) {
      await library.add({ path: program, args, name: `${pkg.value.manifest.name} ${sample.name}` });
    }
    // A package's sample plays that package's game: offered in its picker only.
    const added = (await library.list()).find(same);
    if (added && added.game === null) await library.setGame(added.id, game);
  }
  return library.list();
}
