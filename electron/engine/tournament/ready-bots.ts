import { join } from 'node:path';
import type { Participant } from '../../../shared/tournament/types.ts';
import { prepareBot } from '../bots/build.ts';
import type { MatchBot } from '../play-match.ts';
import { participantIds, type TournamentConfig } from './config.ts';
import { engineDriver, type EngineGameDriver } from '../games/driver.ts';
import { RunRefusal } from './run-store.ts';

/** A participant ready to play: its id and name, and how to start it. */
export interface ReadyBot extends Participant {
  readonly bot: MatchBot;
}

/**
 * Makes every bot of a config ready (its game first: {@link readyGame}): sample bots by strength (started by the program running Jury, see
 * {@link sampleMatchBot}), programs as given, single source files built with their language preset into
 * `buildDir` (one folder per participant). Fails with the first bot that cannot be prepared, naming it
 * (a missing compiler, a failed build with the compiler's output, a missing program).
 */
export async function prepareBots(
  config: TournamentConfig,
  baseDir: string,
  buildDir: string,
): Promise<ReadyBot[]> {
  const driver = await readyGame(config);
  const ids = participantIds(config.bots.map((b) => b.name));
  const ready: ReadyBot[] = [];
  for (const [i, def] of config.bots.entries()) {
    const id = ids[i] as string;
    if ('sample' in def) {
      const bot = driver.sampleBot(def.sample, def.name);
      if (!bot) throw new Error(`bots.${i}: no sample ${def.sample} for ${driver.game.facts.title}`);
      ready.push({ id, name: def.name, bot });
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
 * Makes the config's game playable in this process ({@link EngineGameDriver.ready}: a game package whose
 * stored config registered only its facts is loaded from its folder), refused with `game` when it cannot be.
 */
export async function readyGame(config: TournamentConfig): Promise<EngineGameDriver> {
  const driver = engineDriver(config.game);
  const ready = await driver.ready();
  if (!ready.ok) throw new RunRefusal('game', ready.error.message);
  return driver;
}

/** The bots by participant id, as a game player takes them. */
export function botsById(bots: readonly ReadyBot[]): Map<string, MatchBot> {
  return new Map(bots.map((b) => [b.id, b.bot]));
}
