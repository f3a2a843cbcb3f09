import type { GameFrame } from '../live/live-boards.ts';
import { gamePlayer, prepareBots } from '../../engine/tournament/event.ts';
import type { MatchBot } from '../../engine/play-match.ts';
import { exportFile, type ExportFile, type ExportKind } from './export-file.ts';
import { gameRows, type GameRow } from './game-rows.ts';
import type { TournamentManager } from './manager.ts';
import { gameReplay, type GameReplay } from './replay.ts';
import { storedExportData } from '../../engine/tournament/leaderboard.ts';
import { standingsOf, statisticsOf, type Standings, type Statistics } from './standings.ts';

/**
 * The read side of a tournament, from its store (and, while it runs, its live boards): standings, the
 * game list, live frames, replays, re-runs and exports.
 */

/** The ranking of the event (or of one stage) with its crosstable and stages, from the running totals. */
export function standings(manager: TournamentManager, id: string, stage?: string): Standings {
  return manager.read(id, (store, { config }) => standingsOf(store, config, stage));
}

/** Seat and time statistics and points per round of the event (or of one stage), from every game. */
export function statistics(manager: TournamentManager, id: string, stage?: string): Statistics {
  return manager.read(id, (store, { config }) => statisticsOf(store, config, stage));
}

/** Every scheduled game in schedule order, running ones marked, finished ones with their results. */
export function games(manager: TournamentManager, id: string): GameRow[] {
  const running = manager.runs.get(id)?.boards.running() ?? new Set<number>();
  return manager.read(id, (store) => {
    const outcomes = store.outcomes();
    const durationMs = manager.durations.lookup(
      id,
      store,
      outcomes.map((o) => o.index),
    );
    return gameRows({
      participants: store.participants(),
      scheduled: store.scheduled(),
      outcomes,
      running,
      durationMs,
    });
  });
}

/** The latest frame of every running game (none when the tournament is not running here). */
export function live(manager: TournamentManager, id: string): GameFrame[] {
  const run = manager.runs.get(id);
  if (run) return run.boards.frames();
  // Unknown ids are an error, as for every other read.
  manager.read(id, () => null);
  return [];
}

/** A finished game, move by move. */
export function replay(manager: TournamentManager, id: string, index: number): GameReplay {
  return manager.read(id, (store) => {
    const record = store.record(index);
    if (!record) {
      const scheduled = store.scheduled().some((g) => g.index === index);
      throw new Error(
        scheduled ? `game ${index + 1} of ${id} has not finished yet` : `${id} has no game ${index + 1}`,
      );
    }
    return gameReplay(id, index, record);
  });
}

/**
 * Plays a game again from its seed and board with the same bots (those of the running tournament, or
 * made ready now) and answers its replay; nothing is stored. `signal` stops it (the service closing).
 */
export async function rerun(
  manager: TournamentManager,
  id: string,
  index: number,
  signal: AbortSignal,
): Promise<GameReplay> {
  const { plan, game } = manager.read(id, (store, plan) => ({
    plan,
    game: store.scheduled().find((g) => g.index === index),
  }));
  if (!game) throw new Error(`${id} has no game ${index + 1}`);
  let bots: ReadonlyMap<string, MatchBot> | undefined = manager.runs.get(id)?.bots;
  if (!bots) {
    const { files } = manager.opts;
    const ready = await prepareBots(plan.config, files.folder, files.builds(id));
    bots = new Map(ready.map((b) => [b.id, b.bot]));
  }
  const store = manager.opts.files.store(id);
  const record = await gamePlayer(plan.config, bots, manager.opts.launcher, undefined, { store })(
    game,
    signal,
  );
  if (signal.aborted) throw new Error(`the re-run of game ${index + 1} was stopped`);
  return gameReplay(id, index, record);
}

/** One export of the tournament as a file. */
export function exportTournament(
  manager: TournamentManager,
  id: string,
  kind: ExportKind,
  now: Date = new Date(),
): ExportFile {
  return manager.read(id, (store, { config }) =>
    exportFile(kind, { id, data: storedExportData(store, config), config, store, now }),
  );
}
