import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { games } from '../../shared/games/registry.ts';
import type { Json } from '../../shared/games/types.ts';
import { buildReport } from '../../shared/tournament/standings/index.ts';
import { writeCsv, writeHtmlReport, writeJsonExport, writeTranscripts } from '../engine/export/index.ts';
import type { ExportData } from '../engine/export/index.ts';
import { fileTargetProblem, transcriptsTargetProblem } from '../engine/export/targets.ts';
import { writeFolderAtomic } from '../engine/atomic-file.ts';
import { TournamentStore } from '../engine/store/store.ts';
import { parseTournamentConfig } from '../engine/tournament/config.ts';
import { JURY_VERSION } from '../engine/version.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';

/** Opens a tournament database read-only and gathers what reports and exports need. */
function load(db: string): {
  data: ExportData;
  title: string;
  seatNames: readonly string[];
  config: Json;
  store: TournamentStore;
} {
  if (!existsSync(db)) throw new UsageError(`no tournament database at ${db}`);
  // Read-only, checked page by page first: a file that is no sound store is refused unchanged (a StoreError
  // the CLI reports with exit code 2). A run holding the store's lock does not stop reading.
  const store = TournamentStore.open(db, { readOnly: true, quickCheck: true });
  const parsed = parseTournamentConfig(store.loadConfig());
  if (!parsed.ok) {
    store.close();
    throw new UsageError(`${db}: the stored config is not valid: ${parsed.error.message}`);
  }
  const config = parsed.value;
  const info = games[config.game].info;
  const data: ExportData = {
    participants: store.participants().map((p) => ({ id: p.id, name: p.name })),
    scheduled: store.scheduled(),
    outcomes: store.outcomes(),
    shape: info,
    // After a Swiss stage, the final decides the ranking (CodeCup's format).
    ...(config.schedule.kind === 'swiss' ? { rankingStages: ['final'] } : {}),
  };
  return { data, title: config.name, seatNames: info.seatNames, config: config as unknown as Json, store };
}

/** `jury standings`: the ranking table (points, games, average, irregular losses, ratings). */
export function standingsCommand(db: string, flags: { json?: boolean }, io: CliIo): number {
  const { data, title, store } = load(db);
  try {
    const stages = data.rankingStages;
    const report = buildReport({
      participants: data.participants,
      outcomes: data.outcomes,
      shape: data.shape,
      scheduled: data.scheduled,
      ...(stages ? { stages } : {}),
    });
    if (flags.json) {
      io.out(
        `${JSON.stringify({ title, standings: report.standings, elo: report.elo, skill: report.skill })}\n`,
      );
      return 0;
    }
    const elo = new Map((report.elo ?? []).map((e) => [e.id, e]));
    const counts = store.counts();
    io.out(`${title}: ${counts.finished} of ${counts.scheduled} scheduled games finished\n\n`);
    io.out(
      `${'#'.padStart(3)}  ${'bot'.padEnd(24)} ${'points'.padStart(8)} ${'games'.padStart(6)} ${'avg'.padStart(7)} ${'irregular'.padStart(9)}  rating\n`,
    );
    for (const r of report.standings) {
      const e = elo.get(r.id);
      const rating = e ? `${Math.round(e.elo)} ± ${Math.round(e.high - e.elo)}` : '';
      io.out(
        `${String(r.rank).padStart(3)}  ${r.name.padEnd(24)} ${String(r.points).padStart(8)} ${String(r.games).padStart(6)} ${r.average.toFixed(2).padStart(7)} ${String(r.irregularTotal).padStart(9)}  ${rating}\n`,
      );
    }
    return 0;
  } finally {
    store.close();
  }
}

/** Refuses an `--out` that the export cannot write as a whole, before the database is even opened. */
function checkTarget(format: string, out: string): void {
  const problem =
    format === 'transcripts'
      ? transcriptsTargetProblem(out)
      : (fileTargetProblem(out, `results.${format}`) ??
        (format === 'html' ? transcriptsTargetProblem(join(dirname(out), 'transcripts')) : null));
  if (problem) throw new UsageError(`--out: ${problem}`);
}

/** Runs an export's writing; a file system refusal (no permission, disk full …) becomes a usage error. */
async function writing<T>(out: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    // System errors (EACCES, ENOSPC, EISDIR …) only; anything else is a fault of Jury.
    if (typeof error.code !== 'string' || !/^E[A-Z]+$/.test(error.code)) throw e;
    throw new UsageError(`cannot write ${out}: ${error.code} (${error.message})`);
  }
}

/**
 * `jury export`: CSV (CodeCup layout), JSON, a standalone HTML report, or every transcript. Every export
 * is written as a whole or not at all: single files atomically, the transcripts folder in a temporary
 * sibling renamed into place (for HTML first the transcripts beside the report, then the report).
 */
export async function exportCommand(
  db: string,
  flags: { format: string; out: string },
  io: CliIo,
): Promise<number> {
  const formats = ['csv', 'json', 'html', 'transcripts'];
  if (!formats.includes(flags.format))
    throw new UsageError(
      `--format must be one of ${formats.join(', ')}, got ${JSON.stringify(flags.format)}`,
    );
  const out = flags.out;
  checkTarget(flags.format, out);
  const { data, title, seatNames, config, store } = load(db);
  try {
    const records = function* () {
      for (const g of data.scheduled) {
        const record = store.record(g.index);
        if (record) yield { index: g.index, record };
      }
    };
    const transcripts = (dir: string): Promise<number> =>
      writing(dir, () => writeFolderAtomic(dir, (temp) => writeTranscripts(temp, records())));
    switch (flags.format) {
      case 'csv':
        await writing(out, () => writeCsv(out, data));
        break;
      case 'json':
        await writing(out, () =>
          writeJsonExport(out, { ...data, config, jury: JURY_VERSION, exportedAt: new Date().toISOString() }),
        );
        break;
      case 'html':
        // The report links to transcripts/game-<n>.txt beside it: those first, so its links work.
        await transcripts(join(dirname(out), 'transcripts'));
        await writing(out, () =>
          writeHtmlReport(out, {
            ...data,
            title,
            seatNames,
            subtitle: `Jury ${JURY_VERSION}, exported ${new Date().toISOString()}`,
          }),
        );
        break;
      case 'transcripts':
        io.out(`${await transcripts(out)} transcripts written\n`);
        return 0;
    }
    io.out(`${flags.format} written to ${out}\n`);
    return 0;
  } finally {
    store.close();
  }
}
