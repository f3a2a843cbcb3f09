import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import type { CheckedRequest } from '../../../shared/ipc/contract.ts';
import type { LanguageId } from '../../engine/bots/definition.ts';
import { LANGUAGES, languageOfFile } from '../../engine/bots/languages.ts';
import { whyNotExecutable } from '../../engine/process/executables.ts';
import { botFolderOf, checkAddFields, resolveProgram } from './add-check.ts';

/** What `bots.add` asks for: a path, and optionally a name, arguments and the source's language. */
export type AddBotRequest = CheckedRequest<'bots.add'>;

/** A file that can be added: its absolute path, and its language when it is a source file. */
export interface Addable {
  readonly path: string;
  readonly language: LanguageId | null;
  /**
   * The working folder: the one asked for (a full path), else the bot's own folder (an interpreter's
   * script's, a program's: add-check.ts's `botFolderOf`); undefined for a source file (its own folder).
   */
  readonly cwd?: string | undefined;
}

/**
 * Checks that the file of an add request can become a bot, with a message for the user otherwise: it
 * must exist and be a file; a source file (by its extension, or the language the request names) is
 * built later, anything else must be executable. The program may be a command on the PATH (`java`,
 * `python3`); the working folder, the environment and an interpreter's script are checked too
 * (add-check.ts, which the form asks field by field).
 */
export async function checkAddable(request: AddBotRequest): Promise<Addable> {
  const cwd = request.cwd?.trim() || undefined;
  const others = checkAddFields(request).filter((i) => i.path !== 'path');
  if (others.length > 0)
    throw new Error(`cannot add ${request.path}: ${others.map((i) => i.message).join('; ')}`);
  const path = resolveProgram(request.path, cwd) ?? resolve(cwd ?? '/', request.path);
  const info = await stat(path).catch(() => null);
  if (info === null) throw new Error(`cannot add ${path}: there is no such file`);
  if (!info.isFile()) throw new Error(`cannot add ${path}: it is a folder, not a program or a source file`);
  const language = request.language ?? languageOfFile(path);
  if (language !== null) return { path, language, cwd };
  const why = whyNotExecutable(path);
  if (why !== null) {
    const known = Object.values(LANGUAGES)
      .map((l) => l.label)
      .join(', ');
    const ext = extname(path) || 'no extension';
    throw new Error(
      `cannot add ${path}: ${why}, and its extension (${ext}) is not one of a language Jury builds (${known})`,
    );
  }
  const folder = botFolderOf(path, request.args ?? [], cwd);
  if ('problem' in folder) throw new Error(`cannot add ${path}: ${folder.problem}`);
  return { path, language: null, cwd: folder.folder };
}
