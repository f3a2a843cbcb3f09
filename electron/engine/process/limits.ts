import { limitNames, type LimitName as SharedLimitName } from '../../../shared/ipc/limit-names.ts';
import type { BotCgroup } from './cgroup.ts';
import { bwrapArgs, type Confinement } from './confine.ts';
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
  /**
   * Whether a tournament pins each game's bots to a core of their own while games at once ≤ cores
   * (default true); the cores themselves come with each launch.
   */
  readonly affinity?: boolean | undefined;
  /**
   * Cap on the size of any file it writes, in bytes (RLIMIT_FSIZE: a write beyond it fails and the
   * process gets SIGXFSZ), or absent for none. For a build, whose output folder is on the host's disk.
   */
  readonly maxFileBytes?: number | undefined;
  /**
   * Work that must yield to the games being played (an event's builds and smoke tests): it runs at the
   * lowest priority (nice 19) and, where `cpus` lists cores, on those only (away from the cores games
   * are pinned to, see coresOfSlot). Never for a game's own bots: it would cost them time.
   */
  readonly background?: { readonly cpus: readonly number[] | null } | undefined;
  /**
   * The bot is charged its own CPU time (cpu timing): once it runs, it gives way to the interface and the
   * judge (nice {@link YIELD_NICE}, for its threads and its session's autogroup). Waiting for a core costs
   * it nothing then, while an interface that waits behind 16 bots on 2 cores stutters. Never where a bot
   * is charged wall time: there every moment it waits is its own loss.
   */
  readonly yieldCpu?: boolean | undefined;
}

/**
 * The niceness of a bot that gives way ({@link ResourceLimits.yieldCpu}): the lowest. At 10 an autogroup
 * still weighs 110 against the interface's 1024, and 16 bots' sessions outweighed it (docs/judge.md).
 */
export const YIELD_NICE = 19;

/** The defaults: 1 GiB of memory, 256 processes and threads, no network. */
export const DEFAULT_LIMITS: ResourceLimits = { memoryMiB: 1024, maxProcesses: 256, network: false };

/**
 * The protections as the game record names them: the one list lives in shared/ipc/limit-names.ts (the
 * contract and the renderer use it too). `containment`: nothing the bot starts outlives the game;
 * `filesystem`: it sees only its program, the system and a private folder (bubblewrap); `identity`: it
 * runs as an unprivileged user; `affinity`: its game's own cores; `suspend` and `cpu-time`: the timing
 * guarantees.
 */
export const LIMIT_NAMES = limitNames;
/** One of {@link LIMIT_NAMES}. */
export type LimitName = SharedLimitName;

/** Which limits a bot ran under and which could not be applied, and why: stored in the game record. */
export interface LimitsReport {
  readonly requested: ResourceLimits;
  /** `partial`: applied, but weaker than asked (the detail says how). */
  readonly applied: readonly {
    readonly limit: LimitName;
    readonly detail: string;
    readonly partial?: boolean | undefined;
  }[];
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
  /**
   * Whether the bot leads a process group of its own (started through setsid inside its PID namespace),
   * which holds it and what it starts but not the wrappers; else it shares the spawned process's group
   * with them.
   */
  readonly ownGroup: boolean;
  readonly report: LimitsReport;
}

/** What was prepared for one bot beyond the machine's capabilities (see sandbox-setup.ts). */
export interface LaunchSetup {
  /** The bubblewrap confinement, or null where bwrap cannot be used. */
  readonly confinement: Confinement | null;
  /** The bot's memory cgroup, or null; `cgroupWhy` says why there is none. */
  readonly cgroup: BotCgroup | null;
  readonly cgroupWhy: string | null;
  /** The cores the bot is pinned to, or null for no pinning. */
  readonly cpus: readonly number[] | null;
  /** The uid the bot runs as when Jury is root and can switch, else null. */
  readonly uid: number | null;
}

/** No confinement, no cgroup, no pinning: the plan of the unshare/prlimit fallback alone. */
export const NO_SETUP: LaunchSetup = {
  confinement: null,
  cgroup: null,
  cgroupWhy: null,
  cpus: null,
  uid: null,
};

/**
 * Builds the command line for `executable` (an absolute path) with `args` under `limits`, using what
 * `caps` says works and what `setup` prepared, and reports exactly what was applied. Pure: spawns nothing.
 *
 * With bubblewrap: `[sh -c 'echo 0 >cgroup.procs; exec "$@"'] [taskset -c N] bwrap … -- [setpriv --reuid
 * U …] [prlimit …] [setsid --] bot args`. Without: `setpriv --pdeathsig KILL -- unshare --pid --fork
 * --kill-child [--net] -- timeout --foreground 0 [setpriv --reuid U …] prlimit … -- [setsid --] bot
 * args`. Limits are set innermost so that they bind the bot alone. In a PID namespace the bot starts
 * through setsid and leads a process group of its own, which Jury suspends with SIGSTOP; otherwise every
 * process stays in the spawned process's group, suspended whole.
 */
export function planLaunch(
  executable: string,
  args: readonly string[],
  limits: ResourceLimits,
  caps: SandboxCapabilities,
  setup: LaunchSetup = NO_SETUP,
): LaunchPlan {
  const r = new ReportBuilder();
  const confined = setup.confinement;
  const rlimits = rlimitArgs(limits, caps, setup, r);
  const ns = confined ? null : caps.pidNamespace;
  const outer: string[] = [];
  if (confined) {
    r.apply(
      'containment',
      'bubblewrap: own PID namespace and /proc; every process the bot starts dies with it',
    );
    r.apply('filesystem', "bubblewrap: only its program, the system's programs and a private working folder");
  } else if (ns) {
    outer.push(...ns);
    r.apply('containment', 'own PID namespace: every process the bot starts dies with it');
  } else {
    r.miss(
      'containment',
      `no PID namespace (${caps.problems[0] ?? 'unavailable'}); the process group and every process carrying the bot's marker are killed instead`,
    );
  }
  if (!confined) r.miss('filesystem', caps.bwrapWhy ?? 'bubblewrap (bwrap) is not installed');
  diskReport(confined, r);
  identityReport(caps, setup, r);
  networkReport(limits, caps, confined !== null, ns !== null, r);
  if (!confined && ns && !limits.network && caps.netNamespace) outer.push('--net');
  const cores = setup.cpus ?? limits.background?.cpus ?? null;
  if (cores && caps.taskset) r.apply('affinity', `pinned to core ${cores.join(', ')}`);
  const lowest = limits.background && caps.nice ? [caps.nice, '-n', '19'] : [];
  if (lowest.length > 0) r.apply('affinity', 'background work: lowest priority (nice 19), games first');
  else if (limits.yieldCpu === true && caps.platform === 'linux') {
    r.apply(
      'affinity',
      `gives way to the interface (nice ${YIELD_NICE}): charged its own CPU time, it loses nothing by waiting`,
    );
  }
  timingReport(caps, setup, r);

  const reaper = ns && caps.reaper ? [caps.reaper, '--foreground', '0'] : [];
  if (ns) outer.push('--');
  // Without bwrap, root drops to the bot's uid right above prlimit (unshare needs root's rights).
  const drop = !confined && setup.uid !== null && caps.setpriv ? dropTo(caps.setpriv, setup.uid) : [];
  const inner = caps.prlimit && rlimits.length > 0 ? [caps.prlimit, ...rlimits, '--'] : [];
  const join = setup.cgroup ? [...setup.cgroup.enter] : [];
  const pin = cores && caps.taskset ? [caps.taskset, '-c', cores.join(',')] : [];
  // setpriv execs the rest in place: the spawned pid stays the same, and it dies with Jury.
  const guard = !confined && caps.setpriv ? [caps.setpriv, '--pdeathsig', 'KILL', '--'] : [];
  const sandbox = confined ? bwrapArgs(confined) : [];
  // Inside a namespace (which holds everything it starts) the bot may leave the wrappers' group: Jury
  // then suspends its group alone. It is not a group leader there, so setsid execs it in place.
  const session = (confined || ns) && caps.setsid ? [caps.setsid, '--'] : [];
  // nice first: everything after it, the wrappers included, inherits the priority.
  const argv = [
    ...lowest,
    ...join,
    ...pin,
    ...guard,
    ...sandbox,
    ...outer,
    ...reaper,
    ...drop,
    ...inner,
    ...session,
    executable,
    ...args,
  ];
  const [command, ...rest] = argv;
  return {
    command: command ?? executable,
    args: rest,
    // bwrap forks its namespace init, which forks the program; unshare forks init (the reaper) likewise.
    depth: confined ? 2 : ns ? (reaper.length > 0 ? 2 : 1) : 0,
    exitViaReaper: confined !== null || reaper.length > 0,
    ownGroup: session.length > 0,
    report: r.build(limits, confined || ns ? 'pid-namespace' : 'process-group'),
  };
}

function dropTo(setpriv: string, uid: number): string[] {
  return [setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'];
}

/** The prlimit arguments, reporting memory and processes. */
function rlimitArgs(
  limits: ResourceLimits,
  caps: SandboxCapabilities,
  setup: LaunchSetup,
  r: ReportBuilder,
): string[] {
  const rlimits: string[] = [];
  const noTool = caps.platform === 'linux' ? 'prlimit is not available' : `not supported on ${caps.platform}`;
  const mib = limits.memoryMiB;
  if (mib !== null) {
    if (!(mib > 0) || !Number.isFinite(mib)) {
      r.miss('memory', `${mib} MiB is not a positive size`);
    } else if (setup.cgroup) {
      r.apply(
        'memory',
        `${mib} MiB of all its memory, shared mappings and its /tmp included (memory cgroup)`,
      );
    } else if (caps.prlimit) {
      rlimits.push(`--data=${Math.round(mib * 1024 * 1024)}`);
      const why = setup.cgroupWhy ?? caps.cgroupWhy ?? 'no memory cgroup';
      r.apply(
        'memory',
        `${mib} MiB of private memory only (RLIMIT_DATA): shared mappings are not counted (${why})`,
        true,
      );
    } else {
      r.miss('memory', noTool);
    }
  }
  const n = limits.maxProcesses;
  if (n !== null) {
    if (!Number.isInteger(n) || n < 1) {
      r.miss('processes', `${n} is not a positive whole number`);
    } else if (caps.root && setup.uid === null) {
      r.miss(
        'processes',
        'Jury runs as root and cannot switch the bot to another user; the kernel ignores RLIMIT_NPROC for root',
      );
    } else if (caps.prlimit) {
      rlimits.push(`--nproc=${n}`);
      const whose = setup.uid !== null ? `of its own uid ${setup.uid}` : "of Jury's user, shared with Jury";
      r.apply('processes', `${n} processes and threads ${whose} (RLIMIT_NPROC)`, setup.uid === null);
    } else {
      r.miss('processes', noTool);
    }
  }
  const fsize = limits.maxFileBytes;
  if (fsize !== undefined && caps.prlimit && Number.isInteger(fsize) && fsize > 0) {
    rlimits.push(`--fsize=${fsize}`);
  }
  return rlimits;
}

function identityReport(caps: SandboxCapabilities, setup: LaunchSetup, r: ReportBuilder): void {
  if (!caps.root) r.apply('identity', "Jury's own unprivileged user");
  else if (setup.uid !== null) r.apply('identity', `uid and gid ${setup.uid}, no capabilities, no groups`);
  else r.miss('identity', 'Jury runs as root and setpriv cannot switch users here: the bot runs as root');
}

function networkReport(
  limits: ResourceLimits,
  caps: SandboxCapabilities,
  confined: boolean,
  ns: boolean,
  r: ReportBuilder,
): void {
  if (limits.network) return;
  if (confined || (ns && caps.netNamespace)) r.apply('network', 'empty network namespace (loopback down)');
  else
    r.miss(
      'network',
      ns
        ? 'unshare cannot create a network namespace here'
        : 'it needs a network namespace, and none can be made here',
    );
}

function timingReport(caps: SandboxCapabilities, setup: LaunchSetup, r: ReportBuilder): void {
  const offers = setup.cgroup?.offers ?? { clock: false, freezer: false };
  const noCgroup = setup.cgroupWhy ?? caps.cgroupWhy ?? 'no cgroup';
  if (offers.freezer) {
    r.apply(
      'suspend',
      'cgroup freezer: every process of it is stopped while another thinks (official timing)',
    );
  } else if (caps.platform !== 'win32') {
    r.apply(
      'suspend',
      `SIGSTOP of its process group (official timing); a process that leaves the group is not stopped (${setup.cgroup ? 'its cgroup has no freezer' : noCgroup})`,
      true,
    );
  }
  if (offers.clock) r.apply('cpu-time', "its cgroup's CPU time: every process it runs (cpu timing)");
  else if (caps.platform === 'linux') {
    r.apply(
      'cpu-time',
      `its own process's CPU time from /proc (cpu timing); a child's is not counted (${setup.cgroup ? 'its cgroup has no CPU clock' : noCgroup})`,
      true,
    );
  }
  if (caps.platform === 'win32')
    r.miss('suspend', 'Windows has no SIGSTOP: other bots keep running while one thinks');
  if (caps.platform !== 'linux')
    r.miss('cpu-time', `no /proc CPU time on ${caps.platform}: cpu timing charges wall time`);
}

/** What the bot may write: its working folder, /tmp and /dev/shm, each a capped memory file system. */
function diskReport(confined: LaunchSetup['confinement'], r: ReportBuilder): void {
  if (!confined) {
    r.miss('disk', 'no bubblewrap: it may write wherever its user may, with no cap');
    return;
  }
  const mib = `${Math.round(confined.tmpBytes / (1024 * 1024))} MiB`;
  if (confined.workdir === null) {
    r.apply(
      'disk',
      `its working folder, /tmp and /dev/shm: ${mib} each, in memory (counted in its memory cap), gone with it`,
    );
  } else {
    r.apply(
      'disk',
      `/tmp and /dev/shm ${mib} each; its working folder is on the host's disk, uncapped (Jury reads its files after it ends)`,
      true,
    );
  }
}

/** Collects applied and missing protections in order. */
class ReportBuilder {
  private readonly applied: { limit: LimitName; detail: string; partial?: boolean }[] = [];
  private readonly notApplied: { limit: LimitName; why: string }[] = [];

  apply(limit: LimitName, detail: string, partial = false): void {
    this.applied.push(partial ? { limit, detail, partial } : { limit, detail });
  }

  miss(limit: LimitName, why: string): void {
    this.notApplied.push({ limit, why });
  }

  build(requested: ResourceLimits, containment: LimitsReport['containment']): LimitsReport {
    return { requested, applied: this.applied, notApplied: this.notApplied, containment };
  }
}
