import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SmokeResult, Submission, SubmissionState } from '../../../shared/event/submission.ts';
import type { GameId } from '../../../shared/games/types.ts';
import {
  BUILD_LIMITS,
  BUILD_OUTPUT_BYTES,
  buildFailure,
  prepareBot,
  type BuildStepLog,
} from '../bots/build.ts';
import type { MatchBot } from '../play-match.ts';
import type { ResourceLimits } from '../process/limits.ts';
import { runToCompletion } from '../process/run.ts';
import type { SandboxCapabilities } from '../process/sandbox.ts';
import type { UnpackedArchive } from './archive-entries.ts';
import type { EventStore, Launch } from './event-store.ts';

/**
 * Builds a stored submission and smoke-tests it, moving it through its states in the store (each step
 * one transaction: a crash leaves it `building` or `built`, and {@link buildSubmission} starts it again
 * from `building`). The build is the bot library's confined build: a single source file with
 * {@link prepareBot} and its language preset; an archive's own build command under the same limits and
 * output cap. The smoke test is the caller's (the app's smoke test: one game against the sample bot).
 */

/** Where background work runs: lowest priority, on the cores games leave (see ResourceLimits). */
export type Background = NonNullable<ResourceLimits['background']>;

/** Background work on any core (no games pinned): the default of {@link BuildSettings.background}. */
const ANY_CORE: Background = { cpus: null };

/**
 * Plays one game of `game` with `bot` in seat 0 against the sample bot (electron/app/library/smoke-test.ts),
 * as `background` work: the event's games come first.
 */
export type SmokeTester = (bot: MatchBot, game: GameId, background: Background) => Promise<SmokeResult>;

/** How submissions are built. */
export interface BuildSettings {
  readonly game: GameId;
  readonly smokeTest: SmokeTester;
  /** Per build step (default 60 s). */
  readonly timeoutMs?: number;
  /** What a build may use (default the bot library's {@link BUILD_LIMITS}). */
  readonly limits?: ResourceLimits;
  /** Where builds and smoke tests run beside the event's games (default: any core, lowest priority). */
  readonly background?: Background;
  /** What the machine offers; default: probed once. */
  readonly sandbox?: SandboxCapabilities;
}

/** The folder of one submission's files: `src/` (a source file, read-only to its build) and `build/`. */
export function workFolder(eventFolder: string, submission: string): string {
  return join(eventFolder, 'work', submission);
}

/**
 * Builds submission `id` of `store` from its stored bytes (unpacked as `unpacked`) and smoke-tests it;
 * answers it in its final state (`build-failed`, `smoke-failed` or `working`). Never throws for the
 * contestant's faults: they end in a state with the log.
 */
export async function buildSubmission(
  store: EventStore,
  id: string,
  unpacked: UnpackedArchive,
  settings: BuildSettings,
): Promise<Submission> {
  const sub = store.submission(id);
  if (!sub) throw new Error(`no submission ${id}`);
  store.setStatus(id, { state: 'building' });
  const work = workFolder(store.folder, id);
  rmSync(work, { recursive: true, force: true });
  const built =
    sub.kind === 'file'
      ? await buildFile(sub, unpacked, work, settings)
      : await buildArchive(sub, unpacked, work, settings);
  if (!built.ok) {
    store.setStatus(id, { state: 'build-failed', log: built.log });
    return store.submission(id) as Submission;
  }
  store.setStatus(id, { state: 'built', log: built.log }, built.launch);
  return smoke(store, id, built.log, built.launch, settings);
}

/** Smoke-tests a built submission (also one found `built` after a crash) and stores the verdict. */
export async function smoke(
  store: EventStore,
  id: string,
  log: string,
  launch: Launch,
  settings: BuildSettings,
): Promise<Submission> {
  const bot: MatchBot = {
    name: `version ${store.submission(id)?.version ?? '?'}`,
    command: [...launch.command],
    cwd: launch.cwd,
  };
  let result: SmokeResult;
  try {
    result = await settings.smokeTest(bot, settings.game, settings.background ?? ANY_CORE);
  } catch (e) {
    result = {
      passed: false,
      verdict: `Could not play: ${(e as Error).message}`,
      dialogue: [],
      scores: [],
      statuses: [],
    };
  }
  const next: SubmissionState = result.passed
    ? { state: 'working', log, smoke: result }
    : { state: 'smoke-failed', log, smoke: result };
  store.setStatus(id, next);
  return store.submission(id) as Submission;
}

type Built =
  | { readonly ok: true; readonly log: string; readonly launch: Launch }
  | { readonly ok: false; readonly log: string };

async function buildFile(
  sub: Submission,
  unpacked: UnpackedArchive,
  work: string,
  settings: BuildSettings,
): Promise<Built> {
  const src = join(work, 'src');
  writeTree(src, unpacked);
  if (sub.language === null) return { ok: false, log: 'the language of the source file is not known\n' };
  const prepared = await prepareBot(
    { name: `version ${sub.version}`, source: { file: sub.fileName, language: sub.language }, args: [] },
    {
      baseDir: src,
      buildDir: join(work, 'build'),
      timeoutMs: settings.timeoutMs ?? 60_000,
      limits: buildLimits(settings),
      ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
    },
  );
  if (!prepared.ok) {
    const output = prepared.error.output?.trimEnd();
    return {
      ok: false,
      log: output ? `${prepared.error.message}\n\n${output}\n` : `${prepared.error.message}\n`,
    };
  }
  const { launch, build } = prepared.value;
  const log =
    build.length > 0
      ? build.map(stepLog).join('\n')
      : `Nothing to build: the source runs with ${launch.executable}.\n`;
  return { ok: true, log, launch: { command: [launch.executable, ...launch.args], cwd: launch.cwd } };
}

async function buildArchive(
  sub: Submission,
  unpacked: UnpackedArchive,
  work: string,
  settings: BuildSettings,
): Promise<Built> {
  // The archive is built in place: its build command may write its folder, and nothing else.
  const folder = join(work, 'build');
  writeTree(folder, unpacked);
  let log = '';
  if (sub.buildCommand !== null) {
    const limits = buildLimits(settings);
    const timeoutMs = settings.timeoutMs ?? 60_000;
    // Its own command line, through a shell inside the build's sandbox: `make`, `g++ -O2 *.cpp -o bot`.
    const r = await runToCompletion('sh', ['-c', `cd build && ${sub.buildCommand}`], {
      cwd: work,
      timeoutMs,
      maxOutputBytes: BUILD_OUTPUT_BYTES,
      confine: { writable: [folder], limits, ...(settings.sandbox ? { sandbox: settings.sandbox } : {}) },
    });
    const output = r.error ? `${r.output}${r.error}\n` : r.output;
    log = stepLog({ command: [sub.buildCommand], code: r.code, output, durationMs: r.durationMs });
    if (r.code !== 0)
      return { ok: false, log: `building failed (${buildFailure(r, limits, timeoutMs)})\n\n${log}` };
  }
  const [executable = '', ...args] = sub.runCommand ?? [];
  const prepared = await prepareBot(
    { name: `version ${sub.version}`, executable, args, cwd: '.' },
    { baseDir: folder, buildDir: join(work, 'unused') },
  );
  if (!prepared.ok) return { ok: false, log: `${log}${prepared.error.message}\n` };
  const { launch } = prepared.value;
  return {
    ok: true,
    log: log || 'No build command: the files run as unpacked.\n',
    launch: { command: [launch.executable, ...launch.args], cwd: launch.cwd },
  };
}

/** A build's limits: the settings' (default {@link BUILD_LIMITS}) as background work. */
function buildLimits(settings: BuildSettings): ResourceLimits {
  return { ...(settings.limits ?? BUILD_LIMITS), background: settings.background ?? ANY_CORE };
}

/** Writes unpacked files under `root` (created afresh): folders 0755, files 0644 or 0755 if executable. */
function writeTree(root: string, unpacked: UnpackedArchive): void {
  mkdirSync(root, { recursive: true });
  for (const folder of unpacked.folders) mkdirSync(join(root, folder), { recursive: true });
  for (const file of unpacked.files) {
    const path = join(root, file.path);
    mkdirSync(dirname(path), { recursive: true });
    // 'wx': never through a file that is there already (the tree is new, and paths are checked).
    writeFileSync(path, file.bytes, { flag: 'wx', mode: file.executable ? 0o755 : 0o644 });
    chmodSync(path, file.executable ? 0o755 : 0o644);
  }
}

function stepLog(step: BuildStepLog): string {
  const seconds = (step.durationMs / 1000).toFixed(1);
  const output = step.output.trimEnd();
  return `$ ${step.command.join(' ')}\n${output ? `${output}\n` : ''}(exit ${step.code ?? '?'}, ${seconds} s)\n`;
}
