import { toCsv } from './csv.ts';
import type { GameData } from './data.ts';
import type { HtmlReportInput } from './html.ts';
import { renderHtmlReport } from './html.ts';
import type { JsonExportInput } from './json.ts';
import { toJsonExport } from './json.ts';
import { writeTextFile } from './transcripts.ts';

/**
 * Tournament exports: CodeCup's CSV, a versioned JSON export, a standalone HTML report and all
 * transcripts. The render functions take plain data and return text; the write functions below are the
 * only ones that touch the file system. The ranking in them comes from the one leaderboard every view
 * shows (`storedExportData` in electron/engine/tournament/leaderboard.ts).
 */
export { CSV_HEADER, SWISS_STAGE, csvField, csvString, isSwissWord, toCsv } from './csv.ts';
export type { ExportData, ExportReport, GameData } from './data.ts';
export { exportReport } from './data.ts';
export type { HtmlReportInput } from './html.ts';
export { renderHtmlReport } from './html.ts';
export { escapeHtml } from './html-parts.ts';
export type { JsonExportInput, TournamentExport } from './json.ts';
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  buildJsonExport,
  toJsonExport,
  tournamentExportSchema,
} from './json.ts';
export type { IndexedRecord } from './transcripts.ts';
export { transcriptHref, transcriptName, writeTextFile, writeTranscripts } from './transcripts.ts';

/** Writes the CSV export to `path` (atomically). */
export function writeCsv(path: string, data: GameData): Promise<void> {
  return writeTextFile(path, toCsv(data));
}

/** Writes the JSON export to `path` (atomically). */
export function writeJsonExport(path: string, input: JsonExportInput): Promise<void> {
  return writeTextFile(path, toJsonExport(input));
}

/** Writes the HTML report to `path` (atomically); put the transcripts in `transcripts/` beside it. */
export function writeHtmlReport(path: string, input: HtmlReportInput): Promise<void> {
  return writeTextFile(path, renderHtmlReport(input));
}
