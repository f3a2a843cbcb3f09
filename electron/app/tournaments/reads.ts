import type { GameFrame } from '../live/live-boards.ts';
import { gamePlayer, preparePlayer } from '../../engine/tournament/game-player.ts';
import { exportFile, type ExportFile, type ExportKind } from './export-file.ts';
import { gameRows, type GameRow } from './game-rows.ts';
import type { Tournaments } from './tournaments.ts';
import { refereeLogOf } from './referee-log.ts';
import { gameReplay, type GameReplay } from './replay.ts';
import { storedExportData } from '../../engine/tournament/leaderboard.ts';
import { standingsOf, statisticsOf, type Standings, type Statistics } from './standings.ts';

/**
 * The read side of a tournament, from its store (and, while it runs, its live boards): standings, the
 * game list, live frames, replays, re-runs and exports.
 */

/** The ranking of the event (or of one stage) with its crosstable and stages, from the running totals. */
export function standings(tournaments: Tournaments, id: string, stage?: string): Standings {
  return tournaments.read(id, (store, { config }) => standingsOf(store, config, stage));
}

/** Seat and time statistics and points per round of the event (or of one stage), from every game. */
export function statistics(tournaments: Tournaments, id: string, stage?: string): Statistics {
  return tournaments.read(id, (store, { config }) => statisticsOf(store, config, stage));
}

/** Every scheduled game in schedule order, running ones marked, finished ones with their results. */
export function games(tournaments: Tournaments, id: string): GameRow[] {
  const running = tournaments.runs.get(id)?.boards.running() ?? new Set<number>();
  return tournaments.read(id, (store) => {
    const outcomes = store.outcomes();
    const durationMs = tournaments.durations.lookup(
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
export function live(tournaments: Tournaments, id: string): GameFrame[] {
  const run = tournaments.runs.get(id);
  if (run) return run.boards.frames();
  // Unknown ids are an error, as for every other read.
  tournaments.read(id, () => null);
  return [];
}

/** A finished game, move by move. */
export function replay(tournaments: Tournaments, id: string, index: number): GameReplay {
  return tournaments.read(id, (store) => {
    const record = store.record(index);
    if (!record) {
      const scheduled = store.scheduled().some((g) => g.index === index);
      throw new Error(
        scheduled ? `game ${index + 1} of ${id} has not finished yet` : `${id} has no game ${index + 1}`,
      );
    }
    const log = refereeLogOf(record, tournaments.opts.files.store(id));
    // An imported tournament's games are CodeCup's published results: nothing to replay or play again.
    const imported = store.imported() !== null;
    return { ...gameReplay(id, index, record), ...(log ? { refereeLog: log } : {}), imported };
  });
}

/**
 * Plays a game again from its seed and board with the same bots (those of the running tournament, or
 * made ready now) and answers its replay; nothing is stored. `signal` stops it (the service closing).
 */
export async function rerun(
  tournaments: Tournaments,
  id: string,
  index: number,
  signal: AbortSignal,
): Promise<GameReplay> {
  const { plan, game } = tournaments.read(id, (store, plan) => ({
    plan,
    game: store.scheduled().find((g) => g.index === index),
  }));
  if (!game) throw new Error(`${id} has no game ${index + 1}`);
  const { files, launcher } = tournaments.opts;
  const store = files.store(id);
  const running = tournaments.runs.get(id)?.bots;
  const play = running
    ? gamePlayer(plan.config, running, launcher, { store })
    : (
        await preparePlayer(plan.config, { baseDir: files.folder, buildDir: files.builds(id) }, launcher, {
          store,
        })
      ).play;
  const record = await play(game, signal);
  if (signal.aborted) throw new Error(`the re-run of game ${index + 1} was stopped`);
  return gameReplay(id, index, record);
}

/** One export of the tournament as a file. */
export function exportTournament(
  tournaments: Tournaments,
  id: string,
  kind: ExportKind,
  now: Date = new Date(),
): ExportFile {
  return tournaments.read(id, (store, { config }) =>
    exportFile(kind, { id, data: storedExportData(store, config), config, store, now }),
  );
}
