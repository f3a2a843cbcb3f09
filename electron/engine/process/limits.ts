import type { SandboxCapabilities } from './sandbox.ts';

/** Resource limits for one bot, configurable per tournament. */
export interface ResourceLimits {
  /**
   * Memory cap in MiB, or null for none. Applied as RLIMIT_DATA (heap and private writable mappings),
   * not RLIMIT_AS: Node and the JVM reserve several GiB of address space they never use and cannot even
   * start under a 1 GiB address-space cap, while a data cap limits what a program really allocates.
   */
  readonly memoryMiB: number | null;
  /** Cap on processes and threads (RLIMIT_NPROC), or null for none. Threads count: keep it generous. */
  readonly maxProcesses: number | null;
  /** Whether the bot may use the network. When false it runs in an empty network namespace. */
  readonly network: boolean;
}

/** The defaults: 1 GiB of memory, 256 processes and threads, no network. */
export const DEFAULT_LIMITS: ResourceLimits = { memoryMiB: 1024, maxProcesses: 256, network: false };

/** A limit as the game record names it; `containment` is the guarantee that nothing outlives the game. */
export type LimitName = 'memory' | 'processes' | 'network' | 'containment';

/** Which limits a bot ran under and which could not be applied, and why: stored in the game record. */
export interface LimitsReport {
  readonly requested: ResourceLimits;
  readonly applied: readonly { readonly limit: LimitName; readonly detail: string }[];
  readonly notApplied: readonly { readonly limit: LimitName; readonly why: string }[];
  /** How the bot's processes are held together so they can all be killed. */
  readonly containment: 'pid-namespace' | 'process-group';
}

/** The command line that starts a bot under its limits. */
export interface LaunchPlan {
  readonly command: string;
  readonly args: readonly string[];
  /** How many wrapper processes stand between the spawned process and the bot (each forks the next). */
  readonly depth: number;
  /** Whether the exit status passes through the reaper, which reports a signal n as exit code 128 + n. */
  readonly exitViaReaper: boolean;
  readonly report: LimitsReport;
}

/**
 * Builds the command line for `executable` (an absolute path) with `args` under `limits`, using what
 * `caps` says works, and reports exactly what was applied. Pure: spawns nothing.
 *
 * Shape on Linux: `setpriv --pdeathsig KILL -- unshare --pid --fork --kill-child [--net] -- timeout
 * --foreground 0 prlimit --data=… --nproc=… -- bot args`. Limits are set innermost so that they bind
 * the bot alone, and `--foreground` keeps every process in the group Jury suspends with SIGSTOP.
 */
export function planLaunch(
  executable: string,
  args: readonly string[],
  limits: ResourceLimits,
  caps: SandboxCapabilities,
): LaunchPlan {
  const applied: { limit: LimitName; detail: string }[] = [];
  const notApplied: { limit: LimitName; why: string }[] = [];
  const noTool = caps.platform === 'linux' ? 'prlimit is not available' : `not supported on ${caps.platform}`;

  const rlimits: string[] = [];
  if (limits.memoryMiB !== null) {
    if (!(limits.memoryMiB > 0) || !Number.isFinite(limits.memoryMiB)) {
      notApplied.push({ limit: 'memory', why: `${limits.memoryMiB} MiB is not a positive size` });
    } else if (caps.prlimit) {
      rlimits.push(`--data=${Math.round(limits.memoryMiB * 1024 * 1024)}`);
      applied.push({ limit: 'memory', detail: `${limits.memoryMiB} MiB of data memory (RLIMIT_DATA)` });
    } else {
      notApplied.push({ limit: 'memory', why: noTool });
    }
  }
  if (limits.maxProcesses !== null) {
    if (!Number.isInteger(limits.maxProcesses) || limits.maxProcesses < 1) {
      notApplied.push({ limit: 'processes', why: `${limits.maxProcesses} is not a positive whole number` });
    } else if (caps.root) {
      notApplied.push({
        limit: 'processes',
        why: 'Jury runs as root, and the kernel ignores RLIMIT_NPROC for root',
      });
    } else if (caps.prlimit) {
      rlimits.push(`--nproc=${limits.maxProcesses}`);
      applied.push({
        limit: 'processes',
        detail: `${limits.maxProcesses} processes and threads (RLIMIT_NPROC)`,
      });
    } else {
      notApplied.push({ limit: 'processes', why: noTool });
    }
  }

  const ns = caps.pidNamespace;
  const outer: string[] = [];
  if (ns) {
    outer.push(...ns);
    applied.push({
      limit: 'containment',
      detail: 'own PID namespace: every process the bot starts dies with it',
    });
  } else {
    notApplied.push({
      limit: 'containment',
      why: `no PID namespace (${caps.problems[0] ?? 'unavailable'}); the process group and every process carrying the bot's marker are killed instead`,
    });
  }
  if (!limits.network) {
    if (ns && caps.netNamespace) {
      outer.push('--net');
      applied.push({ limit: 'network', detail: 'empty network namespace (loopback down)' });
    } else {
      notApplied.push({
        limit: 'network',
        why: ns
          ? 'unshare cannot create a network namespace here'
          : 'it needs a network namespace, and unshare cannot create namespaces here',
      });
    }
  }
  const reaper = ns && caps.reaper ? [caps.reaper, '--foreground', '0'] : [];
  if (ns) outer.push('--');
  const inner = caps.prlimit && rlimits.length > 0 ? [caps.prlimit, ...rlimits, '--'] : [];
  // setpriv execs the rest in place: the spawned pid stays the same, and it dies with Jury.
  const guard = caps.setpriv ? [caps.setpriv, '--pdeathsig', 'KILL', '--'] : [];
  const argv = [...guard, ...outer, ...reaper, ...inner, executable, ...args];
  const [command, ...rest] = argv;
  return {
    command: command ?? executable,
    args: rest,
    depth: ns ? (reaper.length > 0 ? 2 : 1) : 0,
    exitViaReaper: reaper.length > 0,
    report: {
      requested: limits,
      applied,
      notApplied,
      containment: ns ? 'pid-namespace' : 'process-group',
    },
  };
}
