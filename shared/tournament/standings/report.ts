import type { GameOutcome, Participant } from '../types.ts';
import type { Crosstable, SeatStats } from './crosstable.ts';
import { crosstable, seatStats } from './crosstable.ts';
import type { EloOptions, EloRow } from './ratings.ts';
import { eloRatings } from './ratings.ts';
import type { GameShape, OutcomeFilter } from './results.ts';
import { selectOutcomes } from './results.ts';
import type { SkillRow } from './skill.ts';
import { skillRatings } from './skill.ts';
import type { StandingRow } from './standings.ts';
import { computeStandings } from './standings.ts';
import type { TimeStatsRow } from './time-stats.ts';
import { timeStats } from './time-stats.ts';

/** Everything the standings view and the exports show, computed from plain data in one call. */
export interface TournamentReport {
  readonly standings: readonly StandingRow[];
  /** 2-player games only, rows in standings order. */
  readonly crosstable: Crosstable | null;
  /** Points by seat position (every game; the interesting one for 4-player games). */
  readonly seatStats: SeatStats;
  /** Per bot, in standings order. */
  readonly timeStats: readonly TimeStatsRow[];
  /** 2-player non-cooperative games only, in standings order. */
  readonly elo: readonly EloRow[] | null;
  /** Non-cooperative games, best first. */
  readonly skill: readonly SkillRow[] | null;
}

/** What {@link buildReport} needs. */
export interface ReportInput extends OutcomeFilter {
  readonly participants: readonly Participant[];
  readonly outcomes: Iterable<GameOutcome>;
  readonly shape: GameShape;
  readonly elo?: EloOptions;
}

/**
 * Standings, crosstable, seat and time statistics and both ratings over the outcomes that pass the
 * filter (for example `stages: ['final']` for the final ranking after a Swiss stage). Ratings always use
 * the same filtered outcomes; pass no filter for ratings over the whole event.
 */
export function buildReport(input: ReportInput): TournamentReport {
  const outcomes = selectOutcomes(input.outcomes, input);
  const { participants, shape } = input;
  const standings = computeStandings(participants, outcomes, shape);
  const order = standings.map((r) => r.id);
  return {
    standings,
    crosstable: shape.seats === 2 ? crosstable(order, outcomes, shape) : null,
    seatStats: seatStats(order, outcomes, shape.seats),
    timeStats: timeStats(order, outcomes, shape),
    elo: eloRatings(order, outcomes, shape, input.elo),
    skill: skillRatings(order, outcomes, shape),
  };
}
