import { z } from 'zod';
import type { Json } from '../../../shared/games/types.ts';
import type { Ranking } from '../../../shared/tournament/ranking/index.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { ExportData, ExportReport } from './data.ts';
import { exportReport } from './data.ts';

/** The JSON export's name and version; readers reject other versions. */
export const EXPORT_FORMAT = 'jury-tournament-export';
/** 2: the leaderboard is `ranking` (the one ranking every view shows), replacing `standings` and `ratings`. */
export const EXPORT_VERSION = 2;

/** What {@link buildJsonExport} needs besides the data: the config and who made the export. */
export interface JsonExportInput extends ExportData {
  /** The tournament config as stored. */
  readonly config: Json;
  /** Jury's version. */
  readonly jury: string;
  /** ISO time of the export (given, so tests and reruns can be byte-identical). */
  readonly exportedAt: string;
}

const row = z.looseObject({ id: z.string() });
const figure = z.number();
/** A leaderboard row, checked where readers rely on it (the rest: `RankRow` in shared/tournament/ranking). */
const rankRowSchema = row.extend({
  place: z.number().int().min(1),
  placeTo: z.number().int().min(1),
  name: z.string(),
  stage: z.string().nullable(),
  games: z.number().int().min(0),
  points: figure,
  average: figure,
  stages: z.array(z.looseObject({ stage: z.string(), games: z.number(), points: figure, average: figure })),
  wdl: z.object({ wins: z.number(), draws: z.number(), losses: z.number() }).nullable(),
  irregularTotal: z.number(),
  elo: z.looseObject({ elo: figure, low: figure, high: figure }).nullable(),
  skill: z.looseObject({ mu: figure, sigma: figure }).nullable(),
  knockout: z.looseObject({ champion: z.boolean() }).nullable(),
});

/**
 * The schema of the JSON export's envelope: the parts a reader relies on are checked exactly, the
 * computed tables loosely (they are described by the TypeScript types of shared/tournament).
 */
export const tournamentExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  jury: z.string(),
  exportedAt: z.string(),
  config: z.json(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  schedule: z.array(
    z.object({
      index: z.number().int().min(0),
      stage: z.string(),
      round: z.number().int(),
      seats: z.array(z.string()),
      seed: z.number(),
      board: z.string().nullable(),
      match: z.string(),
    }),
  ),
  outcomes: z.array(
    z.looseObject({
      index: z.number().int().min(0),
      seats: z.array(z.string()),
      scores: z.array(z.number()),
      statuses: z.array(z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT'])),
    }),
  ),
  ranking: z.looseObject({
    view: z.literal('event'),
    rows: z.array(rankRowSchema),
    basis: z.enum(['points', 'average']),
    stages: z.array(
      z.looseObject({ stage: z.string(), basis: z.enum(['points', 'average']), knockout: z.boolean() }),
    ),
    ratings: z.object({ elo: z.boolean(), skill: z.boolean() }),
  }),
  crosstable: z.looseObject({ ids: z.array(z.string()) }).nullable(),
  seatStats: z.looseObject({}),
  timeStats: z.array(row),
});

/** The JSON export; {@link tournamentExportSchema} validates its parsed text. */
export interface TournamentExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: typeof EXPORT_VERSION;
  readonly jury: string;
  readonly exportedAt: string;
  readonly config: Json;
  readonly participants: readonly Participant[];
  readonly schedule: readonly ScheduledGame[];
  /** Finished games in schedule order. */
  readonly outcomes: readonly GameOutcome[];
  /**
   * The whole event's leaderboard, exactly as `jury standings --json` and the app give it: rows with
   * place (shared places for knockout rounds), the stage that ranked each, per-stage lines, W/D/L,
   * irregular losses, Elo and openskill from every game; `basis: 'average'` when game counts differ.
   */
  readonly ranking: Ranking;
  /** Every game, rows in the ranking's order (2-player games; else null). */
  readonly crosstable: ExportReport['crosstable'];
  readonly seatStats: ExportReport['seatStats'];
  readonly timeStats: ExportReport['timeStats'];
}

/** The full JSON export: config, participants, schedule, outcomes, the ranking and the tables. */
export function buildJsonExport(input: JsonExportInput): TournamentExport {
  const { ranking, crosstable, seatStats, timeStats, outcomes } = exportReport(input);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    jury: input.jury,
    exportedAt: input.exportedAt,
    config: input.config,
    participants: input.participants.map((p) => ({ id: p.id, name: p.name })),
    schedule: input.scheduled,
    outcomes,
    ranking,
    crosstable,
    seatStats,
    timeStats,
  };
}

/** The JSON export as text (2-space indented, ending with a newline). */
export function toJsonExport(input: JsonExportInput): string {
  return `${JSON.stringify(buildJsonExport(input), null, 2)}\n`;
}
