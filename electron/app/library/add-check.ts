import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { botFolderProblem, defaultBotFolder } from '../../engine/bots/folder.ts';
import { INTERPRETERS } from '../../engine/bots/hash.ts';
import { languageOfFile } from '../../engine/bots/languages.ts';
import { findExecutable, whyNotExecutable } from '../../engine/process/executables.ts';

/**
 * The bot library form's fields checked one by one, as the form shows them: the program (a path, or a
 * command found on the PATH such as `java` or `python3`), its arguments, the working folder and the
 * environment. Each problem names its field, so the form puts it under that field.
 */

/** One problem of the form, by field: `path`, `args`, `cwd`, `env`, `name`. */
export interface AddIssue {
  readonly path: string;
  readonly message: string;
}

/** The program part of an add request, as checked here. */
export interface AddFields {
  readonly path: string;
  readonly args?: readonly string[] | undefined;
  readonly cwd?: string | undefined;
  readonly env?: Readonly<Record<string, string>> | undefined;
  readonly language?: string | undefined;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const kind = (path: string): 'file' | 'folder' | null => {
  try {
    const info = statSync(path);
    return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : null;
  } catch {
    return null;
  }
};

/**
 * The program `path` names: an absolute path, a path relative to `cwd`, or a bare command looked up on
 * the PATH (`java`). Null when it names nothing that exists, and for a relative path without `cwd`: the
 * app's own working folder means nothing to the user.
 */
export function resolveProgram(path: string, cwd: string | undefined): string | null {
  const text = path.trim();
  if (text === '') return null;
  if (!text.includes('/')) {
    const found = findExecutable(text, cwd ?? '/');
    if (found !== null) return found;
  }
  if (!isAbsolute(text) && cwd === undefined) return null;
  const full = resolve(cwd ?? '/', text);
  return kind(full) === null ? null : full;
}

/**
 * The bot's working folder: `cwd` as given, or its own folder ({@link defaultBotFolder}: a program's
 * folder, an interpreter's script's); an error message naming the fix when there is none or it is a
 * system folder. `program` is the absolute path {@link resolveProgram} found.
 */
export function botFolderOf(
  program: string,
  args: readonly string[],
  cwd: string | undefined,
): { folder: string } | { problem: string } {
  const folder = cwd ?? defaultBotFolder(program, args, null);
  if (folder === null) {
    return {
      problem: `give a working folder, the folder of the bot's own files (or name its script by its full path)`,
    };
  }
  const problem = botFolderProblem(folder);
  return problem === null ? { folder } : { problem };
}

/** Every problem of the form's fields; empty when the bot can be added. */
export function checkAddFields(fields: AddFields): AddIssue[] {
  const issues: AddIssue[] = [];
  const cwd = fields.cwd?.trim() || undefined;
  let cwdOk = true;
  if (cwd !== undefined) {
    cwdOk = isAbsolute(cwd) && kind(cwd) === 'folder';
    if (!isAbsolute(cwd)) issues.push({ path: 'cwd', message: 'give the working folder as a full path' });
    else if (kind(cwd) !== 'folder') issues.push({ path: 'cwd', message: `there is no folder ${cwd}` });
  }
  for (const name of Object.keys(fields.env ?? {})) {
    if (!ENV_NAME.test(name))
      issues.push({ path: 'env', message: `${JSON.stringify(name)} is not a valid variable name` });
  }
  const text = fields.path.trim();
  if (text === '') {
    issues.push({ path: 'path', message: 'give a program, a command such as java, or a source file' });
    return issues;
  }
  const program = resolveProgram(text, cwd);
  if (program === null) {
    const words = text.split(/\s+/);
    issues.push({
      path: 'path',
      message:
        words.length > 1 && resolveProgram(words[0] ?? '', cwd) !== null
          ? `there is no file ${JSON.stringify(text)}: put the program (${words[0]}) here and the rest (${words.slice(1).join(' ')}) under Arguments`
          : text.includes('/')
            ? `there is no such file: ${text}`
            : `there is no program ${JSON.stringify(text)} on the PATH`,
    });
    return issues;
  }
  if (kind(program) === 'folder') {
    issues.push({ path: 'path', message: `${program} is a folder, not a program or a source file` });
    return issues;
  }
  if ((fields.language ?? languageOfFile(program)) === null) {
    const why = whyNotExecutable(program);
    if (why !== null) issues.push({ path: 'path', message: `${program}: ${why}` });
  }
  // python3 bot.py, java -jar bot.jar: the script or jar must be there, from the working folder.
  const script = (fields.args ?? []).find((a, i, all) => !a.startsWith('-') && all[i - 1] !== '-cp');
  if (cwdOk && INTERPRETERS.test(basename(program))) {
    if (script === undefined) {
      issues.push({
        path: 'args',
        message: `${basename(program)} needs the script or jar to run as an argument`,
      });
      return issues;
    }
    const from = cwd ?? (isAbsolute(script) ? dirname(script) : null);
    if (from === null) {
      issues.push({
        path: 'args',
        message: `give the script's full path (${basename(program)} /path/${script}), or a working folder`,
      });
      return issues;
    }
    if (/\.(py|js|mjs|cjs|jar|rb|pl|php|sh|ts)$/.test(script) && kind(resolve(from, script)) !== 'file') {
      issues.push({ path: 'args', message: `there is no file ${script} in ${from}` });
      return issues;
    }
  }
  if (cwdOk && (fields.language ?? languageOfFile(program)) === null) {
    const folder = botFolderOf(program, fields.args ?? [], cwd);
    if ('problem' in folder) issues.push({ path: 'cwd', message: folder.problem });
  }
  return issues;
}
