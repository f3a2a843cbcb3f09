import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';
import { CgroupControl, v1Files, v2Files, type CgroupFiles } from './cgroup-control.ts';

/**
 * Per-bot memory cgroups. A cgroup's memory cap counts everything a bot's processes charge: heap,
 * stacks, shared anonymous mappings, tmpfs files (its /tmp and /dev/shm), page tables. RLIMIT_DATA does
 * not count shared mappings, so only a cgroup makes "1 GiB" mean 1 GiB.
 *
 * Two layouts are supported: cgroup v2 (`memory.max`, `memory.swap.max`, `memory.events`) and the v1
 * memory controller (`memory.limit_in_bytes`, `memory.memsw.limit_in_bytes`, `memory.oom_control`).
 * Jury needs a folder it may create cgroups in: as root, its own cgroup (v1) or a `jury` cgroup at the
 * v2 root; as a user, a cgroup delegated to it (v2, systemd's user manager) whose controllers it may
 * enable. Anything else: no cgroup, and the report says so.
 */

/**
 * Where Jury can make bot cgroups: a folder of the cgroup file system it may write (v1 or v2), or
 * systemd's user manager, asked for one transient scope per bot (`systemd-run --user --scope`), which
 * is how a desktop user on a delegated cgroup v2 gets a memory cap without root.
 */
export type MemoryCgroupSupport =
  | { readonly version: 2; readonly parent: string }
  | {
      readonly version: 1;
      readonly parent: string;
      /** v1 keeps CPU time and the freezer in hierarchies of their own: Jury's parents there, or null. */
      readonly cpuacct?: string | null;
      readonly freezer?: string | null;
    }
  | { readonly version: 'systemd'; readonly systemdRun: string };

/** What a bot cgroup offers beyond the memory cap. */
export interface CgroupOffers {
  readonly clock: boolean;
  readonly freezer: boolean;
}

/** What cgroups made with `support` offer (v1: the hierarchies Jury has a parent in; v2: both). */
export function offersOf(support: MemoryCgroupSupport): CgroupOffers {
  if (support.version !== 1) return { clock: true, freezer: true };
  return { clock: (support.cpuacct ?? null) !== null, freezer: (support.freezer ?? null) !== null };
}

/** One bot's cgroup, made by {@link createBotCgroup}. */
export interface BotCgroup {
  /** The command prefix that puts what follows into the cgroup before it starts (exec in place). */
  readonly enter: readonly string[];
  /** The file a process writes `0` to in order to join the cgroup, or null (systemd joins by itself). */
  readonly procsFile: string | null;
  /** How many times the kernel's OOM killer killed a process of this cgroup. */
  oomKills(): number;
  /**
   * The cgroup's CPU clock and freezer (every process of the bot), opened now; null where there is
   * neither. `pid`: a process of the bot, for a cgroup whose folder is known only once the bot runs in
   * it (systemd's scope); the others ignore it. The caller must close what it gets.
   */
  control(pid: number | null): CgroupControl | null;
  /** Whether it offers a CPU clock of the whole bot, and a freezer (see cgroup-control.ts). */
  readonly offers: CgroupOffers;
  /** Removes the cgroup once its processes are gone; retries briefly, never rejects. */
  remove(): Promise<void>;
}

/**
 * Finds where this process can make memory cgroups, or null with the reason. `root` is the cgroup file
 * system's mount point (tests pass a folder that mimics it). Creates the folder it returns when needed.
 */
export function findMemoryCgroup(
  root = '/sys/fs/cgroup',
  selfCgroup = readSelfCgroup(),
): { support: MemoryCgroupSupport | null; why: string | null } {
  // cgroup v2 only ("0::/path"): the unified hierarchy must offer the memory controller.
  const unified = selfCgroup.find((l) => l.id === '0');
  if (existsSync(join(root, 'cgroup.controllers'))) {
    if (!readList(join(root, 'cgroup.controllers')).includes('memory')) {
      return { support: null, why: 'the cgroup v2 hierarchy has no memory controller' };
    }
    for (const parent of [join(root, 'jury'), unified ? join(root, unified.path, 'jury') : null]) {
      if (parent && ensureV2Parent(parent)) return { support: { version: 2, parent }, why: null };
    }
    return { support: null, why: 'Jury may not create memory cgroups here (run as root, or delegate one)' };
  }
  // Hybrid or v1: the memory controller's own hierarchy.
  const v1 = selfCgroup.find((l) => l.controllers.includes('memory'));
  const base = join(root, 'memory');
  if (v1 && existsSync(base)) {
    const parent = join(base, v1.path, `jury-${process.pid}`);
    try {
      ownParent(base, v1.path);
      accessSync(join(parent, 'memory.limit_in_bytes'), constants.W_OK);
      return {
        support: {
          version: 1,
          parent,
          cpuacct: v1Parent(root, selfCgroup, 'cpuacct'),
          freezer: v1Parent(root, selfCgroup, 'freezer'),
        },
        why: null,
      };
    } catch {
      return {
        support: null,
        why: 'Jury may not create memory cgroups in the v1 memory hierarchy (not root)',
      };
    }
  }
  return { support: null, why: 'no memory cgroup controller is mounted' };
}

/**
 * Makes a cgroup for one bot under `support.parent`, capped at `limitBytes` with no swap beyond it (null:
 * no cap, the cgroup only times and freezes the bot). On v1 it is one cgroup in each hierarchy Jury has
 * a parent in (memory, cpuacct, freezer), all joined by the bot as it starts. Returns null (and the
 * reason) when the kernel refuses.
 */
export function createBotCgroup(
  support: MemoryCgroupSupport,
  name: string,
  limitBytes: number | null,
  shell: string,
  options: { readonly spares?: boolean } = {},
): { cgroup: BotCgroup | null; why: string | null } {
  if (support.version === 'systemd')
    return { cgroup: systemdScope(support.systemdRun, name, limitBytes), why: null };
  const extra =
    support.version === 1 ? { cpuacct: support.cpuacct ?? null, freezer: support.freezer ?? null } : null;
  const made: string[] = [];
  const take = (parent: string): string => {
    const spare = options.spares === true ? takeSpare(parent) : null;
    if (options.spares === true) makeSpare(parent);
    const dir = spare ?? join(parent, name);
    if (spare === null) mkdirSync(dir);
    made.push(dir);
    return dir;
  };
  let dirs: { memory: string; cpuacct: string | null; freezer: string | null };
  try {
    dirs = {
      memory: take(support.parent),
      cpuacct: extra?.cpuacct ? take(extra.cpuacct) : null,
      freezer: extra?.freezer ? take(extra.freezer) : null,
    };
    if (limitBytes !== null) writeLimit(support.version, dirs.memory, limitBytes);
  } catch (e) {
    for (const dir of made) void removeDir(dir);
    return { cgroup: null, why: `the memory cgroup could not be made: ${(e as Error).message}` };
  }
  const eventsFile = join(dirs.memory, support.version === 2 ? 'memory.events' : 'memory.oom_control');
  const files: CgroupFiles =
    support.version === 2 ? v2Files(dirs.memory) : v1Files(dirs.cpuacct, dirs.freezer);
  const procsFiles = made.map((dir) => join(dir, 'cgroup.procs'));
  return {
    why: null,
    cgroup: {
      enter: joinCommand(shell, procsFiles),
      procsFile: procsFiles[0] ?? null,
      oomKills: () => {
        try {
          return Number(/^oom_kill (\d+)$/m.exec(readFileSync(eventsFile, 'utf8'))?.[1] ?? 0);
        } catch {
          return 0;
        }
      },
      control: () => openControl(files),
      offers: offersOf(support),
      remove: async () => {
        await Promise.all(made.map((dir) => removeDir(dir)));
      },
    },
  };
}

/**
 * The command prefix that joins `procsFiles` (one cgroup per hierarchy) and then execs the rest in place:
 * no process of the bot ever runs outside them.
 */
function joinCommand(shell: string, procsFiles: readonly string[]): string[] {
  const joins = procsFiles.map((_, i) => `echo 0 >"$${i}"`).join(' && ');
  const shift = procsFiles.length > 1 ? ` && shift ${procsFiles.length - 1}` : '';
  return [shell, '-c', `${joins}${shift} && exec "$@"`, ...procsFiles];
}

function writeLimit(version: 1 | 2, dir: string, limitBytes: number): void {
  if (version === 2) {
    writeFileSync(join(dir, 'memory.max'), String(limitBytes));
    if (existsSync(join(dir, 'memory.swap.max'))) writeFileSync(join(dir, 'memory.swap.max'), '0');
  } else {
    writeFileSync(join(dir, 'memory.limit_in_bytes'), String(limitBytes));
    // memsw (memory + swap) exists only with swap accounting; without it there may be no swap at all.
    const memsw = join(dir, 'memory.memsw.limit_in_bytes');
    if (existsSync(memsw)) writeFileSync(memsw, String(limitBytes));
  }
}

/** Opens a cgroup's CPU clock and freezer; null when neither can be used. */
function openControl(files: CgroupFiles): CgroupControl | null {
  const control = new CgroupControl(files);
  if (control.canRead || control.canFreeze) return control;
  control.close();
  return null;
}

/**
 * A transient systemd scope per bot: systemd-run registers it with the user manager, moves itself in
 * and execs the command in place. The kernel's OOM kill is not attributed (the scope is collected with
 * the bot); the record still says the cap applied, and the exit shows SIGKILL.
 */
function systemdScope(systemdRun: string, name: string, limitBytes: number | null): BotCgroup {
  const cap = limitBytes === null ? [] : ['-p', `MemoryMax=${limitBytes}`, '-p', 'MemorySwapMax=0'];
  return {
    enter: [systemdRun, '--user', '--scope', '--quiet', '--collect', `--unit=jury-${name}`, ...cap, '--'],
    procsFile: null,
    oomKills: () => 0,
    offers: { clock: true, freezer: true },
    // The scope's folder is where systemd put the bot: read from the bot's own /proc entry.
    control: (pid) => {
      const path =
        pid === null
          ? undefined
          : readSelfCgroup(readText(`/proc/${pid}/cgroup`)).find((l) => l.id === '0')?.path;
      return path === undefined ? null : openControl(v2Files(join('/sys/fs/cgroup', path)));
    },
    remove: async () => undefined,
  };
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The lines of /proc/self/cgroup: hierarchy id, its controllers and this process's path in it. */
export function readSelfCgroup(text?: string): { id: string; controllers: string[]; path: string }[] {
  let body = text;
  if (body === undefined) {
    try {
      body = readFileSync('/proc/self/cgroup', 'utf8');
    } catch {
      return [];
    }
  }
  return body
    .split('\n')
    .filter((l) => l.includes(':'))
    .map((l) => {
      const [id = '', controllers = '', ...path] = l.split(':');
      return { id, controllers: controllers.split(',').filter((c) => c !== ''), path: path.join(':') };
    });
}

/** A v2 parent whose children may use the memory controller (created and enabled when allowed). */
function ensureV2Parent(parent: string): boolean {
  try {
    mkdirSync(parent, { recursive: true });
    const control = join(parent, 'cgroup.subtree_control');
    if (!readList(control).includes('memory')) writeFileSync(control, '+memory');
    return readList(control).includes('memory');
  } catch {
    return false;
  }
}

/**
 * Jury's own parent (`jury-<pid>`) in a v1 hierarchy mounted at `base`, below this process's cgroup
 * `path`: stale ones of Jury processes that are gone are swept first; removed when Jury exits.
 */
function ownParent(base: string, path: string): string {
  const parent = join(base, path, `jury-${process.pid}`);
  sweepStale(join(base, path));
  mkdirSync(parent, { recursive: true });
  process.once('exit', () => removeTree(parent));
  return parent;
}

/**
 * Jury's parent in the v1 hierarchy of `controller` (mounted under its own name or with others, as
 * `cpu,cpuacct`), made when allowed; null where there is none or it may not be made.
 */
function v1Parent(
  root: string,
  selfCgroup: readonly { id: string; controllers: string[]; path: string }[],
  controller: string,
): string | null {
  const line = selfCgroup.find((l) => l.controllers.includes(controller));
  if (!line) return null;
  for (const mount of [join(root, line.controllers.join(',')), join(root, controller)]) {
    if (!existsSync(join(mount, 'cgroup.procs'))) continue;
    try {
      const parent = ownParent(mount, line.path);
      accessSync(join(parent, 'cgroup.procs'), constants.W_OK);
      return parent;
    } catch {
      return null;
    }
  }
  return null;
}

function readList(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').trim().split(/\s+/);
  } catch {
    return [];
  }
}

/**
 * Empty cgroups made ahead, per parent folder. Making a cgroup (mkdir in the cgroup file system) takes
 * the kernel about 4 ms, which Jury's one thread would spend before every bot it starts, stalling every
 * game it runs meanwhile; a spare is made by libuv's thread pool instead, while games go on. A spare is
 * a fresh cgroup, never one a bot used: its limits are written when it is taken.
 */
const spares = new Map<string, string[]>();
/** Spares being made, per parent. */
const making = new Map<string, number>();
/** At most this many spares per parent (made or being made): the bots of a few games' start. */
const MAX_SPARES = 4;
let spareCount = 0;
let sparesHooked = false;

function takeSpare(parent: string): string | null {
  return spares.get(parent)?.pop() ?? null;
}

/** Starts making one more spare under `parent` unless there are enough; removed when Jury exits. */
function makeSpare(parent: string): void {
  const have = (spares.get(parent)?.length ?? 0) + (making.get(parent) ?? 0);
  if (have >= MAX_SPARES) return;
  if (!sparesHooked) {
    sparesHooked = true;
    process.once('exit', () => {
      for (const dirs of spares.values()) for (const dir of dirs) removeTree(dir);
      // With them, every bot's cgroup whose removal was still under way (its processes reaped late), and
      // this process's own folder: otherwise only the next Jury would sweep them (sweepStale). Not when
      // a worker thread (the game thread) ends: the folder is the whole process's.
      if (isMainThread) for (const parent of spares.keys()) removeTree(parent);
    });
  }
  making.set(parent, (making.get(parent) ?? 0) + 1);
  // The thread's id too: the game thread makes spares in the same folder.
  const dir = join(parent, `spare-${process.pid}-${threadId}-${++spareCount}`);
  mkdir(dir).then(
    () => {
      making.set(parent, (making.get(parent) ?? 1) - 1);
      const list = spares.get(parent) ?? [];
      list.push(dir);
      spares.set(parent, list);
    },
    () => making.set(parent, (making.get(parent) ?? 1) - 1),
  );
}

/**
 * Removes an empty cgroup once its last process has been reaped (that takes a moment: rmdir says EBUSY
 * until then). The rmdir runs on libuv's thread pool, as the kernel may take milliseconds over it; tries
 * again after 1, 2, 4 … ms (about 1.3 s in all); what is still left then goes when Jury exits.
 */
async function removeDir(dir: string): Promise<void> {
  for (let i = 0, waitMs = 1; i < 11; i++, waitMs *= 2) {
    try {
      await rmdir(dir);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((r) => setTimeout(r, waitMs));
    }
  }
}

/** Removes the cgroups left by Jury processes that are gone (killed before they could clean up). */
function sweepStale(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^jury-(\d+)$/.exec(name)?.[1];
    if (pid !== undefined && !existsSync(`/proc/${pid}`)) removeTree(join(dir, name));
  }
}

/** Removes a cgroup folder and its child cgroups (each must be empty of processes); never throws. */
function removeTree(dir: string): void {
  try {
    for (const e of readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory()) removeTree(join(dir, e.name));
    rmdirSync(dir);
  } catch {
    // Still in use, or gone already.
  }
}
