import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findMemoryCgroup, readSelfCgroup, type MemoryCgroupSupport } from './cgroup.ts';
import { findExecutable } from './executables.ts';

/**
 * What this machine offers to contain and limit bots, found once by running the tools (a tool that
 * exists may still be refused by the kernel or a security policy, so only a real run counts).
 */
export interface SandboxCapabilities {
  readonly platform: string;
  /** Jury runs as root: the kernel then ignores RLIMIT_NPROC, even inside a user namespace. */
  readonly root: boolean;
  /**
   * The unshare command line that starts a program in a new PID namespace whose init dies with unshare
   * (killing everything in the namespace), or null where none works.
   */
  readonly pidNamespace: readonly string[] | null;
  /** Whether adding `--net` to {@link pidNamespace} works (an empty network namespace: no network). */
  readonly netNamespace: boolean;
  /** Path of prlimit when it works, else null. */
  readonly prlimit: string | null;
  /**
   * Path of GNU `timeout`, run with a zero duration as the namespace's init: it forks the bot, reaps
   * orphans and exits with the bot's code, or 128 + the signal that killed it. Without it the bot itself
   * would be the init, and an init cannot be killed by its own signals (abort() would show as SIGSEGV).
   */
  readonly reaper: string | null;
  /**
   * Path of util-linux setpriv when it can set a parent-death signal: the spawned wrapper then gets
   * SIGKILL if Jury itself dies (even by SIGKILL), which takes the namespace and the bot with it.
   */
  readonly setpriv: string | null;
  /** Path of bubblewrap when a trial sandbox worked, else null ({@link bwrapWhy} says why). */
  readonly bwrap: string | null;
  readonly bwrapWhy: string | null;
  /**
   * When Jury runs as root: the uids bots run as (one each, from `base`; set JURY_BOT_UID_BASE to move
   * the range), or null when setpriv cannot switch users.
   */
  readonly botUids: { readonly base: number; readonly count: number } | null;
  /** Where per-bot memory cgroups can be made, or null ({@link cgroupWhy} says why). */
  readonly memoryCgroup: MemoryCgroupSupport | null;
  readonly cgroupWhy: string | null;
  /** Path of taskset (util-linux) for CPU affinity, else null. */
  readonly taskset: string | null;
  /** Path of coreutils' nice, for background work (builds beside games), else null or absent. */
  readonly nice?: string | null;
  /**
   * Path of util-linux setsid when it works, else null or absent. Inside a PID namespace the bot is
   * started through it, so that it leads a process group of its own: suspending it then signals only
   * its processes, not the idle wrappers above it.
   */
  readonly setsid?: string | null;
  /** Path of a POSIX shell, used only to join a cgroup before the bot's wrappers start. */
  readonly shell: string | null;
  /** How many cores this process may use. */
  readonly cores: number;
  /** Why a facility is missing, one sentence each, for the game record and `jury` diagnostics. */
  readonly problems: readonly string[];
}

let cached: SandboxCapabilities | null = null;

/**
 * The capabilities of this machine, probed on first call (a few short runs, about 20 ms, blocking) and
 * cached for the life of the process. Callers may call it early (at tournament start) to pay that cost
 * before any game; {@link startBot} calls it when not given capabilities.
 */
export function sandboxCapabilities(): SandboxCapabilities {
  cached ??= probeSandbox();
  return cached;
}

/**
 * Takes `caps` (probed by the main thread) as this thread's {@link sandboxCapabilities}: a worker thread
 * must not probe again, as probing makes (and on exit removes) the process's cgroup parents.
 */
export function adoptSandboxCapabilities(caps: SandboxCapabilities): void {
  cached = caps;
}

/** Probes now, without the cache (tests, diagnostics). */
export function probeSandbox(): SandboxCapabilities {
  const root = process.getuid?.() === 0;
  const base = { platform: process.platform, root };
  if (process.platform !== 'linux') {
    return {
      ...base,
      pidNamespace: null,
      netNamespace: false,
      prlimit: null,
      reaper: null,
      setpriv: null,
      bwrap: null,
      bwrapWhy: `bubblewrap needs Linux; this is ${process.platform}`,
      botUids: null,
      memoryCgroup: null,
      cgroupWhy: `memory cgroups need Linux; this is ${process.platform}`,
      taskset: null,
      shell: null,
      cores: availableParallelism(),
      problems: [`resource limits and namespaces need Linux; this is ${process.platform}`],
    };
  }
  const problems: string[] = [];
  const truePath = findExecutable('true') ?? '/bin/true';
  const prlimit = findExecutable('prlimit');
  const prlimitWorks = prlimit !== null && runs(prlimit, ['--data=unlimited', '--', truePath]);
  if (!prlimit) problems.push('prlimit (util-linux) is not installed');
  else if (!prlimitWorks) problems.push('prlimit is installed but failed to run');

  const unshare = findExecutable('unshare');
  let pidNamespace: string[] | null = null;
  if (!unshare) {
    problems.push('unshare (util-linux) is not installed');
  } else {
    const ns = ['--pid', '--fork', '--kill-child'];
    for (const prefix of [
      [unshare, ...ns],
      [unshare, '--user', '--map-root-user', ...ns],
    ]) {
      const [cmd, ...args] = prefix;
      if (cmd && runs(cmd, [...args, '--', truePath])) {
        pidNamespace = prefix;
        break;
      }
    }
    if (!pidNamespace)
      problems.push('unshare cannot create a PID namespace here (user namespaces disabled?)');
  }
  let netNamespace = false;
  if (pidNamespace) {
    const [cmd, ...args] = pidNamespace;
    netNamespace = cmd !== undefined && runs(cmd, [...args, '--net', '--', truePath]);
    if (!netNamespace) problems.push('unshare cannot create a network namespace here');
  }
  const timeout = findExecutable('timeout');
  const reaper = timeout && /GNU coreutils/.test(output(timeout, ['--version'])) ? timeout : null;
  if (pidNamespace && !reaper) {
    problems.push('GNU timeout is missing: the bot runs as its namespace init (abort() shows as SIGSEGV)');
  }
  const setprivPath = findExecutable('setpriv');
  const setpriv =
    setprivPath && runs(setprivPath, ['--pdeathsig', 'KILL', '--', truePath]) ? setprivPath : null;
  if (!setpriv) problems.push('setpriv cannot set a parent-death signal: bots may outlive a crashed Jury');
  const botUids = root && setprivPath ? uidRange() : null;
  if (root && !botUids) problems.push('setpriv is missing: bots would run as root');
  const bw = probeBwrap(root, botUids, setprivPath, truePath);
  if (bw.why) problems.push(bw.why);
  let cgroup = findMemoryCgroup();
  if (!cgroup.support && !root) {
    // A desktop user: systemd's user manager can make the cgroups Jury may not.
    const scope = probeSystemdScope(truePath);
    cgroup = scope.support
      ? scope
      : { support: null, why: [cgroup.why, scope.why].filter(Boolean).join('; ') };
  }
  const tasksetPath = findExecutable('taskset');
  const taskset = tasksetPath && runs(tasksetPath, ['-c', '0', truePath]) ? tasksetPath : null;
  const setsidPath = findExecutable('setsid');
  const setsid = setsidPath && runs(setsidPath, ['--', truePath]) ? setsidPath : null;
  return {
    ...base,
    pidNamespace,
    netNamespace,
    prlimit: prlimitWorks ? prlimit : null,
    reaper,
    setpriv,
    bwrap: bw.path,
    bwrapWhy: bw.why,
    botUids,
    memoryCgroup: cgroup.support,
    cgroupWhy: cgroup.why,
    taskset,
    nice: findExecutable('nice'),
    setsid,
    shell: findExecutable('sh'),
    cores: availableParallelism(),
    problems,
  };
}

/** The default first uid for bots when Jury runs as root (isolate's range; far from real users). */
const DEFAULT_UID_BASE = 60000;

function uidRange(): { base: number; count: number } {
  const fromEnv = Number(process.env['JURY_BOT_UID_BASE']);
  const base = Number.isInteger(fromEnv) && fromEnv >= 1000 && fromEnv < 2 ** 31 ? fromEnv : DEFAULT_UID_BASE;
  return { base, count: 1000 };
}

/** Runs one trial sandbox the way bots are run; a bwrap that exists may still be refused by the kernel. */
function probeBwrap(
  root: boolean,
  uids: { base: number } | null,
  setpriv: string | null,
  truePath: string,
): { path: string | null; why: string | null } {
  if (process.env['JURY_SANDBOX'] === 'none') {
    return {
      path: null,
      why: 'bubblewrap was turned off (JURY_SANDBOX=none): bots see the whole file system',
    };
  }
  const bwrap = findExecutable('bwrap');
  if (!bwrap)
    return { path: null, why: 'bubblewrap (bwrap) is not installed: bots see the whole file system' };
  const common = ['--die-with-parent', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev'];
  const args =
    root && uids && setpriv
      ? [
          '--unshare-ipc',
          '--unshare-pid',
          '--unshare-net',
          '--cap-add',
          'CAP_SETUID',
          '--cap-add',
          'CAP_SETGID',
          ...common,
          '--',
          setpriv,
          `--reuid=${uids.base}`,
          `--regid=${uids.base}`,
          '--clear-groups',
          '--',
          truePath,
        ]
      : ['--unshare-all', ...common, '--', truePath];
  const r = spawnSync(bwrap, args, { encoding: 'utf8', timeout: 5000 });
  if (r.status === 0) return { path: bwrap, why: null };
  const said = (r.stderr || '').trim().split('\n')[0] ?? '';
  return {
    path: null,
    why: `bubblewrap is installed but cannot make a sandbox here${said ? ` (${said})` : ''}`,
  };
}

function runs(cmd: string, args: readonly string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore', timeout: 5000 });
  return r.status === 0;
}

function output(cmd: string, args: readonly string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 5000 });
  return typeof r.stdout === 'string' ? r.stdout : '';
}

/**
 * Whether systemd's user manager can give each bot a scope with a memory cap: systemd-run works, and the
 * memory controller is delegated to the user manager (otherwise MemoryMax would be silently ignored).
 */
function probeSystemdScope(truePath: string): { support: MemoryCgroupSupport | null; why: string | null } {
  const systemdRun = findExecutable('systemd-run');
  if (!systemdRun) return { support: null, why: null };
  const self = readSelfCgroup().find((l) => l.id === '0')?.path ?? '';
  const manager = /^(.*\/user@\d+\.service)(\/|$)/.exec(self)?.[1];
  if (manager === undefined) return { support: null, why: "Jury is not under systemd's user manager" };
  let controllers: string;
  try {
    controllers = readFileSync(join('/sys/fs/cgroup', manager, 'cgroup.controllers'), 'utf8');
  } catch {
    return { support: null, why: "the user manager's cgroup cannot be read" };
  }
  if (!controllers.split(/\s+/).includes('memory')) {
    return { support: null, why: 'the memory controller is not delegated to the user manager' };
  }
  const args = ['--user', '--scope', '--quiet', '--collect', '-p', 'MemoryMax=67108864', '--', truePath];
  if (!runs(systemdRun, args)) return { support: null, why: 'systemd-run --user --scope failed here' };
  return { support: { version: 'systemd', systemdRun }, why: null };
}
