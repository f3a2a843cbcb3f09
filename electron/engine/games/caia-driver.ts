import type { GameDriver } from '../../../shared/games/driver.ts';
import type { PackageGame } from '../../../shared/games/packages/game.ts';
import { ok } from '../../../shared/games/result.ts';
import { ensurePackage, loadedPackage } from '../packages/admit.ts';
import type { GamePackage } from '../packages/load.ts';
import { DEFAULT_REFEREE_LOG, playPackageMatch } from '../packages/play-package.ts';
import type { MatchBot } from '../play-match.ts';
import type { EngineGameDriver } from './driver.ts';

/**
 * The engine's driver of a game package: its referee program is hosted as CodeCup's caiaio hosts it
 * (packages/play-package.ts), its sample players are the manifest's commands, run from the package folder.
 * Everything but `ready` needs the package loaded in this process (`ready` does that).
 */
export function caiaDriver(game: GameDriver, facts: PackageGame): EngineGameDriver {
  const loaded = (): GamePackage => {
    const pkg = loadedPackage(game.id);
    if (!pkg) throw new Error(`the game package ${facts.title} has not been loaded in this process`);
    return pkg;
  };
  const sampleBot = (sample: string, name?: string): MatchBot | undefined => {
    const pkg = loaded();
    const found = pkg.samples.find((s) => s.name === sample);
    return (
      found && { name: name ?? found.name, command: [...found.command], cwd: pkg.folder, folder: pkg.folder }
    );
  };
  return {
    game,
    ready: async () => {
      const pkg = await ensurePackage(facts);
      return pkg.ok ? ok(undefined) : pkg;
    },
    play: (one, launcher) => {
      const pkg = loaded();
      return playPackageMatch(
        {
          pkg,
          bots: one.bots,
          seed: one.seed,
          timing: one.timing,
          ...(one.budgetMs === undefined ? {} : { budgetMs: one.budgetMs }),
          ...(one.graceMs === undefined ? {} : { graceMs: one.graceMs }),
          limits: one.limits,
          ...(one.cpus === undefined ? {} : { cpus: one.cpus }),
          ...(one.hidden ? { hidden: one.hidden } : {}),
          keepLog: one.keepLog ? one.keepLog(pkg.log?.file ?? DEFAULT_REFEREE_LOG) : null,
          ...(one.onCaiaEvent ? { onEvent: one.onCaiaEvent } : {}),
          ...(one.signal ? { signal: one.signal } : {}),
        },
        launcher,
      );
    },
    sampleBot,
    sampleIds: () => loaded().samples.map((s) => s.name),
    sparringBots: (count) => {
      if (count === 0) return [];
      const sample = loaded().samples[0];
      if (sample === undefined) {
        throw new Error(`${facts.title} names no sample player to test against (samples in jury-game.json)`);
      }
      return Array.from(
        { length: count },
        (_, i) => sampleBot(sample.name, count > 1 ? `${sample.name} ${i + 1}` : sample.name) as MatchBot,
      );
    },
    addSamples: async (shelf) => {
      for (const sample of loaded().samples) {
        const name = `${facts.title} ${sample.name}`;
        await shelf.addProgram({ name, command: sample.command, game: game.id });
      }
    },
  };
}
