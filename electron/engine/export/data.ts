import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import type {
  Crosstable,
  GameShape,
  SeatStats,
  TimeStatsRow,
} from '../../../shared/tournament/results/index.ts';
import { seatStats, timeStats } from '../../../shared/tournament/results/index.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';

/** The plain game data of an event: what the CSV is made of, and the rest of the exports besides the ranking. */
export interface GameData {
  readonly participants: readonly Participant[];
  /** Every scheduled game, in schedule order. */
  readonly scheduled: readonly ScheduledGame[];
  /** The finished games (any order; the exports follow the schedule). */
  readonly outcomes: readonly GameOutcome[];
  readonly shape: GameShape;
  /**
   * An event imported from CodeCup's result file: its own game numbers and, by schedule index, each
   * game's place in the file (the CSV export writes the rows in that order).
   */
  readonly codecup?: { readonly gameNumbers: readonly number[]; readonly fileOrder?: readonly number[] };
}

/**
 * What the JSON and HTML exports are made from: the game data and the event's leaderboard, as every other
 * view ranks it (electron/engine/tournament/leaderboard.ts: `storedExportData` for a store,
 * `exportDataOfGames` for plain data). The exports never rank themselves.
 */
export interface ExportData extends GameData {
  /** The whole event's ranking (every game). */
  readonly ranking: Ranking;
  /** Its crosstable (2-player games), rows in the ranking's order; null otherwise. */
  readonly crosstable: Crosstable | null;
}

/** The tables behind the JSON and HTML exports, over every game, in the ranking's order. */
export interface ExportReport {
  readonly ranking: Ranking;
  readonly crosstable: Crosstable | null;
  /** Points by seat position. */
  readonly seatStats: SeatStats;
  /** Per bot. */
  readonly timeStats: readonly TimeStatsRow[];
  /** The outcomes, once, in schedule order. */
  readonly outcomes: readonly GameOutcome[];
}

/** Computes the tables once for all exports. */
export function exportReport(data: ExportData): ExportReport {
  const outcomes = [...data.outcomes].sort((a, b) => a.index - b.index);
  const order = data.ranking.rows.map((r) => r.id);
  return {
    ranking: data.ranking,
    crosstable: data.crosstable,
    seatStats: seatStats(order, outcomes, data.shape.seats),
    timeStats: timeStats(order, outcomes, data.shape),
    outcomes,
  };
}
