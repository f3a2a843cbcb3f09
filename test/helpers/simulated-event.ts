import { gameModule } from '../../shared/games/registry.ts';
import { schedulerFor } from '../../shared/tournament/formats/index.ts';
import { playOut } from '../../shared/tournament/formats/simulate.ts';
import type { GameOutcome, ScheduledGame } from '../../shared/tournament/types.ts';
import type { GameRecord } from '../../electron/engine/record/schema.ts';
import { TournamentStore } from '../../electron/engine/store/store.ts';
import { parseTournamentConfig, participantIds } from '../../electron/engine/tournament/config.ts';
import { formatOf } from '../../electron/engine/tournament/scheduling.ts';

/**
 * Test support (no vitest import): a tournament store filled with a whole event of seeded random results
 * (shared/tournament/formats/simulate.ts `playOut`), as `jury run` would leave it, without playing a game:
 * the config as stored, participants with the ids `jury run` gives them, every game scheduled by the
 * format's own scheduler and finished with an outcome and a minimal valid record. Boards are null.
 */

/** A minimal valid game record of a simulated game. */
function recordOf(game: ScheduledGame, outcome: GameOutcome, gameId: GameRecord['game']): GameRecord {
  return {
    format: 'jury-game-record',
    version: 1,
    jury: '0.0.0-test',
    game: gameId,
    rulesVersion: '1',
    seed: game.seed,
    board: game.board,
    timing: { mode: 'cpu', control: { kind: 'game-total', budgetMs: 30_000 } },
    limits: null,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationUs: 1,
    seats: game.seats.map((id, s) => ({
      name: id,
      command: null,
      executableHash: null,
      status: outcome.statuses[s] ?? 'OK',
      failure: null,
      takeover: null,
      score: outcome.scores[s] ?? 0,
      time: { chargedUs: 1000, wallUs: 1000, cpuUs: 1000, moves: 10, maxChargedUs: 200 },
      missed: { timeout: 0, invalid: 0, gone: 0 },
      stderr: { shown: '', full: '', truncated: false, bytes: 0 },
      exit: { code: 0, signal: null },
      killedAfterEnd: false,
    })),
    lines: [],
    moves: [],
    end: { kind: 'all-home' },
    scores: [...outcome.scores],
  };
}

/**
 * Writes a store at `path` for the tournament config `raw` (a config file's JSON) with every game of the
 * event played out with seeded random results; returns the schedule and the outcomes.
 */
export function simulatedStore(
  path: string,
  raw: unknown,
  seed = 7,
): { scheduled: readonly ScheduledGame[]; outcomes: readonly GameOutcome[] } {
  const parsed = parseTournamentConfig(raw);
  if (!parsed.ok) throw new Error(`bad test config: ${parsed.error.message}`);
  const config = parsed.value;
  const info = gameModule(config.game).info;
  const names = config.bots.map((b) => b.name);
  const participants = participantIds(names).map((id, i) => ({
    id,
    name: names[i] as string,
    command: ['/bin/true'],
    executableHash: null,
  }));
  const context = {
    game: config.game,
    seats: info.seats,
    participants,
    seed,
    boardFor: () => null,
  };
  const played = playOut(schedulerFor(formatOf(config, participants)), context, {
    seed,
    shared: info.cooperative,
  });
  const outcomes = [...played.outcomes.values()]
    .sort((a, b) => a.index - b.index)
    .map((o) => ({
      ...o,
      times: o.seats.map((_, s) => ({ chargedUs: 1000 * (o.index + s + 1), maxMoveUs: 200, moves: 10 })),
    }));
  const store = TournamentStore.create(path, { seed, config: raw, participants });
  try {
    store.addScheduled(played.scheduled);
    const byIndex = new Map(played.scheduled.map((g) => [g.index, g]));
    store.finishGames(
      outcomes.map((outcome) => ({
        index: outcome.index,
        outcome,
        record: recordOf(byIndex.get(outcome.index) as ScheduledGame, outcome, config.game),
      })),
    );
  } finally {
    store.close();
  }
  return { scheduled: played.scheduled, outcomes };
}
