import { dirname, join } from 'node:path';
import { z } from 'zod';
import { prepareBot, type BuildStepLog } from '../../engine/bots/build.ts';
import type { LanguageId } from '../../engine/bots/definition.ts';
import { sha256File } from '../../engine/bots/hash.ts';
import { LANGUAGES } from '../../engine/bots/languages.ts';
import type { MatchBot } from '../../engine/play-match.ts';
import { whyNotExecutable } from '../../engine/process/executables.ts';
import { readJsonFile, writeJsonFileAtomic } from '../json-file.ts';

/** A single source file of the library, to build or run. */
export interface SourceBot {
  readonly name: string;
  /** Absolute path of the source file. */
  readonly file: string;
  readonly language: LanguageId;
  /** Passed to the built program. */
  readonly args: readonly string[];
  /** This bot's own build folder (`<workspace>/builds/<id>`). */
  readonly outDir: string;
}

/** What a build did: the log for the user, and how to start the bot when it succeeded. */
export type BuildOutcome =
  | { readonly ok: true; readonly log: string; readonly bot: MatchBot }
  | { readonly ok: false; readonly log: string };

/**
 * Written into the build folder after a build succeeded: which source it was built from, so a build is
 * reused until the source changes and redone when it is missing or stale.
 */
const STAMP_FILE = '.jury-build.json';
const stampSchema = z.object({ language: z.string(), sourceHash: z.string() });

/**
 * Builds `source` with its language preset into its build folder (interpreted languages only check
 * that their interpreter is installed). Never throws for the bot's own faults: a missing compiler or a
 * failed build is an outcome with the reason and the compiler's output as the log.
 */
export async function buildSource(source: SourceBot): Promise<BuildOutcome> {
  const sourceHash = await sha256File(source.file).catch(() => null);
  const prepared = await prepareBot(
    { name: source.name, source: { file: source.file, language: source.language }, args: [...source.args] },
    { baseDir: dirname(source.file), buildDir: source.outDir },
  );
  if (!prepared.ok) {
    const output = prepared.error.output?.trimEnd();
    return {
      ok: false,
      log: output ? `${prepared.error.message}\n\n${output}\n` : `${prepared.error.message}\n`,
    };
  }
  const { launch, build } = prepared.value;
  if (build.length > 0 && sourceHash !== null) {
    await writeJsonFileAtomic(join(source.outDir, STAMP_FILE), { language: source.language, sourceHash });
  }
  const preset = LANGUAGES[source.language];
  const log =
    build.length > 0
      ? build.map(stepLog).join('\n')
      : `${preset.label} needs no build: the source runs with ${launch.executable}.\n`;
  return {
    ok: true,
    log,
    bot: { name: source.name, command: [launch.executable, ...launch.args], cwd: launch.cwd },
  };
}

/**
 * How to start `source` without building, or null when it must be built first: its language builds and
 * the build folder holds no build of the source as it is now.
 */
export async function existingBuild(source: SourceBot): Promise<MatchBot | null> {
  const preset = LANGUAGES[source.language];
  if (preset.build(source.file, source.outDir).length > 0) {
    const stamp = await readJsonFile(join(source.outDir, STAMP_FILE), stampSchema.nullable(), null).catch(
      () => null,
    );
    const sourceHash = await sha256File(source.file).catch(() => null);
    if (stamp === null || stamp.language !== source.language || stamp.sourceHash !== sourceHash) return null;
  }
  const run = preset.run(source.file, source.outDir);
  // A built program that was deleted while its stamp stayed behind.
  if (run.executable.includes('/') && whyNotExecutable(run.executable) !== null) return null;
  return {
    name: source.name,
    command: [run.executable, ...run.args, ...source.args],
    cwd: dirname(source.file),
  };
}

function stepLog(step: BuildStepLog): string {
  const seconds = (step.durationMs / 1000).toFixed(1);
  const output = step.output.trimEnd();
  return `$ ${step.command.join(' ')}\n${output ? `${output}\n` : ''}(exit ${step.code ?? '?'}, ${seconds} s)\n`;
}
