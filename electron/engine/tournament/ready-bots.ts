import { join } from 'node:path';
import type { Participant } from '../../../shared/tournament/types.ts';
import { prepareBot } from '../bots/build.ts';
import { findGameSample, sampleMatchBot } from '../bots/sample-match-bot.ts';
import type { MatchBot } from '../play-match.ts';
import { participantIds, type TournamentConfig } from './config.ts';
import { findPackageGame } from '../../../shared/games/registry.ts';
import { ensurePackage, loadedPackage } from '../packages/admit.ts';
import { RunRefusal } from './run-store.ts';

/** A participant ready to play: its id and name, and how to start it. */
export interface ReadyBot extends Participant {
  readonly bot: MatchBot;
}

/**
 * Makes every bot of a config ready (a game package's first: {@link readyPackage}): sample bots by strength (started by the program running Jury, see
 * {@link sampleMatchBot}), programs as given, single source files built with their language preset into
 * `buildDir` (one folder per participant). Fails with the first bot that cannot be prepared, naming it
 * (a missing compiler, a failed build with the compiler's output, a missing program).
 */
export async function prepareBots(
  config: TournamentConfig,
  baseDir: string,
  buildDir: string,
): Promise<ReadyBot[]> {
  await readyPackage(config);
  const ids = participantIds(config.bots.map((b) => b.name));
  const ready: ReadyBot[] = [];
  for (const [i, def] of config.bots.entries()) {
    const id = ids[i] as string;
    if ('sample' in def && isPackageConfig(config)) {
      ready.push({ id, name: def.name, bot: packageSampleBot(config, def.sample, def.name, i) });
      continue;
    }
    if ('sample' in def) {
      const sample = findGameSample(config.game, def.sample);
      if (!sample) throw new Error(`bots.${i}: no ${def.sample} sample bot for ${config.game}`);
      ready.push({ id, name: def.name, bot: sampleMatchBot(sample, def.name) });
      continue;
    }
    const prepared = await prepareBot(def, { baseDir, buildDir: join(buildDir, id) });
    if (!prepared.ok) {
      const output = prepared.error.output ? `\n${prepared.error.output.trimEnd()}` : '';
      throw new Error(`bots.${i} (${def.name}): ${prepared.error.message}${output}`);
    }
    const { launch } = prepared.value;
    ready.push({
      id,
      name: def.name,
      bot: {
        name: def.name,
        command: [launch.executable, ...launch.args],
        cwd: launch.cwd,
        ...(launch.env ? { env: launch.env } : {}),
      },
    });
  }
  return ready;
}

/**
 * Loads the config's game package in this process when it names one (a stored config registered only
 * its facts), refused with `game` when the package cannot be loaded from its folder any more.
 */
export async function readyPackage(config: TournamentConfig): Promise<void> {
  if (!isPackageConfig(config)) return;
  const pkg = await ensurePackage(config.game);
  if (!pkg.ok) throw new RunRefusal('game', pkg.error.message);
}

function isPackageConfig(config: TournamentConfig): boolean {
  return findPackageGame(config.game) !== undefined;
}

/**
 * A game package's sample player (the manifest's `samples`) as a match bot: its command as the loader
 * resolved it, run from the package folder, which it sees read-only.
 */
function packageSampleBot(config: TournamentConfig, sample: string, name: string, i: number): MatchBot {
  const pkg = loadedPackage(config.game);
  const found = pkg?.samples.find((s) => s.name === sample);
  if (!pkg || !found) throw new Error(`bots.${i}: no sample player ${sample} in the game package`);
  return { name, command: [...found.command], cwd: pkg.folder, folder: pkg.folder };
}

/** The bots by participant id, as a game player takes them. */
export function botsById(bots: readonly ReadyBot[]): Map<string, MatchBot> {
  return new Map(bots.map((b) => [b.id, b.bot]));
}
