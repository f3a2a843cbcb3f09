import { spawnSync } from 'node:child_process';
import { existsSync, lchownSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { findExecutable } from './executables.ts';
import { planLaunch, type LimitsReport, type ResourceLimits } from './limits.ts';
import { sandboxCapabilities, type SandboxCapabilities } from './sandbox.ts';
import { prepareSandbox } from './sandbox-setup.ts';

/**
 * How {@link runToCompletion} confines a program that reads a contestant's files (a compiler): the
 * confinement of a game (sandbox-setup.ts and limits.ts), with its working folder shown read-only and
 * only the listed folders writable.
 */
export interface RunConfinement {
  /** Host folders it may write (a build's output folder), shown at their own path; never its cwd. */
  readonly writable: readonly string[];
  readonly limits: ResourceLimits;
  /** Files never to show (a tournament store beside the source). */
  readonly hidden?: readonly string[];
  /** What the machine offers; default: probed once. Tests pass variants. */
  readonly sandbox?: SandboxCapabilities;
}

/** A confined command ready to spawn, and what to do once it has ended. */
export interface ConfinedCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** The environment of the spawned wrappers (inside bwrap: only the program's own). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Exit codes above 128 stand for the signal that killed the program (bwrap's reaper). */
  readonly viaReaper: boolean;
  /** Why it cannot run this way (a toolchain closed to its uid), or null. */
  readonly problem: string | null;
  readonly report: LimitsReport;
  /** The seccomp filter to feed bwrap on its fourth stdio entry (seccomp.ts), or null. */
  readonly seccomp: Buffer | null;
  /**
   * Call once it has ended: how often the kernel's OOM killer hit it; hands the writable folders back
   * to Jury's user and removes the sandbox.
   */
  finish(): Promise<{ readonly oomKills: number }>;
}

/**
 * Prepares `command` (a name looked up in PATH, or a path) to run in `cwd` under `c`. Its uid (Jury as
 * root) gets the writable folders for the run: every file in them is its own until {@link
 * ConfinedCommand.finish} gives them back, so that a later bot with the same uid owns nothing here.
 */
export function confineCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>>,
  c: RunConfinement,
): ConfinedCommand {
  const caps = c.sandbox ?? sandboxCapabilities();
  const hostEnv = { ...process.env, ...env };
  const found = findExecutable(command, cwd, hostEnv);
  const exe = found === null ? command : throughRustup(found);
  const sandbox =
    found !== null && caps.platform === 'linux'
      ? prepareSandbox(
          {
            exe,
            named: !command.includes('/'),
            args,
            cwd,
            folder: cwd,
            paths: [],
            hidden: c.hidden ?? [],
            env,
            hostEnv,
            limits: c.limits,
            cpus: null,
            writable: c.writable,
            seccomp: true,
          },
          caps,
        )
      : null;
  const plan = planLaunch(sandbox?.executable ?? exe, args, c.limits, caps, sandbox?.setup);
  const uid = sandbox?.setup.uid ?? null;
  const confined = sandbox?.setup.confinement ?? null;
  const problem =
    found === null
      ? `${command} was not found`
      : (sandbox?.problem ?? (confined && uid !== null ? closedTool(sandbox?.executable ?? exe, uid) : null));
  if (uid !== null && problem === null) for (const dir of c.writable) handOver(dir, uid, uid);
  return {
    command: plan.command,
    args: plan.args,
    env: confined?.env ?? hostEnv,
    viaReaper: plan.exitViaReaper,
    problem,
    report: plan.report,
    seccomp: confined?.seccomp ?? null,
    async finish() {
      const oomKills = sandbox?.cgroup?.oomKills() ?? 0;
      await sandbox?.release();
      if (uid !== null) {
        for (const dir of c.writable) handOver(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
      }
      return { oomKills };
    },
  };
}

/**
 * rustup's proxies (`~/.cargo/bin/rustc` → rustup) pick a toolchain from `~/.rustup`, which a build's
 * sandbox does not show: the toolchain's own program is run instead, its folder shown read-only like
 * any runtime's. Asked from `/`, so that a contestant's rust-toolchain file cannot choose the path.
 */
function throughRustup(found: string): string {
  const name = basename(found);
  const rustup = join(dirname(found), 'rustup');
  if (name === 'rustup' || !existsSync(rustup) || !sameFile(found, rustup)) return found;
  const r = spawnSync(rustup, ['which', name], { cwd: '/', encoding: 'utf8', timeout: 10_000 });
  const path = r.status === 0 ? r.stdout.trim() : '';
  return path !== '' && isAbsolute(path) && existsSync(path) ? realpathSync(path) : found;
}

function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

/**
 * Inside bwrap a toolchain outside the system folders (under /root, ~/.pyenv) is shown read-only at its
 * own path; its files keep their modes, so its program must be open to others for the build's uid.
 */
function closedTool(exe: string, uid: number): string | null {
  try {
    if ((statSync(exe).mode & 0o001) !== 0 && (statSync(dirname(exe)).mode & 0o001) !== 0) return null;
  } catch {
    return null;
  }
  return `${exe} cannot be run by the build's own user (uid ${uid}): Jury runs as root and compiles as an unprivileged user, so the toolchain must be open to others (chmod -R o+rX on its folder), or run Jury as an ordinary user`;
}

/**
 * Gives `dir` and everything in it to `uid`:`gid`, never following a symbolic link (a program may leave
 * links to anywhere). Never throws: what cannot be changed stays as it is.
 */
function handOver(dir: string, uid: number, gid: number): void {
  const folders = [dir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    try {
      lchownSync(folder, uid, gid);
      for (const e of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, e.name);
        if (e.isDirectory()) folders.push(path);
        else lchownSync(path, uid, gid);
      }
    } catch {
      // Gone or unreadable: nothing to give.
    }
  }
}
