import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gameInfo } from '../../shared/games/registry.ts';
import type { Json } from '../../shared/games/types.ts';
import { writeCsv, writeHtmlReport, writeJsonExport, writeTranscripts } from '../engine/export/index.ts';
import { fileTargetProblem, sameFileAmong, transcriptsTargetProblem } from '../engine/export/targets.ts';
import { writeFolderAtomic } from '../engine/atomic-file.ts';
import { storeFiles } from '../engine/tournament/game-player.ts';
import { storedExportData } from '../engine/tournament/leaderboard.ts';
import { JURY_VERSION } from '../engine/version.ts';
import { openEvent } from './open-event.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';

/** Refuses an `--out` that the export cannot write as a whole, before the database is even opened. */
function checkTarget(format: string, out: string): void {
  const problem =
    format === 'transcripts'
      ? transcriptsTargetProblem(out)
      : (fileTargetProblem(out, `results.${format}`) ??
        (format === 'html' ? transcriptsTargetProblem(join(dirname(out), 'transcripts')) : null));
  if (problem) throw new UsageError(`--out: ${problem}`);
}

/**
 * Refuses an `--out` (as typed) that is the store `db` or one of its files (-wal, -shm, -journal, the run
 * lock), however it is spelled: through `..`, a symbolic link, a hard link, or a link to the store's
 * `-wal` of a moment when there is none. Replacing one of them loses the tournament.
 */
function checkNotStore(out: string, db: string): void {
  const store = resolve(db);
  let real = store;
  try {
    real = realpathSync(store);
  } catch {
    // No store there: openEvent says so.
  }
  // SQLite keeps the companions beside the store's real file, wherever the name given links from.
  const files = [...new Set([...storeFiles(store), ...storeFiles(real)])];
  const hit = sameFileAmong(out, files);
  if (hit === null) return;
  // What each file is: storeFiles of no name are the endings it adds ('', '-wal', … '.lock').
  const suffix = storeFiles('').find((end) => hit === store + end || hit === real + end) ?? '';
  const what =
    suffix === ''
      ? `the tournament database ${db} itself`
      : `the ${suffix === '.lock' ? 'run lock' : suffix} file of the tournament database ${db}`;
  throw new UsageError(`--out: ${out} is ${what}; give another path`);
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
  const out = resolve(flags.out);
  checkNotStore(flags.out, db);
  // The report's transcripts go beside it.
  if (flags.format === 'html') checkNotStore(join(dirname(flags.out), 'transcripts'), db);
  checkTarget(flags.format, out);
  // A written export reads most of the file anyway; its page check comes first (nothing half-written).
  const { store, config } = openEvent(db, { quickCheck: true });
  try {
    // The one leaderboard every view shows (electron/engine/tournament/leaderboard.ts).
    const data = storedExportData(store, config);
    const title = config.name;
    const seatNames = gameInfo(config.game).seatNames;
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
          writeJsonExport(out, {
            ...data,
            config: config as unknown as Json,
            jury: JURY_VERSION,
            exportedAt: new Date().toISOString(),
          }),
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
