import { z } from 'zod';
import type { Json } from '../../../shared/games/types.ts';
import type { TournamentReport } from '../../../shared/tournament/standings/index.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { ExportData, ExportReport } from './data.ts';
import { exportReport } from './data.ts';

/** The JSON export's name and version; readers reject other versions. */
export const EXPORT_FORMAT = 'jury-tournament-export';
export const EXPORT_VERSION = 1;

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
/**
 * The schema of the JSON export's envelope: the parts a reader relies on are checked exactly, the
 * computed tables loosely (they are described by the TypeScript types of shared/tournament/standings).
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
  rankingStages: z.array(z.string()).nullable(),
  standings: z.array(row.extend({ rank: z.number().int(), points: z.number() })),
  crosstable: z.looseObject({ ids: z.array(z.string()) }).nullable(),
  seatStats: z.looseObject({}),
  timeStats: z.array(row),
  ratings: z.object({ elo: z.array(row).nullable(), skill: z.array(row).nullable() }),
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
  /** The stages that decided the ranking, or null for all. */
  readonly rankingStages: readonly string[] | null;
  readonly standings: TournamentReport['standings'];
  readonly crosstable: TournamentReport['crosstable'];
  readonly seatStats: TournamentReport['seatStats'];
  readonly timeStats: TournamentReport['timeStats'];
  /** Over every game of the event. */
  readonly ratings: ExportReport['ratings'];
}

/** The full JSON export: config, participants, schedule, outcomes, standings, tables and ratings. */
export function buildJsonExport(input: JsonExportInput): TournamentExport {
  const { report, ratings, outcomes } = exportReport(input);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    jury: input.jury,
    exportedAt: input.exportedAt,
    config: input.config,
    participants: input.participants.map((p) => ({ id: p.id, name: p.name })),
    schedule: input.scheduled,
    outcomes,
    rankingStages: input.rankingStages ?? null,
    standings: report.standings,
    crosstable: report.crosstable,
    seatStats: report.seatStats,
    timeStats: report.timeStats,
    ratings,
  };
}

/** The JSON export as text (2-space indented, ending with a newline). */
export function toJsonExport(input: JsonExportInput): string {
  return `${JSON.stringify(buildJsonExport(input), null, 2)}\n`;
}
