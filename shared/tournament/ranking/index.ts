/**
 * The one leaderboard of an event (issue 11). Every view (the CLI, the app, `jury serve`, the HTML, JSON
 * and CSV exports) ranks with {@link rankEvent} over {@link EventTotals}, never from the games itself:
 *
 * - the engine's store keeps the totals as games finish (`TournamentStore.totals()`), so a view reads them
 *   in one query whatever the number of games, and calls `rankEvent(store.totals(), context)`;
 * - code without a store (tests, an imported JSON export) builds the same totals with
 *   {@link fromOutcomes}, passing the outcomes in the order the games finished.
 *
 * Pure: no Node, no DOM.
 */
export type {
  BotTotals,
  Decider,
  Dict,
  EloFigure,
  EventTotals,
  KnockoutFigure,
  MatchGame,
  MatchTotals,
  PairTotals,
  RankContext,
  Ranking,
  RankRow,
  RankView,
  SkillEntry,
  SkillFigure,
  StageLine,
  StageRanking,
  StageTotals,
} from './types.ts';
export { TOTALS_VERSION } from './types.ts';
export { addOutcome, emptyTotals, entry, fromOutcomes, KNOCKOUT_STAGE } from './totals.ts';
export type { TotalsKey } from './entries.ts';
export { EVENT_KEY, parseTotals, totalsEntries, totalsFromEntries, touchedKeys } from './entries.ts';
export { rankEvent, stageOrder } from './rank.ts';
export type { EloFit } from './elo.ts';
export { eloFit } from './elo.ts';
export { rateOutcome, skillMatch } from './skill.ts';
