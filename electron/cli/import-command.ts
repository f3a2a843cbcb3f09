import { existsSync, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { codecupNotesText } from '../../shared/tournament/codecup/notes.ts';
import { importCodecupFile } from '../engine/import/codecup.ts';
import { defaultStorePath } from '../engine/store/paths.ts';
import type { CliIo } from './program.ts';
import { UsageError } from './usage-error.ts';

/** The sources `jury import` reads. */
export const IMPORT_SOURCES = ['codecup'] as const;

/**
 * `jury import codecup FILE.csv [--db PATH]`: CodeCup's published result file becomes a read-only
 * tournament database (default: named after the file, in the data folder, where the app finds it), every
 * row as published; the summary names the rows where the file contradicts itself and the names with
 * blanks around them. A file that is not CodeCup's layout is refused naming its line and column, with
 * exit code 2, and nothing is written.
 */
export async function importCommand(
  source: string,
  file: string,
  flags: { db?: string; json?: boolean; game?: string },
  io: CliIo,
): Promise<number> {
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
    throw new UsageError(`jury import reads ${IMPORT_SOURCES.join(', ')}, not ${JSON.stringify(source)}`);
  }
  if (!existsSync(file)) throw new UsageError(`no file at ${file}`);
  if (!statSync(file).isFile()) throw new UsageError(`${file} is not a file`);
  const db = flags.db ?? defaultStorePath(basename(file, extname(file)), process.platform, process.env);
  const made = await importCodecupFile(file, db, flags.game === undefined ? {} : { game: flags.game });
  if (flags.json) {
    io.out(`${JSON.stringify(made)}\n`);
    return 0;
  }
  const stages = [
    made.swissRounds > 0 ? `${made.swissRounds} Swiss rounds` : null,
    made.finalists > 0 ? `a final of ${made.finalists}` : null,
  ].filter((s) => s !== null);
  const notes = codecupNotesText(made.notes).map((line) => `  ${line}\n`);
  io.out(
    `${made.name}: ${made.games} games of ${made.players} players, ${made.participants} participants` +
      `${stages.length > 0 ? ` (${stages.join(', ')})` : ''}, imported read-only into ${made.path}\n` +
      notes.join('') +
      `  jury standings ${JSON.stringify(made.path)}\n`,
  );
  return 0;
}
