import { mkdirSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { launchProblem, type LaunchSpec } from '../process/launch.ts';
import { findExecutable } from '../process/executables.ts';
import { namedPath } from '../process/program-view.ts';
import type { ResourceLimits } from '../process/limits.ts';
import { runToCompletion, type RunResult } from '../process/run.ts';
import type { SandboxCapabilities } from '../process/sandbox.ts';
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
  /** What each build step may use (default {@link BUILD_LIMITS}). */
  readonly limits?: ResourceLimits;
  /** What the machine offers; default: probed once. Tests pass variants. */
  readonly sandbox?: SandboxCapabilities;
  /** Files the compiler must not read even beside the source (a tournament store and its side files). */
  readonly hidden?: readonly string[];
}

/**
 * A build step's limits: a compiler reads a contestant's source (which may name any file: `#include`,
 * `.incbin`, `include_bytes!`), so it runs confined like a game, with room for a large C++ or Rust
 * build, and writes files of at most 256 MiB into the build folder. Threads count as processes: `go
 * build` runs a compiler per core, each with threads of its own, so the cap stops a fork bomb, not a
 * toolchain on a machine of many cores.
 */
export const BUILD_LIMITS: ResourceLimits = {
  memoryMiB: 2048,
  maxProcesses: 1024,
  network: false,
  maxFileBytes: 256 * 1024 * 1024,
};

/** Compiler output kept per build step (the rest is counted, and said to be cut). */
const BUILD_OUTPUT_BYTES = 256 * 1024;

/**
 * Makes a bot definition ready to start: makes its paths absolute (its working folder, its program, the
 * arguments that name files: {@link absoluteArgs}), builds its source with the language preset if it has
 * one, and checks that the program can be started. Without a `cwd` a program runs in its own folder
 * ({@link defaultBotFolder}), a source file in the source's folder; a system folder is refused
 * ({@link botFolderProblem}). The compiler runs confined like a game under {@link BUILD_LIMITS}: it
 * sees the system, its toolchain and the working folder read-only and writes only the build folder,
 * which must not hold the source. Never throws for a bad definition; a missing compiler, a failed build
 * (with the compiler's output and the cap it hit) or a missing program is an error that says which.
 * Throws when `baseDir` is relative (the caller's bug).
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
  const limits = options.limits ?? BUILD_LIMITS;
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (steps.length > 0) {
    // The compiler may write the build folder only: one that holds the source or its folder would
    // let it change them.
    if (contains(outDir, cwd) || contains(outDir, source)) {
      return err({
        code: 'cannot-start',
        message: `${def.name}: the build folder ${outDir} holds the source; give it a folder of its own`,
      });
    }
    mkdirSync(outDir, { recursive: true });
  }
  for (const step of steps) {
    const r = await runToCompletion(step.tool, step.args, {
      cwd,
      timeoutMs,
      env,
      maxOutputBytes: BUILD_OUTPUT_BYTES,
      confine: {
        writable: [outDir],
        limits,
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(options.hidden ? { hidden: options.hidden } : {}),
      },
    });
    const output = r.error ? `${r.output}${r.error}\n` : r.output;
    log.push({ command: [step.tool, ...step.args], code: r.code, output, durationMs: r.durationMs });
    if (r.code !== 0) {
      const why = failure(r, limits, timeoutMs);
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

/** Why a build step failed, in words: its limits by name, else its exit. */
function failure(r: RunResult, limits: ResourceLimits, timeoutMs: number): string {
  if (r.timedOut) return `timed out after ${timeoutMs / 1000} s`;
  if (r.error) return r.error;
  if (r.oomKills > 0) return `out of memory (${limits.memoryMiB} MiB)`;
  if (r.signal === 'SIGXFSZ' && limits.maxFileBytes !== undefined) {
    return `it wrote a file over ${limits.maxFileBytes / (1024 * 1024)} MiB`;
  }
  return r.signal ? `died of ${r.signal}` : `exit ${r.code}`;
}

/** Whether `path` is `folder` or lies inside it. */
function contains(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel));
}

function isReadableFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Why a build step failed, in words (its limits by name, else its exit): for a build run outside
 * {@link prepareBot} under the same limits (an event's archive with its own build command).
 */
export { failure as buildFailure, BUILD_OUTPUT_BYTES };
