import { spawnSync } from 'node:child_process';
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
  /** Path of bubblewrap when installed (reported only; unshare does the same job here). */
  readonly bwrap: string | null;
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
  return {
    ...base,
    pidNamespace,
    netNamespace,
    prlimit: prlimitWorks ? prlimit : null,
    reaper,
    setpriv,
    bwrap: findExecutable('bwrap'),
    problems,
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
