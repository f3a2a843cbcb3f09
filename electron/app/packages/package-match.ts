import type { GamePackage } from '../../engine/packages/load.ts';
import type { MatchBot } from '../../engine/play-match.ts';

/** A bot of `match.play`: one of the package's sample players by name, or a command line. */
export type PackageMatchBot =
  { readonly sample: string } | { readonly name: string; readonly command: readonly string[] };

/**
 * The programs of `match.play` for a game package, one per player: a sample player (named as in its
 * jury-game.json) runs from the package folder as its manifest says; a command line runs as given. The
 * caller must have checked the number of bots. Throws, naming the samples there are, for an unknown one.
 */
export function packageMatchBots(pkg: GamePackage, bots: readonly PackageMatchBot[]): MatchBot[] {
  const title = pkg.manifest.name;
  return bots.map((b): MatchBot => {
    if ('command' in b) return { name: b.name, command: [...b.command] };
    const sample = pkg.samples.find((s) => s.name === b.sample);
    if (sample === undefined) {
      const names = pkg.samples.map((s) => s.name).join(', ');
      throw new Error(
        names === ''
          ? `${title} has no sample players (samples in its jury-game.json)`
          : `no sample player ${JSON.stringify(b.sample)} in ${title}; choose ${names}`,
      );
    }
    // More than one seat may take the same sample: each gets its own name, as the smoke test does.
    const same = bots.filter((o) => 'sample' in o && o.sample === b.sample).length;
    const nth = bots
      .slice(0, bots.indexOf(b) + 1)
      .filter((o) => 'sample' in o && o.sample === b.sample).length;
    return {
      name: same > 1 ? `${sample.name} ${nth}` : sample.name,
      command: [...sample.command],
      cwd: pkg.folder,
      folder: pkg.folder,
    };
  });
}
