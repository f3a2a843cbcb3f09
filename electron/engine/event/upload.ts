import { isUtf8 } from 'node:buffer';
import { webcrypto } from 'node:crypto';
import { splitCommandLine } from '../../../shared/bots/command-line.ts';
import { archiveKindOf, sizeText, UPLOAD_CAPS } from '../../../shared/event/caps.ts';
import { LANGUAGE_IDS, languageOfExtension, type LanguageId } from '../../../shared/bots/languages.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { ArchiveRefusal, type UnpackedArchive } from './archive-entries.ts';
import { readTarGz } from './tar.ts';
import { readZip } from './zip.ts';

/** What a contestant sends: the file as uploaded and, for an archive, how to build and start it. */
export interface UploadRequest {
  /** The uploaded file's name: a plain name (a browser sends no folders). */
  readonly fileName: string;
  readonly bytes: Uint8Array;
  /** A source file's language; absent: by the file's extension. */
  readonly language?: string;
  /** An archive's build command, run by `sh -c` in its unpacked folder, in the build sandbox. */
  readonly buildCommand?: string;
  /** An archive's command that starts the program, run in its unpacked folder (split as a shell would). */
  readonly runCommand?: string;
}

/** An upload that passed every check: what the store keeps and the build unpacks. */
export interface CheckedUpload {
  readonly kind: 'file' | 'archive';
  readonly fileName: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly language: LanguageId | null;
  readonly buildCommand: string | null;
  readonly runCommand: readonly string[] | null;
  /** The files to build from: the one source file, or the archive's contents. */
  readonly unpacked: UnpackedArchive;
}

const refuse = (message: string): Result<never, InputError> => err({ code: 'bad-upload', message });

/**
 * Checks an upload before anything is stored (docs/event-day.md, "What a bad upload gets"): a plain file
 * name; not empty; within the caps of shared/event/caps.ts; a source file is UTF-8 text without NUL
 * bytes in a known language (chosen, else by extension); an archive (.zip, .tar.gz, .tgz) unpacks within
 * the caps to plain files with relative paths (no `../`, absolute paths, links, devices or duplicates)
 * and comes with a run command. Never throws for bad input: the error is one line saying what is wrong.
 * The heavy work (inflating, gunzip, the sha256) runs on libuv's thread pool, so a 16 MiB archive or a
 * bomb holds up the caller's event loop for no more than a step of 64 KiB at a time.
 */
export async function checkUpload(request: UploadRequest): Promise<Result<CheckedUpload, InputError>> {
  const name = request.fileName;
  const problem = fileNameProblem(name);
  if (problem) return refuse(problem);
  const bytes = request.bytes;
  if (bytes.length === 0) return refuse(`${name} is empty`);
  const archive = archiveKindOf(name);
  if (archive === null) {
    if (request.buildCommand !== undefined || request.runCommand !== undefined) {
      return refuse(
        'a build or run command goes with an archive (.zip, .tar.gz, .tgz), not a single source file',
      );
    }
    if (bytes.length > UPLOAD_CAPS.sourceBytes) {
      return refuse(
        `${name} is ${sizeText(bytes.length)}; a source file may be at most ${sizeText(UPLOAD_CAPS.sourceBytes)}`,
      );
    }
    const language = languageOf(name, request.language);
    if (!language.ok) return language;
    if (bytes.includes(0) || !isUtf8(bytes)) {
      return refuse(`${name} is not a source file: it is not UTF-8 text (binary data, or a NUL byte)`);
    }
    const files = [{ path: name, bytes, executable: false }];
    return ok({
      kind: 'file',
      fileName: name,
      bytes,
      sha256: await sha256Of(bytes),
      language: language.value,
      buildCommand: null,
      runCommand: null,
      unpacked: { files, folders: [] },
    });
  }
  if (bytes.length > UPLOAD_CAPS.archiveBytes) {
    return refuse(
      `${name} is ${sizeText(bytes.length)}; an archive may be at most ${sizeText(UPLOAD_CAPS.archiveBytes)}`,
    );
  }
  const language = request.language === undefined ? ok(null) : languageOf(name, request.language);
  if (!language.ok) return language;
  const build = commandText(request.buildCommand, 'build');
  if (!build.ok) return build;
  const run = runWords(request.runCommand);
  if (!run.ok) return run;
  let unpacked: UnpackedArchive;
  try {
    unpacked = archive === 'zip' ? await readZip(bytes) : await readTarGz(bytes);
  } catch (e) {
    if (e instanceof ArchiveRefusal) return refuse(`${name}: ${e.message}`);
    throw e;
  }
  return ok({
    kind: 'archive',
    fileName: name,
    bytes,
    sha256: await sha256Of(bytes),
    language: language.value,
    buildCommand: build.value,
    runCommand: run.value,
    unpacked,
  });
}

/** Why `name` cannot be an uploaded file's name, or null: a plain name, no folders, no hidden file. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0) return 'the file has no name';
  if (name.length > UPLOAD_CAPS.nameChars) return `the file name is over ${UPLOAD_CAPS.nameChars} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(name))
    return `the file name ${JSON.stringify(name)} must be a plain name (no folders, no control characters)`;
  if (name.startsWith('.')) return `the file name ${JSON.stringify(name)} must not start with a dot`;
  return null;
}

function languageOf(name: string, chosen: string | undefined): Result<LanguageId, InputError> {
  if (chosen !== undefined) {
    const known = LANGUAGE_IDS.find((id) => id === chosen);
    return known
      ? ok(known)
      : refuse(`unknown language ${JSON.stringify(chosen)}; choose one of ${LANGUAGE_IDS.join(', ')}`);
  }
  const dot = name.lastIndexOf('.');
  const byExtension = dot > 0 ? languageOfExtension(name.slice(dot)) : null;
  return byExtension
    ? ok(byExtension)
    : refuse(
        `the language of ${name} is unknown: choose one of ${LANGUAGE_IDS.join(', ')}, or name the file by its language (.c, .cpp, .py …)`,
      );
}

function commandText(text: string | undefined, what: string): Result<string | null, InputError> {
  if (text === undefined || text.trim() === '') return ok(null);
  if (text.length > UPLOAD_CAPS.commandChars)
    return refuse(`the ${what} command is over ${UPLOAD_CAPS.commandChars} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text))
    return refuse(`the ${what} command must be one line without control characters`);
  return ok(text.trim());
}

function runWords(text: string | undefined): Result<readonly string[], InputError> {
  const line = commandText(text, 'run');
  if (!line.ok) return line;
  if (line.value === null)
    return refuse(
      'an archive needs a run command that starts the program (such as ./bot or python3 main.py)',
    );
  const words = splitCommandLine(line.value);
  if (!words.ok) return refuse(`the run command cannot be read: ${words.error.message}`);
  if (words.value.length === 0) return refuse('the run command is empty');
  return ok(words.value);
}

/**
 * The sha256 of an upload (up to 16 MiB, some 40 ms of hashing), computed on libuv's thread pool by
 * WebCrypto: never on the thread that asked, which in `jury serve --event` is the judge's.
 */
async function sha256Of(bytes: Uint8Array): Promise<string> {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/**
 * The files of a stored upload again (to build it after a crash): the one source file, or the
 * archive read with the same checks as when it was uploaded.
 */
export async function unpackStored(
  kind: 'file' | 'archive',
  fileName: string,
  bytes: Uint8Array,
): Promise<UnpackedArchive> {
  if (kind === 'file') return { files: [{ path: fileName, bytes, executable: false }], folders: [] };
  return archiveKindOf(fileName) === 'zip' ? readZip(bytes) : readTarGz(bytes);
}
