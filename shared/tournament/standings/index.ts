/**
 * Standings, crosstables, seat and time statistics and ratings of a tournament, from plain data
 * (participants and game outcomes). Pure: usable in the engine, the CLI and the renderer alike.
 */
export type { Crosstable, PairCell, SeatLine, SeatStats } from './crosstable.ts';
export { crosstable, seatStats } from './crosstable.ts';
export type { EloOptions, EloRow } from './ratings.ts';
export { eloRatings } from './ratings.ts';
export type { ReportInput, TournamentReport } from './report.ts';
export { buildReport } from './report.ts';
export type { FailureStatus, GameShape, OutcomeFilter, SeatResult, StatusWord } from './results.ts';
export {
  FAILURE_STATUSES,
  seatResults,
  selectOutcomes,
  statusWords,
  teamOfSeat,
  teamScores,
} from './results.ts';
export type { SkillRow, SkillState } from './skill.ts';
export { rateGame, skillRatings, skillTable } from './skill.ts';
export type { StandingRow, TieBreak } from './standings.ts';
export { computeStandings } from './standings.ts';
export type { TimeStatsRow } from './time-stats.ts';
export { timeStats } from './time-stats.ts';
export type { PointsByRound, PointsSeries } from './points-by-round.ts';
export { pointsByRound } from './points-by-round.ts';
