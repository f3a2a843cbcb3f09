import { constants } from 'node:fs';
import { access, readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import {
  MANIFEST_FILE,
  parseGameManifestText,
  type GameManifest,
} from '../../../shared/games/packages/manifest.ts';
import { looksLikePackagePath, packagePathProblem } from '../../../shared/games/packages/paths.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';

/**
 * Reads a game package folder: its manifest (shared/games/packages/manifest.ts), checked, with every
 * path resolved against the folder and every named file checked to exist. What it returns is all a
 * game host needs to start the referee and the sample players.
 */

/** A file or folder the referee reads from its working folder. */
export interface PackageFile {
  /** Its path relative to the package folder, which is also its path in the referee's working folder. */
  readonly name: string;
  /** Its absolute path. */
  readonly path: string;
  readonly kind: 'file' | 'folder';
}

/** A checked game package with absolute paths. */
export interface GamePackage {
  /** The package folder (absolute). */
  readonly folder: string;
  readonly manifestPath: string;
  /** The manifest as written, defaults filled in. */
  readonly manifest: GameManifest;
  /** The referee's command: words that name package files are absolute paths, others as written. */
  readonly referee: { readonly command: readonly string[]; readonly protocol: 'caia' };
  readonly files: readonly PackageFile[];
  readonly samples: readonly { readonly name: string; readonly command: readonly string[] }[];
  /** The referee's log or replay to show, when the manifest names one. */
  readonly log: { readonly file: string; readonly kind: 'text' | 'html' } | null;
  /** The manifest's time factor, 1 when it names none. */
  readonly timeFactor: number;
}

type Kind = 'file' | 'folder' | null;

async function kindOf(path: string): Promise<Kind> {
  try {
    const s = await stat(path);
    return s.isDirectory() ? 'folder' : s.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * Resolves a manifest command against the package folder. A word with a `/` (not a flag) must name a
 * file in the package; a bare word is a package file when one of that name exists (caiaio runs
 * `referee` from its folder, not from the PATH), else a program on the PATH or an argument. A program
 * found in the package must be executable.
 */
async function resolveCommand(
  words: readonly string[],
  folder: string,
  field: string,
  problems: string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const [i, word] of words.entries()) {
    const at = `${field}.${i}`;
    if (isAbsolute(word) || word.startsWith('-')) {
      out.push(word);
      continue;
    }
    if (looksLikePackagePath(word)) {
      const problem = packagePathProblem(word);
      if (problem !== null) {
        problems.push(`${at}: ${problem}`);
        out.push(word);
        continue;
      }
    }
    const path = resolve(folder, word);
    const kind = await kindOf(path);
    if (kind === null && looksLikePackagePath(word)) {
      problems.push(`${at}: ${JSON.stringify(word)} does not exist in the package folder`);
    }
    if (kind === 'file' && i === 0 && !(await isExecutable(path))) {
      problems.push(
        `${at}: ${JSON.stringify(word)} is not executable (chmod +x it, or run it through its interpreter, such as ["python3", ${JSON.stringify(word)}])`,
      );
    }
    out.push(kind === 'file' ? path : word);
  }
  return out;
}

/** Where the manifest is: `path` itself when it names a jury-game.json file, else inside the folder. */
async function locate(path: string): Promise<Result<{ folder: string; manifestPath: string }, InputError>> {
  const given = resolve(path);
  const kind = await kindOf(given);
  if (kind === 'file' && basename(given) === MANIFEST_FILE) {
    return ok({ folder: dirname(given), manifestPath: given });
  }
  if (kind !== 'folder') {
    return err({
      code: 'package-folder',
      message: `${given} is not a game package folder (${kind === null ? 'it does not exist' : 'it is a file'})`,
    });
  }
  return ok({ folder: given, manifestPath: resolve(given, MANIFEST_FILE) });
}

/**
 * Reads and checks the game package in `path` (its folder, or its jury-game.json). Fails with one
 * message naming every problem: a missing or invalid manifest (each field named), a named file that
 * does not exist, a program that cannot run. Never throws.
 */
export async function loadGamePackage(path: string): Promise<Result<GamePackage, InputError>> {
  const where = await locate(path);
  if (!where.ok) return where;
  const { folder, manifestPath } = where.value;
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err({
      code: 'manifest-missing',
      message:
        code === 'ENOENT'
          ? `${folder} has no ${MANIFEST_FILE}: a game package folder needs one (see docs/caia.md)`
          : `cannot read ${manifestPath}: ${code ?? (e as Error).message}`,
    });
  }
  const parsed = parseGameManifestText(text);
  if (!parsed.ok)
    return err({ code: parsed.error.code, message: `${manifestPath}: ${parsed.error.message}` });
  const manifest = parsed.value;

  const problems: string[] = [];
  const referee = await resolveCommand(manifest.referee.command, folder, 'referee.command', problems);
  const files: PackageFile[] = [];
  for (const [i, name] of manifest.files.entries()) {
    const filePath = resolve(folder, name);
    const kind = await kindOf(filePath);
    if (kind === null)
      problems.push(`files.${i}: ${JSON.stringify(name)} does not exist in the package folder`);
    else files.push({ name, path: filePath, kind });
  }
  const samples: { name: string; command: string[] }[] = [];
  for (const [i, s] of manifest.samples.entries()) {
    const cmd = await resolveCommand(s.command, folder, `samples.${i}.command`, problems);
    samples.push({ name: s.name, command: cmd });
  }
  if (problems.length > 0) {
    return err({ code: 'package-files', message: `${manifestPath}: ${problems.join('; ')}` });
  }
  return ok({
    folder,
    manifestPath,
    manifest,
    referee: { command: referee, protocol: manifest.referee.protocol },
    files,
    samples,
    log: manifest.log ?? null,
    timeFactor: manifest.cpuSpeed ?? 1,
  });
}
