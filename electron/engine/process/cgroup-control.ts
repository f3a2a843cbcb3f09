import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A bot cgroup's CPU clock and freezer: what makes "the bot" mean every process it runs. A program
 * started through a script (`sh run.sh` without exec), one that forks helpers, one whose child leaves
 * its session (setsid, a double fork): all stay in the cgroup they were started in, so its CPU time
 * counts them all and its freezer stops them all, where signals to a process group miss what left it.
 *
 * cgroup v2: `cpu.stat` (`usage_usec`, kept by the kernel for every cgroup, no controller needed) and
 * `cgroup.freeze`, both in the bot's own cgroup. v1: `cpuacct.usage` (ns) and `freezer.state`, each in
 * a cgroup of its own hierarchy that the bot joined as it started. The files stay open: a reading is one
 * pread, a freeze one write.
 */
export interface CgroupFiles {
  /** The file of the cgroup's CPU time, and its format; null where there is none. */
  readonly cpu: { readonly file: string; readonly format: 'cpu.stat' | 'cpuacct.usage' } | null;
  /**
   * The freezer's file and what to write to freeze and to thaw, and the file that says when every
   * process is frozen (and the text it then holds); null where there is none.
   */
  readonly freeze: {
    readonly file: string;
    readonly frozen: string;
    readonly thawed: string;
    readonly state: { readonly file: string; readonly done: string };
  } | null;
}

/** The files of a cgroup v2 folder. */
export function v2Files(dir: string): CgroupFiles {
  return {
    cpu: { file: join(dir, 'cpu.stat'), format: 'cpu.stat' },
    freeze: {
      file: join(dir, 'cgroup.freeze'),
      frozen: '1',
      thawed: '0',
      state: { file: join(dir, 'cgroup.events'), done: 'frozen 1' },
    },
  };
}

/** The files of v1 cgroups in the cpuacct and freezer hierarchies (null: that hierarchy has none). */
export function v1Files(cpuacctDir: string | null, freezerDir: string | null): CgroupFiles {
  return {
    cpu: cpuacctDir === null ? null : { file: join(cpuacctDir, 'cpuacct.usage'), format: 'cpuacct.usage' },
    freeze:
      freezerDir === null
        ? null
        : {
            file: join(freezerDir, 'freezer.state'),
            frozen: 'FROZEN',
            thawed: 'THAWED',
            // Reads FREEZING until the last task has stopped.
            state: { file: join(freezerDir, 'freezer.state'), done: 'FROZEN' },
          },
  };
}

const buf = Buffer.alloc(512);

/**
 * How long {@link CgroupControl.freeze} waits for the last process to stop. A process busy computing is
 * stopped at its next trip through the kernel, within a tick; this bounds a kernel that never says so.
 */
const settleLimitNs = 20_000_000n;

/**
 * The open CPU clock and freezer of one bot's cgroup. Never throws: a file that cannot be opened is
 * reported by {@link CgroupControl.canRead} and {@link CgroupControl.canFreeze} as false, and the caller
 * falls back to the bot's own process. The caller must call {@link CgroupControl.close}.
 */
export class CgroupControl {
  private cpuFd = -1;
  private freezeFd = -1;
  private stateFd = -1;
  private readonly files: CgroupFiles;
  private lastUs = 0;

  constructor(files: CgroupFiles) {
    this.files = files;
    this.cpuFd = files.cpu ? openQuietly(files.cpu.file, 'r') : -1;
    this.freezeFd = files.freeze ? openQuietly(files.freeze.file, 'r+') : -1;
    this.stateFd =
      files.freeze === null
        ? -1
        : files.freeze.state.file === files.freeze.file
          ? this.freezeFd
          : openQuietly(files.freeze.state.file, 'r');
  }

  /** Whether the cgroup's CPU time can be read. */
  get canRead(): boolean {
    return this.cpuFd >= 0;
  }

  /** Whether the cgroup can be frozen. */
  get canFreeze(): boolean {
    return this.freezeFd >= 0;
  }

  /**
   * The CPU time of every process that ran in the cgroup so far (ended ones included), in µs; the last
   * value once the file can no longer be read (the cgroup is gone). Never goes back.
   */
  cpuUs(): number {
    if (this.cpuFd < 0 || this.files.cpu === null) return this.lastUs;
    let n: number;
    try {
      n = readSync(this.cpuFd, buf, 0, buf.length, 0);
    } catch {
      return this.lastUs;
    }
    const us = this.files.cpu.format === 'cpuacct.usage' ? firstNumber(buf, 0, n) / 1000 : usageUsec(buf, n);
    if (us > this.lastUs) this.lastUs = us;
    return this.lastUs;
  }

  /**
   * Freezes every process of the cgroup (they use no CPU until thawed) and returns once the kernel says
   * the last one has stopped (or after 20 ms): a process computing when the freeze is asked runs on a
   * little, and the opponent's turn must not start while it does. False when it cannot freeze.
   */
  freeze(): boolean {
    if (!this.write(this.files.freeze?.frozen)) return false;
    this.waitFrozen();
    return true;
  }

  /** Lets the processes of a frozen cgroup run again. */
  thaw(): boolean {
    return this.write(this.files.freeze?.thawed);
  }

  /** Closes the files; readings then return the last value, and freezing does nothing. */
  close(): void {
    for (const fd of new Set([this.cpuFd, this.freezeFd, this.stateFd])) {
      if (fd < 0) continue;
      try {
        closeSync(fd);
      } catch {
        // Closed already.
      }
    }
    this.cpuFd = -1;
    this.freezeFd = -1;
    this.stateFd = -1;
  }

  /** Reads the freezer's state until it says every process is frozen, for at most {@link settleLimitNs}. */
  private waitFrozen(): void {
    const done = this.files.freeze?.state.done;
    if (this.stateFd < 0 || done === undefined) return;
    const until = process.hrtime.bigint() + settleLimitNs;
    do {
      let n: number;
      try {
        n = readSync(this.stateFd, buf, 0, buf.length, 0);
      } catch {
        return;
      }
      if (buf.toString('latin1', 0, n).includes(done)) return;
    } while (process.hrtime.bigint() < until);
  }

  private write(text: string | undefined): boolean {
    if (this.freezeFd < 0 || text === undefined) return false;
    try {
      writeSync(this.freezeFd, text, 0);
      return true;
    } catch {
      return false;
    }
  }
}

function openQuietly(file: string, flags: string): number {
  try {
    return openSync(file, flags);
  } catch {
    return -1;
  }
}

/** The whole number starting at `from` (digits only), 0 when there is none. */
function firstNumber(bytes: Buffer, from: number, end: number): number {
  let value = 0;
  for (let i = from; i < end; i++) {
    const c = bytes[i] ?? 0;
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  return value;
}

/** `usage_usec N` of a v2 cpu.stat (its first line on every kernel so far; looked for by name anyway). */
function usageUsec(bytes: Buffer, n: number): number {
  const text = bytes.toString('latin1', 0, n);
  const at = text.indexOf('usage_usec ');
  return at < 0 ? 0 : firstNumber(bytes, at + 'usage_usec '.length, n);
}
