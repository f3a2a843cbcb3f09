import type { z } from 'zod';
import { gameInfo } from '../../../shared/games/registry.ts';
import type { Json } from '../../../shared/games/types.ts';
import type { exportFileSchema, exportKindSchema } from '../../../shared/ipc/app-schemas.ts';
import { renderHtmlReport, toCsv, toJsonExport, type ExportData } from '../../engine/export/index.ts';
import { transcriptName } from '../../engine/export/transcripts.ts';
import { renderTranscript } from '../../engine/record/transcript.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';
import { JURY_VERSION } from '../../engine/version.ts';

/** An export's file: suggested name, MIME type and text. */
export type ExportFile = z.output<typeof exportFileSchema>;
/** The export formats. */
export type ExportKind = z.output<typeof exportKindSchema>;

/** What an export needs: the report data, the config, and the store for the records. */
export interface ExportSource {
  /** The tournament's id, the base of the file name. */
  readonly id: string;
  /** The game data and the event's ranking (`storedExportData`), the same as `jury export` writes. */
  readonly data: ExportData;
  readonly config: TournamentConfig;
  readonly store: TournamentStore;
  /** The export's time (given, so tests can fix it). */
  readonly now: Date;
}

/**
 * One export as a file the UI saves: the CSV in CodeCup's layout, the JSON export, the standalone HTML
 * report, or every transcript joined into one text file (each headed by its file name as `jury export
 * --format transcripts` would write it). Made as `jury export` makes them (electron/cli/report-commands.ts).
 */
export function exportFile(kind: ExportKind, source: ExportSource): ExportFile {
  const { id, data, config, store, now } = source;
  switch (kind) {
    case 'csv':
      return { fileName: `${id}.csv`, mime: 'text/csv', content: toCsv(data) };
    case 'json':
      return {
        fileName: `${id}.json`,
        mime: 'application/json',
        content: toJsonExport({
          ...data,
          config: config as unknown as Json,
          jury: JURY_VERSION,
          exportedAt: now.toISOString(),
        }),
      };
    case 'html':
      return {
        fileName: `${id}.html`,
        mime: 'text/html',
        content: renderHtmlReport({
          ...data,
          title: config.name,
          seatNames: gameInfo(config.game).seatNames,
          subtitle: `Jury ${JURY_VERSION}, exported ${now.toISOString()}`,
          // One file is saved: the transcripts are their own export.
          transcriptLinks: false,
        }),
      };
    case 'transcripts': {
      const parts: string[] = [];
      for (const g of data.scheduled) {
        const record = store.record(g.index);
        if (!record) continue;
        const title = `==== ${transcriptName(g.index)} ====`;
        parts.push(`${title}\n\n${renderTranscript(record).trimEnd()}\n`);
      }
      return { fileName: `${id}-transcripts.txt`, mime: 'text/plain', content: parts.join('\n') };
    }
  }
}
