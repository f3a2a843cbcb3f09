/**
 * A tournament's results read from plain data (participants and game outcomes): each seat's result,
 * crosstables, seat and time statistics, points by round. Pure: usable in the engine, the CLI and the
 * renderer alike. The ranking itself (standings, Elo, skill) is tournament/ranking/'s alone.
 */
export type { Crosstable, PairCell, SeatLine, SeatStats } from './crosstable.ts';
export { crosstable, seatStats } from './crosstable.ts';
export type { FailureStatus, GameShape, OutcomeFilter, SeatResult, StatusWord } from './results.ts';
export {
  FAILURE_STATUSES,
  seatResults,
  selectOutcomes,
  statusWords,
  teamOfSeat,
  teamScores,
} from './results.ts';
export type { TimeStatsRow } from './time-stats.ts';
export { timeStats } from './time-stats.ts';
export type { PointsByRound, PointsSeries } from './points-by-round.ts';
export { pointsByRound } from './points-by-round.ts';
