import { randomInt } from 'node:crypto';
import type { CheckedRequest, Response } from '../../shared/ipc/contract.ts';
import { engineDriver, type EngineGameDriver } from '../engine/games/driver.ts';
import type { MatchBot } from '../engine/play-match.ts';
import type { TrackedLauncher } from './tournaments/tracked-launcher.ts';

/**
 * `match.play`: one game between sample bots (a built-in game's by id or strength, a game package's by
 * its manifest's name) and command lines, with the settings' limits, refereed by the game's driver (a
 * package's referee, as `jury play <folder>` does). Throws with a sentence for the user when the game or
 * a bot cannot be played.
 */
export async function playOne(
  request: CheckedRequest<'match.play'>,
  launcher: TrackedLauncher,
  defaults: { readonly graceMs: number; readonly memoryMiB: number | null },
): Promise<Response<'match.play'>> {
  const driver = engineDriver(request.game);
  const ready = await driver.ready();
  if (!ready.ok) throw new Error(ready.error.message);
  const { title, seats } = driver.game.facts;
  if (request.bots.length !== seats) {
    throw new Error(`${title} needs ${seats} bots, one per seat; got ${request.bots.length}`);
  }
  const bots = matchBots(driver, request.bots);
  // The real launcher says why a program cannot start; otherwise the game would only show an EXIT.
  for (const bot of launcher.check ? bots : []) {
    const problem = await launcher.check?.(bot);
    if (problem) throw new Error(`${bot.name}: ${problem}`);
  }
  const seed = request.seed ?? randomInt(0, 0xffffffff);
  const limits = { memoryMiB: defaults.memoryMiB, maxProcesses: 256, network: false };
  const record = await driver.play(
    { bots, seed, timing: request.timing, graceMs: defaults.graceMs, limits },
    launcher,
  );
  return {
    game: request.game,
    seed,
    seats: record.seats.map((s) => ({ name: s.name, score: s.score, status: s.status })),
    end: record.end,
    durationUs: record.durationUs,
  };
}

type RequestBot = CheckedRequest<'match.play'>['bots'][number];

/**
 * The programs of `match.play`, one per seat: a command line as given, a sample by the driver. A sample
 * taken by more than one seat gets a number after its name in each. Throws, naming the samples there
 * are, for an unknown one.
 */
export function matchBots(driver: EngineGameDriver, bots: readonly RequestBot[]): MatchBot[] {
  const title = driver.game.facts.title;
  return bots.map((b, i): MatchBot => {
    if ('command' in b) return { name: b.name, command: [...b.command] };
    const bot = driver.sampleBot(b.sample);
    if (bot === undefined) {
      const names = driver.sampleIds().join(', ');
      throw new Error(
        names === ''
          ? `${title} has no sample bots`
          : `no sample bot ${JSON.stringify(b.sample)} for ${title}; choose ${names}`,
      );
    }
    const same = bots.filter((o) => 'sample' in o && o.sample === b.sample).length;
    const nth = bots.slice(0, i + 1).filter((o) => 'sample' in o && o.sample === b.sample).length;
    return same > 1 ? { ...bot, name: `${bot.name} ${nth}` } : bot;
  });
}
