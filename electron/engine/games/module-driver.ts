import type { GameDriver } from '../../../shared/games/driver.ts';
import { ok } from '../../../shared/games/result.ts';
import type { AnyGameModule } from '../../../shared/games/types.ts';
import { findGameSample, sampleMatchBot } from '../bots/sample-match-bot.ts';
import { samplesOf } from '../bots/samples/index.ts';
import { playMatch } from '../play-match.ts';
import { budgetControl } from '../timing/budget.ts';
import type { EngineGameDriver } from './driver.ts';

/**
 * The engine's driver of a game Jury referees itself with the game's module (a built-in game, or one
 * added with `registerGame`): its games go to `playMatch`; its sample bots are Jury's sample script.
 */
export function moduleDriver(game: GameDriver, module: AnyGameModule): EngineGameDriver {
  const title = module.info.title;
  return {
    game,
    ready: () => Promise.resolve(ok(undefined)),
    play: (one, launcher) => {
      const control = budgetControl(module.info.timeControl, one.budgetMs);
      return playMatch(
        {
          game: module,
          bots: one.bots,
          seed: one.seed,
          ...(one.board === undefined ? {} : { board: one.board }),
          timing: one.timing,
          ...(one.graceMs === undefined ? {} : { graceMs: one.graceMs }),
          limits: one.limits,
          ...(one.cpus === undefined ? {} : { cpus: one.cpus }),
          ...(one.hidden ? { hidden: one.hidden } : {}),
          ...(control ? { control } : {}),
          ...(one.onEvent ? { onEvent: one.onEvent } : {}),
          ...(one.signal ? { signal: one.signal } : {}),
        },
        launcher,
      );
    },
    sampleBot: (sample, name) => {
      const found = findGameSample(game.id, sample);
      return found ? sampleMatchBot(found, name ?? found.name) : undefined;
    },
    sampleIds: () => samplesOf(game.id).map((s) => s.id),
    sparringBots: (count) => {
      const random = samplesOf(game.id).find((s) => s.strength === 'random');
      if (!random) throw new Error(`${title} has no random sample bot`);
      return Array.from({ length: count }, (_, i) =>
        sampleMatchBot(random, count > 1 ? `${random.name} ${i + 1}` : random.name),
      );
    },
    addSamples: (shelf) => shelf.addScriptSamples(game.id),
  };
}
