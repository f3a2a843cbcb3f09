import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Small synchronous readers of Linux /proc. Each reads one tiny pseudo-file (no disk I/O), and every
 * one returns null or an empty list instead of throwing when the process is gone or /proc is missing.
 */

/** Whether this system has a Linux-style /proc with per-thread entries. */
export const hasProc: boolean = process.platform === 'linux' && canRead('/proc/self/stat');

function canRead(path: string): boolean {
  try {
    readFileSync(path, 'latin1');
    return true;
  } catch {
    return false;
  }
}

/** The fields of /proc/PID/stat that Jury uses. */
export interface ProcStat {
  /** The program's name (the first 15 bytes of the file name it was started from). */
  readonly comm: string;
  readonly state: string;
  readonly ppid: number;
  readonly pgid: number;
  /** Start time after boot, in clock ticks: orders processes by age. */
  readonly startTicks: number;
}

/** Parses /proc/PID/stat; null when the process does not exist (or /proc is missing). */
export function readStat(pid: number): ProcStat | null {
  return statAt(`/proc/${pid}/stat`);
}

function statAt(path: string): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces and parentheses.
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const f = text.slice(close + 2).split(' ');
  // f[0] is field 3 (state); field n is f[n - 3].
  const comm = text.slice(text.indexOf('(') + 1, close);
  return { comm, state: f[0] ?? '?', ppid: Number(f[1]), pgid: Number(f[2]), startTicks: Number(f[19]) };
}

/** Whether `pid` exists and is not a zombie (a zombie has finished; it only waits to be reaped). */
export function isAlive(pid: number): boolean {
  const s = readStat(pid);
  return s !== null && s.state !== 'Z' && s.state !== 'X';
}

/** Numeric entries of /proc: every process id visible to us. */
export function allPids(): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const n of names) {
    const c = n.charCodeAt(0);
    if (c >= 48 && c <= 57) pids.push(Number(n));
  }
  return pids;
}

/**
 * The oldest child of `parent`, or null when it has none (yet). Uses the kernel's children list when it
 * is compiled in, else tries the process ids just after `parent` (new processes usually get the next
 * ids), and only then scans all of /proc.
 */
export function oldestChild(parent: number): number | null {
  try {
    const list = readFileSync(`/proc/${parent}/task/${parent}/children`, 'latin1').trim();
    return oldest(list === '' ? [] : list.split(' ').map(Number));
  } catch {
    // No CONFIG_PROC_CHILDREN: fall through to the search below.
  }
  const near: number[] = [];
  for (let pid = parent + 1; pid <= parent + 32; pid++) if (readStat(pid)?.ppid === parent) near.push(pid);
  if (near.length > 0) return oldest(near);
  return oldest(allPids().filter((pid) => readStat(pid)?.ppid === parent));
}

function oldest(pids: readonly number[]): number | null {
  let best: number | null = null;
  let bestStart = Infinity;
  for (const pid of pids) {
    const s = readStat(pid);
    if (s && s.startTicks < bestStart) {
      best = pid;
      bestStart = s.startTicks;
    }
  }
  return best;
}

/** Where file descriptor `fd` of `pid` points (for example "pipe:[1234]"), or null. */
export function fdTarget(pid: number, fd: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return null;
  }
}

/**
 * Whether `pid` still has any file descriptor pointing to `target` (a "pipe:[N]" from {@link fdTarget});
 * null when that cannot be known (the process is gone, or its fds are not readable).
 */
export function holdsTarget(pid: number, target: string): boolean | null {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return null;
  }
  for (const fd of fds) if (fdTarget(pid, Number(fd)) === target) return true;
  return false;
}

/** The PID namespace of `pid` as the kernel names it (for example "pid:[4026532]"), or null. */
export function pidNamespaceOf(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`);
  } catch {
    return null;
  }
}

/**
 * Every live process whose environment contains exactly `entry` ("NAME=value"). Jury marks each bot's
 * environment with a unique entry, which its children and daemons inherit: this finds them even after
 * they left the process group. Processes we may not inspect are skipped.
 */
export function pidsWithEnvEntry(entry: string): number[] {
  const found: number[] = [];
  for (const pid of allPids()) {
    let env: string;
    try {
      env = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (env.startsWith(`${entry}\0`) || env.includes(`\0${entry}\0`)) found.push(pid);
  }
  return found.filter(isAlive);
}

/**
 * Whether `pid` has a child process now (any of its threads started one), from the kernel's children
 * lists; null where the kernel keeps none (no CONFIG_PROC_CHILDREN) or the process is gone.
 */
export function hasChildren(pid: number): boolean | null {
  const tasks = threadIds(pid);
  if (tasks === null) return null;
  let known = false;
  for (const tid of tasks) {
    try {
      if (readFileSync(`/proc/${pid}/task/${tid}/children`, 'latin1').trim() !== '') return true;
      known = true;
    } catch {
      // A thread that ended meanwhile, or no children lists at all.
    }
  }
  return known ? false : null;
}

/**
 * What the threads of `pid` do now, read from every thread's /proc entry (the thread list read afresh):
 * `busy` when any is running or ready to run ("R") or in an uninterruptible wait, usually for the disk
 * ("D"), which makes a process busy even when its main thread sleeps (a runtime's main thread waits for
 * its helper threads while they start it up); `cpuUs`, their CPU time summed. Null when the process is
 * gone.
 */
export function threadActivity(pid: number): { busy: boolean; cpuUs: number } | null {
  const tasks = threadIds(pid);
  if (tasks === null) return null;
  let busy = false;
  let ns = 0;
  for (const tid of tasks) {
    const state = statAt(`/proc/${pid}/task/${tid}/stat`)?.state;
    if (state === 'R' || state === 'D') busy = true;
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ')[0]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return { busy, cpuUs: ns / 1000 };
}

/** The thread ids of `pid` (its /proc/PID/task entries), or null when the process is gone. */
function threadIds(pid: number): string[] | null {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
}
