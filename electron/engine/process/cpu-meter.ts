import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** One thread being metered: an open schedstat file and its last reading. */
interface Thread {
  fd: number;
  ns: number;
}

/** Shared read buffer: /proc lines read here are short (schedstat ~40 bytes, stat ~300). */
const buf = Buffer.alloc(1024);

/**
 * The CPU time of one process on Linux: the sum over its threads of the first field of
 * /proc/PID/task/TID/schedstat (time on the CPU in nanoseconds, far finer than the 10 ms ticks of
 * /proc/PID/stat). Hot path: the files stay open and are re-read in place (one pread per thread); the
 * thread list is re-read only when the thread count in /proc/PID/stat changes or a thread has ended.
 * A thread's time vanishes from /proc when it ends, so its last reading is kept: the total never goes
 * back. After the process is gone, {@link CpuMeter.readUs} keeps returning the last total. The caller
 * must call {@link CpuMeter.close} when done (it holds file descriptors).
 */
export class CpuMeter {
  private readonly pid: number;
  private readonly threads = new Map<string, Thread>();
  private statFd = -1;
  private endedNs = 0;
  private lastUs = 0;
  private closed = false;

  /** Meters process `pid` (its own threads only, not its children). */
  constructor(pid: number) {
    this.pid = pid;
    try {
      this.statFd = openSync(`/proc/${pid}/stat`, 'r');
    } catch {
      this.closed = true;
    }
  }

  /** CPU time used so far in microseconds. */
  readUs(): number {
    return this.read(true);
  }

  private read(mayRetry: boolean): number {
    if (this.closed) return this.lastUs;
    const count = this.threadCount();
    if (count === null) {
      this.close();
      return this.lastUs;
    }
    if (count !== this.threads.size) this.refresh();
    let liveNs = 0;
    for (const t of this.threads.values()) {
      const ns = preadNumber(t.fd, 0);
      if (ns === null && mayRetry) {
        // That thread ended: re-list the threads, and sum again.
        this.refresh();
        return this.read(false);
      }
      if (ns !== null) t.ns = ns;
      liveNs += t.ns;
    }
    const us = (this.endedNs + liveNs) / 1000;
    if (us > this.lastUs) this.lastUs = us;
    return this.lastUs;
  }

  /** Closes the open files; {@link CpuMeter.readUs} then returns the last total. */
  close(): void {
    if (this.statFd >= 0) closeQuietly(this.statFd);
    this.statFd = -1;
    for (const t of this.threads.values()) closeQuietly(t.fd);
    this.threads.clear();
    this.closed = true;
  }

  /** Field 20 of /proc/PID/stat (num_threads), or null when the process is gone or a zombie. */
  private threadCount(): number | null {
    let n: number;
    try {
      n = readSync(this.statFd, buf, 0, buf.length, 0);
    } catch {
      return null;
    }
    // Fields after the command name "(…)": state is field 3, num_threads field 20 (17 spaces later).
    let i = buf.lastIndexOf(41, n - 1) + 2; // ')'
    if (i < 2 || i >= n) return null;
    const state = buf[i];
    if (state === 90 || state === 88) return null; // 'Z' or 'X': finished
    for (let spaces = 0; spaces < 17 && i < n; i++) if (buf[i] === 32) spaces++;
    let count = 0;
    for (; i < n; i++) {
      const c = buf[i] ?? 0;
      if (c < 48 || c > 57) break;
      count = count * 10 + (c - 48);
    }
    return count;
  }

  private refresh(): void {
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${this.pid}/task`);
    } catch {
      tids = [];
    }
    const live = new Set(tids);
    for (const [tid, t] of this.threads) {
      if (live.has(tid)) continue;
      this.endedNs += t.ns;
      closeQuietly(t.fd);
      this.threads.delete(tid);
    }
    for (const tid of tids) {
      if (this.threads.has(tid)) continue;
      try {
        const fd = openSync(`/proc/${this.pid}/task/${tid}/schedstat`, 'r');
        this.threads.set(tid, { fd, ns: preadNumber(fd, 0) ?? 0 });
      } catch {
        // Ended between the listing and the open: it is not counted (a few µs at most).
      }
    }
  }
}

/** Reads the first number of an open /proc file from its start; null when the task is gone. */
function preadNumber(fd: number, position: number): number | null {
  let n: number;
  try {
    n = readSync(fd, buf, 0, buf.length, position);
  } catch {
    return null;
  }
  if (n === 0) return null;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const c = buf[i] ?? 0;
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  return value;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}
