import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { games } from '../../shared/games/registry.ts';
import type { Json } from '../../shared/games/types.ts';
import { buildReport } from '../../shared/tournament/standings/index.ts';
import { writeCsv, writeHtmlReport, writeJsonExport, writeTranscripts } from '../engine/export/index.ts';
import type { ExportData } from '../engine/export/index.ts';
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
  let store: TournamentStore;
  try {
    store = TournamentStore.open(db, { readOnly: true });
  } catch (e) {
    throw new UsageError(`${db}: ${(e as Error).message}`);
  }
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

/** `jury export`: CSV (CodeCup layout), JSON, a standalone HTML report, or every transcript. */
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
  const { data, title, seatNames, config, store } = load(db);
  try {
    const out = flags.out;
    await mkdir(flags.format === 'transcripts' ? out : dirname(out), { recursive: true }).catch(
      (e: NodeJS.ErrnoException) => {
        throw new UsageError(`cannot create ${out}: ${e.code ?? e.message}`);
      },
    );
    const records = function* () {
      for (const g of data.scheduled) {
        const record = store.record(g.index);
        if (record) yield { index: g.index, record };
      }
    };
    switch (flags.format) {
      case 'csv':
        await writeCsv(out, data);
        break;
      case 'json':
        await writeJsonExport(out, {
          ...data,
          config,
          jury: JURY_VERSION,
          exportedAt: new Date().toISOString(),
        });
        break;
      case 'html':
        // The report links to transcripts/game-<n>.txt beside it: write them too, so its links work.
        await writeHtmlReport(out, {
          ...data,
          title,
          seatNames,
          subtitle: `Jury ${JURY_VERSION}, exported ${new Date().toISOString()}`,
        });
        await writeTranscripts(join(dirname(out), 'transcripts'), records());
        break;
      case 'transcripts':
        io.out(`${await writeTranscripts(out, records())} transcripts written\n`);
        return 0;
    }
    io.out(`${flags.format} written to ${out}\n`);
    return 0;
  } finally {
    store.close();
  }
}
