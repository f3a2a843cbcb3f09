import type { z } from 'zod';
import type { standingsSchema } from '../../../shared/ipc/app-schemas.ts';
import type { EventTotals, Ranking, RankRow } from '../../../shared/tournament/ranking/index.ts';
import { pointsByRound } from '../../../shared/tournament/standings/points-by-round.ts';
import type {
  EloRow,
  SkillRow,
  StandingRow,
  TieBreak,
  TournamentReport,
} from '../../../shared/tournament/standings/index.ts';
import { seatStats, selectOutcomes, timeStats } from '../../../shared/tournament/standings/index.ts';
import type { GameOutcome } from '../../../shared/tournament/types.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';
import { leaderboardOf, type Leaderboard } from '../../engine/tournament/leaderboard.ts';

/** The answer of `tournament.standings`. */
export type Standings = z.output<typeof standingsSchema>;

/** A bot's games and Elo score (wins + draws/2 per game) over every game of the event, from the totals. */
function eventScore(totals: EventTotals, id: string): { games: number; score: number } {
  let games = 0;
  let points = 0;
  for (const stage of Object.values(totals.stages)) {
    const b = Object.hasOwn(stage.bots, id) ? stage.bots[id] : undefined;
    if (!b) continue;
    games += b.games;
    points += b.wins + b.draws / 2;
  }
  return { games, score: games > 0 ? points / games : 0 };
}

/** The row in the older standings shape, for screens that still read `report.standings`. */
function standingRow(r: RankRow): StandingRow {
  return {
    rank: r.place,
    id: r.id,
    name: r.name,
    points: r.points,
    games: r.games,
    average: r.average,
    irregular: r.irregular,
    irregularTotal: r.irregularTotal,
    wdl: r.wdl,
    headToHead: r.headToHead,
    opponentAverage: r.opponentAverage,
    // The ranking's own deciders ('stage', 'knockout', 'average', 'games') are finer than the old ones.
    decidedBy: r.decidedBy as TieBreak | null,
  };
}

/**
 * The report of a view, made from its ranking so every table of the standings screen agrees with it:
 * standings rows are the ranking's rows (place, the ranking stage's figures), the ratings are the
 * ranking's (every game of the event), and the crosstable, seat and time statistics cover the view's
 * games in ranking order.
 */
function reportOf(
  board: Leaderboard,
  ranking: Ranking,
  store: TournamentStore,
): { report: TournamentReport; outcomes: readonly GameOutcome[] } {
  const scheduled = store.scheduled();
  const stages = ranking.view === 'event' ? undefined : [ranking.view.stage];
  const outcomes = selectOutcomes(store.outcomes(), stages ? { scheduled, stages } : {});
  const order = ranking.rows.map((r) => r.id);
  const elo: EloRow[] = ranking.rows.flatMap((r) =>
    r.elo ? [{ id: r.id, ...r.elo, ...eventScore(board.totals, r.id) }] : [],
  );
  const skill: SkillRow[] = ranking.rows
    .flatMap((r) => (r.skill ? [{ id: r.id, ...r.skill }] : []))
    .sort((a, b) => b.conservative - a.conservative);
  return {
    report: {
      standings: ranking.rows.map(standingRow),
      crosstable: board.crosstable(ranking),
      seatStats: seatStats(order, outcomes, board.input.shape.seats),
      timeStats: timeStats(order, outcomes, board.input.shape),
      elo: ranking.ratings.elo ? elo : null,
      skill: ranking.ratings.skill ? skill : null,
    },
    outcomes,
  };
}

/**
 * `tournament.standings`: the ranking of the whole event or of one `stage` (by name, any case), as every
 * view ranks it (electron/engine/tournament/leaderboard.ts), with the event's stages, the report the
 * standings screen's tables read (made from the ranking), and the cumulative points per round of the
 * view's games in ranking order. An unknown stage is an error naming the stages.
 */
export function standingsOf(store: TournamentStore, config: TournamentConfig, stage?: string): Standings {
  const board = leaderboardOf(store, config);
  const view = board.view(stage);
  if (!view.ok) throw new Error(view.message);
  const ranking = board.rank(view.view);
  const { report, outcomes } = reportOf(board, ranking, store);
  const wanted = ranking.view === 'event' ? null : ranking.view.stage;
  const scheduled = store.scheduled().filter((g) => wanted === null || g.stage === wanted);
  const chart = pointsByRound(ranking.rows, scheduled, outcomes);
  return {
    ranking,
    report,
    stages: [...board.stages],
    pointsByRound: chart.series.map((s) => ({ name: s.name, points: [...s.points] })),
    rounds: chart.rounds.map(({ stage: s, round }) => ({ stage: s, round })),
  };
}
