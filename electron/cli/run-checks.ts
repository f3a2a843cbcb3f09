import { gameInfo } from '../../shared/games/registry.ts';
import { RUN_BOUNDS } from '../../shared/tournament/config-schema.ts';
import { schedulerFor, validateFormat, type FormatConfig } from '../../shared/tournament/formats/index.ts';
import { participantIds, type TournamentConfig } from '../engine/tournament/config.ts';
import { defaultConcurrency } from '../engine/tournament/game-player.ts';
import { formatOf, scheduleContext } from '../engine/tournament/scheduling.ts';
import { UsageError } from './usage-error.ts';
import { wholeNumberOption } from './whole-number.ts';

// What `jury run` checks before it touches the database: a config refused here creates no file at all.
// (The store itself is opened, created and refused by the engine's prepareRun.)

/**
 * Games at once: `--concurrency`, else the config's, else the cores minus one (at most the bound). The
 * flag is refused unless a whole number within the config's own bound (`RUN_BOUNDS.concurrency`: 1 to
 * 256; from 0 with `workers`: remote workers play the rest).
 */
export function concurrencyOf(flag: string | undefined, config: TournamentConfig, workers = false): number {
  const { max } = RUN_BOUNDS.concurrency;
  if (flag === undefined) return config.concurrency ?? Math.min(defaultConcurrency(), max);
  return wholeNumberOption('--concurrency', flag, workers ? 0 : RUN_BOUNDS.concurrency.min, max);
}

/**
 * The config's format settings, checked against its game and bots and tried once: the first games are
 * scheduled from an empty history (and thrown away), so a schedule that cannot start is refused now, with
 * `schedule: ` and the reason, rather than after its database was created. `stored`: the database exists
 * already, so a run resumes an event that the rules of its day accepted (see `validateFormat`).
 */
export function checkSchedule(config: TournamentConfig, stored = false): FormatConfig {
  const ids = participantIds(config.bots.map((b) => b.name));
  const participants = config.bots.map((b, i) => ({ id: ids[i] ?? b.name, name: b.name }));
  const format = formatOf(config, participants);
  const game = gameInfo(config.game);
  const problem = validateFormat(format, game.seats, participants.length, ids, { stored, game });
  if (problem) throw new UsageError(`schedule: ${problem}`);
  let first: string;
  try {
    const next = schedulerFor(format).next(scheduleContext(config, config.seed ?? 0, participants), {
      scheduled: [],
      outcomes: new Map(),
    });
    first = next.kind === 'games' && next.games.length > 0 ? '' : 'it gives no game to play';
  } catch (e) {
    first = (e as Error).message;
  }
  if (first) throw new UsageError(`schedule: ${first}`);
  return format;
}
