/**
 * The process layer: the only part of Jury that spawns programs. Bots are started with {@link startBot}
 * (a PlayerChannel over a real process, under the limits of limits.ts), compilers and probes with
 * {@link runToCompletion}.
 */
export { startBot, BotProcess, BOT_MARKER_VAR } from './bot-process.ts';
export type { BotProcessOptions } from './bot-process.ts';
export { launchProblem } from './launch.ts';
export type { LaunchSpec } from './launch.ts';
export { runToCompletion } from './run.ts';
export type { RunOptions, RunResult } from './run.ts';
export { DEFAULT_LIMITS, planLaunch } from './limits.ts';
export type { LimitName, LimitsReport, LaunchPlan, ResourceLimits } from './limits.ts';
export { adoptSandboxCapabilities, sandboxCapabilities, probeSandbox } from './sandbox.ts';
export type { SandboxCapabilities } from './sandbox.ts';
export { killAllBots, registerElsewhere } from './signals.ts';
export { findExecutable, whyNotExecutable } from './executables.ts';
export { STDERR_FULL_BYTES, STDERR_SHOWN_CHARS } from './stderr-collector.ts';
export { machineProtections, protectionGaps, protectionsOf } from './protections.ts';
export type { Protection } from './protections.ts';
