import type { EloFigure, Ranking, RankRow, SkillFigure } from '../../../shared/tournament/ranking/index.ts';
import { stageTitle, WHOLE_EVENT } from './leaderboard.ts';

/**
 * The texts of a ranking's cells, the same in `jury standings` and the HTML report, so the two read alike
 * figure for figure.
 */

/** A number with at most `digits` decimals, trailing zeros dropped (`12.75`, `7`, `6.67`). */
export function figure(value: number, digits = 2): string {
  return String(Number(value.toFixed(digits)));
}

/** The place: `3`, or the places a row shares (`3–4`, knockout losers of one round). */
export function placeText(row: Pick<RankRow, 'place' | 'placeTo'>): string {
  return row.placeTo > row.place ? `${row.place}–${row.placeTo}` : String(row.place);
}

/** Elo with its 95% interval, whole points: `1532 ± 48`. */
export function eloText(elo: EloFigure | null): string {
  return elo ? `${Math.round(elo.elo)} ± ${Math.round(elo.high - elo.elo)}` : '';
}

/** openskill μ ± σ, one decimal: `27.3 ± 4.1`. */
export function skillText(skill: SkillFigure | null): string {
  return skill ? `${skill.mu.toFixed(1)} ± ${skill.sigma.toFixed(1)}` : '';
}

/** W/D/L: `3/1/2`, empty for cooperative games. */
export function wdlText(row: Pick<RankRow, 'wdl'>): string {
  return row.wdl ? `${row.wdl.wins}/${row.wdl.draws}/${row.wdl.losses}` : '';
}

/** The stage that ranked a row, by its title (`Final`), or empty when it has no game in the view. */
export function rankedByText(row: Pick<RankRow, 'stage'>): string {
  return row.stage === null ? '' : stageTitle(row.stage);
}

/**
 * The sentence to print under the table when a stage ranked by points per game because its game counts
 * differ, naming those stages; null when every stage ranked by points. A knockout stage places by the
 * round lost, whatever its counts, so it is never named.
 */
export function basisNote(ranking: Ranking): string | null {
  const stages = ranking.stages
    .filter((s) => s.basis === 'average' && !s.knockout)
    .map((s) => stageTitle(s.stage));
  if (stages.length === 0) return null;
  return `ranked by average points per game: game counts differ (${stages.join(', ')})`;
}

/** The knockout champion's row, when the final is decided. */
export function championOf(ranking: Ranking): RankRow | null {
  return ranking.rows.find((r) => r.knockout?.champion === true) ?? null;
}

/** The view's title: `Whole event`, or the stage's (`Swiss`). */
export function viewTitle(ranking: Ranking): string {
  return ranking.view === 'event' ? WHOLE_EVENT : stageTitle(ranking.view.stage);
}
