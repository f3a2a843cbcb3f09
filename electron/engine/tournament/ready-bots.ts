import { join } from 'node:path';
import type { Participant } from '../../../shared/tournament/types.ts';
import { prepareBot } from '../bots/build.ts';
import { findGameSample, sampleMatchBot } from '../bots/sample-match-bot.ts';
import type { MatchBot } from '../play-match.ts';
import { participantIds, type TournamentConfig } from './config.ts';

/** A participant ready to play: its id and name, and how to start it. */
export interface ReadyBot extends Participant {
  readonly bot: MatchBot;
}

/**
 * Makes every bot of a config ready: sample bots by strength (started by the program running Jury, see
 * {@link sampleMatchBot}), programs as given, single source files built with their language preset into
 * `buildDir` (one folder per participant). Fails with the first bot that cannot be prepared, naming it
 * (a missing compiler, a failed build with the compiler's output, a missing program).
 */
export async function prepareBots(
  config: TournamentConfig,
  baseDir: string,
  buildDir: string,
): Promise<ReadyBot[]> {
  const ids = participantIds(config.bots.map((b) => b.name));
  const ready: ReadyBot[] = [];
  for (const [i, def] of config.bots.entries()) {
    const id = ids[i] as string;
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

/** The bots by participant id, as a game player takes them. */
export function botsById(bots: readonly ReadyBot[]): Map<string, MatchBot> {
  return new Map(bots.map((b) => [b.id, b.bot]));
}
