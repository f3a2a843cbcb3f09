import type {
  EloRow,
  GameShape,
  SkillRow,
  TournamentReport,
} from '../../../shared/tournament/standings/index.ts';
import { buildReport } from '../../../shared/tournament/standings/index.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';

/** The plain data every export is made from; the caller reads it from the store. */
export interface ExportData {
  readonly participants: readonly Participant[];
  /** Every scheduled game, in schedule order. */
  readonly scheduled: readonly ScheduledGame[];
  /** The finished games (any order). */
  readonly outcomes: Iterable<GameOutcome>;
  readonly shape: GameShape;
  /**
   * The stages whose games decide the ranking (for example `['final']` after a Swiss stage); all games
   * when absent. Ratings always use every game.
   */
  readonly rankingStages?: readonly string[];
}

/** The report behind the JSON and HTML exports. */
export interface ExportReport {
  /** Standings, crosstable, seat and time statistics over the ranking stages. */
  readonly report: TournamentReport;
  /** Ratings over every game of the event, in standings order (Elo) and best first (openskill). */
  readonly ratings: { readonly elo: readonly EloRow[] | null; readonly skill: readonly SkillRow[] | null };
  /** The outcomes, once, in schedule order. */
  readonly outcomes: readonly GameOutcome[];
}

/** Computes the report once for all exports. */
export function exportReport(data: ExportData): ExportReport {
  const outcomes = [...data.outcomes].sort((a, b) => a.index - b.index);
  const base = { participants: data.participants, outcomes, shape: data.shape, scheduled: data.scheduled };
  const report = buildReport(data.rankingStages ? { ...base, stages: data.rankingStages } : base);
  const all = data.rankingStages ? buildReport(base) : report;
  // Elo rows in the ranking's order, so the tables line up.
  const place = new Map(report.standings.map((r) => [r.id, r.rank]));
  const elo = all.elo ? [...all.elo].sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0)) : null;
  return { report, ratings: { elo, skill: all.skill }, outcomes };
}
