import { basename, extname } from 'node:path';
import { importCodecupText } from '../../engine/import/codecup.ts';
import { nameProblem } from './files.ts';
import type { Response } from '../../../shared/ipc/contract.ts';
import type { Tournaments } from './tournaments.ts';

/** The name of an import when the file's own name cannot be a tournament's. */
const FALLBACK_NAME = 'CodeCup results';

/** A free tournament name from `wanted`: itself, else `wanted 2`, `wanted 3` … (compared ignoring case). */
export function freeName(wanted: string, taken: readonly string[]): string {
  const base = nameProblem(wanted) === null ? wanted : FALLBACK_NAME;
  const lower = new Set(taken.map((id) => id.toLowerCase()));
  let name = base;
  for (let n = 2; lower.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  return name;
}

/**
 * `tournaments.importCodecup`: CodeCup's result file (its name and text, as the page read it) becomes a
 * read-only tournament named after the file (electron/engine/import/codecup.ts), every row as published;
 * its summary comes with the import's notes (where the file contradicts itself, names with blanks), for
 * the page to show. A file that is not CodeCup's layout is refused naming its line and column; nothing is
 * created then.
 */
export async function importCodecupTournament(
  tournaments: Tournaments,
  fileName: string,
  text: string,
): Promise<Response<'tournaments.importCodecup'>> {
  const { files, emit } = tournaments.opts;
  if (files.only !== null) throw new Error('this Jury shows one tournament only; it cannot import any');
  const file = basename(fileName);
  const id = freeName(basename(file, extname(file)).trim().slice(0, 100).trim(), await files.ids());
  const made = importCodecupText(text, file, files.store(id), { name: id });
  emit('tournament.changed', { id, reason: 'created', game: null });
  const { contradictions, namesWithBlanks, lookAlike } = made.notes;
  // The contract's lists are mutable arrays: copies of the notes' read-only ones.
  const notes = {
    contradictions: { ...contradictions, examples: [...contradictions.examples] },
    namesWithBlanks: [...namesWithBlanks],
    lookAlike: lookAlike.map((group) => [...group]),
  };
  return { ...(await tournaments.summary(id)), notes };
}
