import type { z } from 'zod';
import type { standingsSchema, statisticsSchema } from '../../../shared/ipc/app-schemas.ts';
import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import { pointsByRound } from '../../../shared/tournament/results/points-by-round.ts';
import { seatStats, selectOutcomes, timeStats } from '../../../shared/tournament/results/index.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';
import { leaderboardOf, type Leaderboard } from '../../engine/tournament/leaderboard.ts';

/** The answer of `tournament.standings`. */
export type Standings = z.output<typeof standingsSchema>;
/** The answer of `tournament.statistics`. */
export type Statistics = z.output<typeof statisticsSchema>;

/** The ranking of a view (`stage` by name, any case; none: the whole event); an unknown stage throws. */
function rankingOf(board: Leaderboard, stage: string | undefined): Ranking {
  const view = board.view(stage);
  if (!view.ok) throw new Error(view.message);
  return board.rank(view.view);
}

/**
 * `tournament.standings`: the ranking of the whole event or of one `stage` (by name, any case), as every
 * view ranks it (electron/engine/tournament/leaderboard.ts), with its crosstable and the event's stages.
 * Everything comes from the store's running totals, never from every outcome, so it stays fast however
 * many games are stored. An unknown stage is an error naming the stages.
 */
export function standingsOf(store: TournamentStore, config: TournamentConfig, stage?: string): Standings {
  const board = leaderboardOf(store, config);
  const ranking = rankingOf(board, stage);
  return { ranking, crosstable: board.crosstable(ranking), stages: [...board.stages] };
}

/**
 * `tournament.statistics`: what reads every game of the view (the whole event or one `stage`): points
 * per seat, thinking times and the cumulative points per round, bots in the view's ranking order. Slower
 * than {@link standingsOf} on a large event; the standings screen asks for it separately.
 */
export function statisticsOf(store: TournamentStore, config: TournamentConfig, stage?: string): Statistics {
  const board = leaderboardOf(store, config);
  const ranking = rankingOf(board, stage);
  const wanted = ranking.view === 'event' ? null : ranking.view.stage;
  const all = store.scheduled();
  const outcomes = selectOutcomes(
    store.outcomes(),
    wanted === null ? {} : { scheduled: all, stages: [wanted] },
  );
  const scheduled = wanted === null ? all : all.filter((g) => g.stage === wanted);
  const order = ranking.rows.map((r) => r.id);
  const chart = pointsByRound(ranking.rows, scheduled, outcomes);
  return {
    seatStats: seatStats(order, outcomes, board.input.shape.seats),
    timeStats: [...timeStats(order, outcomes, board.input.shape)],
    pointsByRound: chart.series.map((s) => ({ name: s.name, points: [...s.points] })),
    rounds: chart.rounds.map(({ stage: s, round }) => ({ stage: s, round })),
    unit: chart.unit,
  };
}
