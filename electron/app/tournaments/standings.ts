import type { z } from 'zod';
import { games } from '../../../shared/games/registry.ts';
import type { standingsSchema } from '../../../shared/ipc/app-schemas.ts';
import { pointsByRound } from '../../../shared/tournament/standings/points-by-round.ts';
import { buildReport } from '../../../shared/tournament/standings/report.ts';
import { selectOutcomes } from '../../../shared/tournament/standings/results.ts';
import type { ExportData } from '../../engine/export/index.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';

/** The answer of `tournament.standings`. */
export type Standings = z.output<typeof standingsSchema>;

/**
 * What reports and exports are made from, read from the store (as `jury standings` and `jury export` do).
 * After a Swiss stage the final decides the ranking, once the final has games; before that the ranking
 * is the Swiss stage's, so the standings are not empty while the Swiss rounds run.
 */
export function exportData(store: TournamentStore, config: TournamentConfig): ExportData {
  const scheduled = store.scheduled();
  const final = config.schedule.kind === 'swiss' && scheduled.some((g) => g.stage === 'final');
  return {
    participants: store.participants().map((p) => ({ id: p.id, name: p.name })),
    scheduled,
    outcomes: store.outcomes(),
    shape: games[config.game].info,
    ...(final ? { rankingStages: ['final'] } : {}),
  };
}

/** The stages of the schedule, in the order their first game was scheduled. */
export function stagesOf(data: Pick<ExportData, 'scheduled'>): string[] {
  return [...new Set(data.scheduled.map((g) => g.stage))];
}

/**
 * Standings of the whole event (the ranking stages, see {@link exportData}) or of one `stage`, with the
 * event's stages and the cumulative points per round of the same games, in standings order.
 */
export function standingsOf(data: ExportData, stage?: string): Standings {
  const stages = stage === undefined ? data.rankingStages : [stage];
  const filter = stages ? { scheduled: data.scheduled, stages } : {};
  const outcomes = selectOutcomes(data.outcomes, filter);
  const report = buildReport({
    participants: data.participants,
    outcomes,
    shape: data.shape,
    scheduled: data.scheduled,
  });
  const wanted = stages ? new Set(stages) : null;
  const scheduled = wanted ? data.scheduled.filter((g) => wanted.has(g.stage)) : data.scheduled;
  const chart = pointsByRound(report.standings, scheduled, outcomes);
  return {
    report,
    stages: stagesOf(data),
    pointsByRound: chart.series.map((s) => ({ name: s.name, points: [...s.points] })),
    rounds: chart.rounds.map(({ stage, round }) => ({ stage, round })),
  };
}
