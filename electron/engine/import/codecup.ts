import { existsSync, linkSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { isImportedGameId } from '../../../shared/games/imported.ts';
import { builtInGameIds, findGameInfo } from '../../../shared/games/registry.ts';
import {
  codecupEvent,
  type CodecupEvent,
  type ImportRules,
} from '../../../shared/tournament/codecup/event.ts';
import { codecupImportNotes, type CodecupImportNotes } from '../../../shared/tournament/codecup/notes.ts';
import { parseCodecupCsv } from '../../../shared/tournament/codecup/parse.ts';
import { StoreError } from '../store/errors.ts';
import { TournamentStore } from '../store/store.ts';
import { parseTournamentConfig, type TournamentConfig } from '../tournament/config.ts';
import type { ImportedInfo } from './imported-info.ts';
import { importedRecord } from './record.ts';

/**
 * `jury import codecup` and the app's import: CodeCup's published result file becomes a read-only Jury
 * tournament (docs/tournaments.md, "CodeCup's result file"). The whole file is checked before anything
 * is written; the store is then built under a temporary name and linked into place only when complete,
 * so a refused or failed import leaves no file at the target.
 */

/** What an import made. */
export interface CodecupImport {
  /** The new tournament database. */
  readonly path: string;
  readonly name: string;
  readonly games: number;
  readonly participants: number;
  readonly players: number;
  /** Swiss rounds and finalists as found in the file (0 when it has no such stage). */
  readonly swissRounds: number;
  readonly finalists: number;
  /** Where the file contradicts itself, and the names with blanks around them. */
  readonly notes: CodecupImportNotes;
}

/** The most characters of a config's bot name. */
const CONFIG_NAME_MAX = 80;

/** What a bot of an imported event runs: nothing (an imported event is never run). */
export const IMPORTED_EXECUTABLE = '(imported from CodeCup: results only)';

/** The tournament's name: the file's name without its extension. */
function eventName(file: string): string {
  const name = basename(file, extname(file)).trim().slice(0, 120).trim();
  return name === '' ? 'CodeCup results' : name;
}

/** The config an imported event is kept with: its game, its stages as a format, its players as bots. */
function importedConfig(event: CodecupEvent, name: string): Result<TournamentConfig, InputError> {
  const schedule =
    event.swissRounds > 0
      ? { kind: 'swiss', swissRounds: event.swissRounds, finalists: Math.max(1, event.finalists) }
      : event.players === 2
        ? { kind: 'round-robin' }
        : { kind: 'groups' };
  return parseTournamentConfig({
    format: 'jury-tournament',
    version: 1,
    name,
    game: event.game,
    seed: 0,
    schedule,
    bots: configNames(event).map((name) => ({ name, executable: IMPORTED_EXECUTABLE })),
  });
}

/**
 * The imported config's bot names. An imported event is never run, so they are only its players as a
 * config lists them: the name as written where a config keeps it so (no blanks around it, at most 80
 * characters, no other bot of that name), else the participant's id with the name quoted, which shows
 * its blanks (`p2 "Contestant 7 "`). The names the event shows are the participants', always as written.
 */
function configNames(event: CodecupEvent): string[] {
  const taken = new Set<string>();
  return event.participants.map((p) => {
    const keeps = p.name.trim() === p.name && p.name.length <= CONFIG_NAME_MAX;
    let name = keeps && !taken.has(p.name) ? p.name : `${p.id} ${JSON.stringify(p.name)}`;
    if (name.length > CONFIG_NAME_MAX) name = `${name.slice(0, CONFIG_NAME_MAX - 2)}…"`;
    for (let n = 2; taken.has(name); n++) name = `${p.id}-${n}`;
    taken.add(name);
    return name;
  });
}

/** Reads a CodeCup result file's text into an event and its config, or says what is wrong where. */
export function readCodecupText(
  text: string,
  file: string,
  name = eventName(file),
  game?: string,
): Result<{ event: CodecupEvent; config: TournamentConfig }, InputError> {
  const rules = game === undefined ? undefined : rulesOf(game);
  if (rules && !rules.ok) return rules;
  const rows = parseCodecupCsv(text);
  if (!rows.ok) return rows;
  const event = codecupEvent(rows.value, rules?.value);
  if (!event.ok) return event;
  const config = importedConfig(event.value, name);
  if (!config.ok) return err({ code: 'codecup-csv', message: `the event: ${config.error.message}` });
  return ok({ event: event.value, config: config.value });
}

/** The rules of game `id` for an import (`--game`): a game Jury knows, not an imported one. */
function rulesOf(id: string): Result<ImportRules, InputError> {
  const info = isImportedGameId(id) ? undefined : findGameInfo(id);
  if (!info) {
    const known = builtInGameIds.join(', ');
    return err({
      code: 'codecup-game',
      message: `--game: no game ${JSON.stringify(id)}; choose one of ${known}`,
    });
  }
  return ok({ id: info.id, title: info.title, shape: info });
}

/** Removes a store file and what SQLite keeps beside it. */
function removeStore(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/**
 * Imports CodeCup's result file `text` (named `file`) as a new tournament database at `db`, named
 * `options.name` (default: the file's name without its extension), every row as published: names as
 * written, scores and statuses as given. Rows whose status is not what the scores give by the rules of
 * `options.game` (a game Jury knows: cooperative 6561, Less's teams), else by CodeCup's plain rule, are
 * kept and reported in the answer's `notes`; show them to the user. A file that is not CodeCup's layout
 * is an `invalid` StoreError naming the line and column; an existing `db` is refused with `exists`. In
 * both cases, and on any failure part-way, nothing is left at `db`.
 */
export function importCodecupText(
  text: string,
  file: string,
  db: string,
  options: { readonly now?: Date; readonly name?: string; readonly game?: string } = {},
): CodecupImport {
  const now = options.now ?? new Date();
  if (existsSync(db)) throw new StoreError('exists', `${db} already exists; import into a new file`);
  const read = readCodecupText(text, file, options.name, options.game);
  if (!read.ok) throw new StoreError('invalid', `${basename(file)}: ${read.error.message}`);
  const { event, config } = read.value;
  const imported: ImportedInfo = {
    source: 'codecup',
    file: basename(file),
    importedAt: now.toISOString(),
    gameNumbers: [...event.gameNumbers],
    fileOrder: [...event.fileOrder],
  };
  const temporary = `${db}.importing-${process.pid}`;
  removeStore(temporary);
  try {
    const participants = event.participants.map((p) => ({ ...p, command: null, executableHash: null }));
    const store = TournamentStore.create(
      temporary,
      { seed: 0, config, participants, imported },
      { now: () => now },
    );
    try {
      store.addScheduled(event.scheduled);
      store.finishGames(
        event.outcomes.map((outcome) => ({
          index: outcome.index,
          outcome,
          record: importedRecord(event, outcome, imported),
        })),
        // One rebuild of the ranking totals instead of one update per game: 17,190 games in seconds less.
        { rebuildTotals: true },
      );
    } finally {
      store.close();
    }
    // A hard link fails rather than replace a file that appeared at `db` meanwhile.
    linkSync(temporary, db);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new StoreError('exists', `${db} already exists; import into a new file`);
    }
    throw e;
  } finally {
    removeStore(temporary);
  }
  return {
    path: db,
    name: config.name,
    games: event.scheduled.length,
    participants: event.participants.length,
    players: event.players,
    swissRounds: event.swissRounds,
    finalists: event.finalists,
    notes: codecupImportNotes(event),
  };
}

/**
 * Reads the file at `file` (UTF-8; anything else is refused naming the line and column of the first
 * byte that is not) and imports it, as {@link importCodecupText}.
 */
export async function importCodecupFile(
  file: string,
  db: string,
  options: { readonly game?: string } = {},
): Promise<CodecupImport> {
  const bytes = await readFile(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StoreError('invalid', `${basename(file)}: ${notUtf8(bytes)}`);
  }
  return importCodecupText(text, file, db, options);
}

/** Where bytes that are not UTF-8 start, as `line L, column C: …` (the file's first U+FFFD is taken as it). */
function notUtf8(bytes: Uint8Array): string {
  const lossy = new TextDecoder('utf-8').decode(bytes);
  const before = lossy.slice(0, Math.max(0, lossy.indexOf('\uFFFD')));
  const lines = before.split('\n');
  const column = (lines.at(-1) ?? '').length + 1;
  return `line ${lines.length}, column ${column}: not UTF-8 text (byte ${Buffer.byteLength(before) + 1})`;
}
