import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { games } from '../../shared/games/registry.ts';
import { schedulerFor, validateFormat, type FormatConfig } from '../../shared/tournament/formats/index.ts';
import { StoreError } from '../engine/store/errors.ts';
import { TournamentStore } from '../engine/store/store.ts';
import { participantIds, type TournamentConfig } from '../engine/tournament/config.ts';
import { defaultConcurrency, formatOf, scheduleContext, type ReadyBot } from '../engine/tournament/event.ts';
import { UsageError } from './usage-error.ts';

// What `jury run` checks before it touches the database: a config refused here creates no file at all.

/** Games at once: `--concurrency`, else the config's, else the cores minus one; refused unless a whole number ≥ 1. */
export function concurrencyOf(flag: string | undefined, config: TournamentConfig): number {
  const concurrency = flag === undefined ? (config.concurrency ?? defaultConcurrency()) : Number(flag);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new UsageError(`--concurrency must be a whole number of at least 1, got ${flag}`);
  }
  return concurrency;
}

/**
 * The config's format settings, checked against its game and bots and tried once: the first games are
 * scheduled from an empty history (and thrown away), so a schedule that cannot start is refused now, with
 * `schedule: ` and the reason, rather than after its database was created.
 */
export function checkSchedule(config: TournamentConfig): FormatConfig {
  const ids = participantIds(config.bots.map((b) => b.name));
  const participants = config.bots.map((b, i) => ({ id: ids[i] ?? b.name, name: b.name }));
  const format = formatOf(config, participants);
  const seats = games[config.game].info.seats;
  const problem = validateFormat(format, seats, participants.length, ids);
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

/**
 * Opens the tournament's store for this run, creating it on the first run, and takes its run lock for
 * `holder`. Refused (nothing changed): a file that is no sound store, a store another run holds, a store
 * of another config.
 */
export function openRunStore(
  path: string,
  config: TournamentConfig,
  bots: readonly ReadyBot[],
  holder: string,
): TournamentStore {
  const options = { lock: holder, quickCheck: true };
  let store: TournamentStore | null = null;
  if (!existsSync(path)) {
    try {
      store = TournamentStore.create(
        path,
        {
          seed: config.seed ?? randomInt(0, 0xffffffff),
          config,
          participants: bots.map((b) => ({
            id: b.id,
            name: b.name,
            command: [...b.bot.command],
            executableHash: null,
          })),
        },
        options,
      );
    } catch (e) {
      // Another `jury run` created it a moment ago: open it like any existing store (its lock decides).
      if (!(e instanceof StoreError && e.code === 'exists')) throw e;
    }
  }
  store ??= TournamentStore.open(path, options);
  if (JSON.stringify(store.loadConfig()) !== JSON.stringify(config)) {
    store.close();
    throw new UsageError(
      `${path} holds a tournament with a different config; give another --db to start a new one`,
    );
  }
  return store;
}
