import { mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { launchProblem, type LaunchSpec } from '../process/launch.ts';
import { findExecutable } from '../process/executables.ts';
import { namedPath } from '../process/program-view.ts';
import { runToCompletion } from '../process/run.ts';
import type { BotDefinition } from './definition.ts';
import { botFolderProblem, defaultBotFolder } from './folder.ts';
import { identityFile } from './hash.ts';
import { LANGUAGES } from './languages.ts';

/** What went wrong preparing a bot; `output` holds what the compiler printed, when it ran. */
export interface BotError extends InputError {
  readonly code: 'missing-file' | 'missing-tool' | 'build-failed' | 'cannot-start';
  readonly output?: string;
}

/** One build step as it ran. */
export interface BuildStepLog {
  readonly command: readonly string[];
  readonly code: number | null;
  readonly output: string;
  readonly durationMs: number;
}

/** A bot ready to start. */
export interface PreparedBot {
  readonly name: string;
  readonly launch: LaunchSpec;
  /** The file whose content identifies this version of the bot (hash it with sha256File). */
  readonly identityFile: string;
  /** The build steps that ran, with their output (warnings included); empty when nothing was built. */
  readonly build: readonly BuildStepLog[];
}

/** Options of {@link prepareBot}. */
export interface PrepareOptions {
  /**
   * Relative paths of the definition are relative to this absolute folder (the folder of the file it
   * came from).
   */
  readonly baseDir: string;
  /** Where built programs go (created if missing); one folder per bot, or names may clash. */
  readonly buildDir: string;
  /** Per build step (default 120 s). */
  readonly timeoutMs?: number;
}

/**
 * Makes a bot definition ready to start: makes its paths absolute (its working folder, its program, the
 * arguments that name files: {@link absoluteArgs}), builds its source with the language preset if it has
 * one, and checks that the program can be started. Without a `cwd` a program runs in its own folder
 * ({@link defaultBotFolder}), a source file in the source's folder; a system folder is refused
 * ({@link botFolderProblem}). Never throws for a bad definition; a missing compiler, a failed build
 * (with the compiler's output) or a missing program is an error that says which. Throws when `baseDir`
 * is relative (the caller's bug).
 */
export async function prepareBot(
  def: BotDefinition,
  options: PrepareOptions,
): Promise<Result<PreparedBot, BotError>> {
  if (!isAbsolute(options.baseDir)) throw new Error(`prepareBot: baseDir ${options.baseDir} is relative`);
  const at = (p: string) => resolve(options.baseDir, p);
  const env = def.env ?? {};
  if (!def.source) {
    const exe = def.executable ?? '';
    const path = exe.includes('/') ? at(exe) : exe;
    const cwd = def.cwd
      ? at(def.cwd)
      : (defaultBotFolder(path, def.args, options.baseDir) ?? options.baseDir);
    const problem = botFolderProblem(cwd);
    if (problem) return err({ code: 'cannot-start', message: `${def.name}: ${problem}` });
    return ready(def, { executable: path, args: absoluteArgs(def.args, cwd), cwd, env }, []);
  }
  const source = at(def.source.file);
  const cwd = def.cwd ? at(def.cwd) : dirname(source);
  const folderProblem = botFolderProblem(cwd);
  if (folderProblem) return err({ code: 'cannot-start', message: `${def.name}: ${folderProblem}` });
  if (!isReadableFile(source)) {
    return err({ code: 'missing-file', message: `the source file ${source} does not exist` });
  }
  const preset = LANGUAGES[def.source.language];
  for (const tool of preset.tools) {
    if (!findExecutable(tool)) {
      return err({
        code: 'missing-tool',
        message: `${preset.label} bots need ${tool}, which is not installed (not found in PATH)`,
      });
    }
  }
  const outDir = at(options.buildDir);
  const log: BuildStepLog[] = [];
  const steps = preset.build(source, outDir);
  if (steps.length > 0) mkdirSync(outDir, { recursive: true });
  for (const step of steps) {
    const r = await runToCompletion(step.tool, step.args, {
      cwd,
      timeoutMs: options.timeoutMs ?? 120_000,
      env,
    });
    const output = r.error ? `${r.output}${r.error}\n` : r.output;
    log.push({ command: [step.tool, ...step.args], code: r.code, output, durationMs: r.durationMs });
    if (r.code !== 0) {
      const why = r.timedOut
        ? 'timed out'
        : r.error
          ? r.error
          : r.signal
            ? `died of ${r.signal}`
            : `exit ${r.code}`;
      return err({
        code: 'build-failed',
        message: `building ${def.name} with ${step.tool} failed (${why})`,
        output,
      });
    }
  }
  const run = preset.run(source, outDir);
  const args = absoluteArgs([...run.args, ...def.args], cwd);
  return ready(def, { executable: run.executable, args, cwd, env }, log);
}

/**
 * A bot's arguments with every relative one that names a file or folder from `cwd` made absolute
 * (`carol.py` → `/club/carol.py`, `../bots/x.py` → `/bots/x.py`; the rule is program-view.ts's
 * {@link namedPath}). The bot reads the same files, and its command means the same wherever it is
 * started from: on this machine, or on a remote worker that gets each folder it sees.
 */
export function absoluteArgs(args: readonly string[], cwd: string): string[] {
  return args.map((arg) => (isAbsolute(arg) ? arg : (namedPath(arg, cwd) ?? arg)));
}

function ready(def: BotDefinition, launch: LaunchSpec, build: BuildStepLog[]): Result<PreparedBot, BotError> {
  const problem = launchProblem(launch);
  if (problem) return err({ code: 'cannot-start', message: `${def.name}: ${problem}` });
  const exe =
    findExecutable(launch.executable, launch.cwd, { ...process.env, ...launch.env }) ?? launch.executable;
  return ok({ name: def.name, launch, identityFile: identityFile(exe, launch.args, launch.cwd), build });
}

function isReadableFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
