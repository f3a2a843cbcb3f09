import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';

/** One thread being metered: an open schedstat file and its last reading. */
interface Thread {
  fd: number;
  ns: number;
}

/** Shared read buffer: a schedstat line is ~40 bytes. */
const buf = Buffer.alloc(256);

/**
 * The least time between two looks for new threads (ms). A look is an fstat (~3 µs, a third of a
 * reading); taken at every reading it was a tenth of the judge's time per move. A thread started
 * since the last look is found by the next one and its time counted whole there.
 */
export const THREAD_LOOK_INTERVAL_MS = 10;

/**
 * The CPU time of one process on Linux: the sum over its threads of the first field of
 * /proc/PID/task/TID/schedstat (time on the CPU in nanoseconds, far finer than the 10 ms ticks of
 * /proc/PID/stat). Hot path: the files stay open and are re-read in place (one pread per thread); the
 * thread count comes from an fstat of the open /proc/PID/task folder (its link count is 2 + the
 * threads: a third of the cost of formatting /proc/PID/stat), and the thread list is re-read only when
 * that count changes or a thread has ended.
 * A thread's time vanishes from /proc when it ends, so its last reading is kept: the total never goes
 * back. After the process is gone, {@link CpuMeter.readUs} keeps returning the last total. The caller
 * must call {@link CpuMeter.close} when done (it holds file descriptors).
 */
export class CpuMeter {
  private readonly pid: number;
  private readonly threads = new Map<string, Thread>();
  /** /proc/PID/task, open: its link count gives the thread count. */
  private taskFd = -1;
  private endedNs = 0;
  private lastUs = 0;
  private closed = false;
  /** When threads may next be looked for (ms, performance.now). */
  private lookDueMs = 0;

  /** Meters process `pid` (its own threads only, not its children). */
  constructor(pid: number) {
    this.pid = pid;
    try {
      this.taskFd = openSync(`/proc/${pid}/task`, 'r');
    } catch {
      this.closed = true;
    }
  }

  /**
   * CPU time used so far in microseconds. New threads are looked for at most every
   * {@link THREAD_LOOK_INTERVAL_MS}; `knownThreads`: not at all this time (one system call less, for a
   * reading taken while the bot waits for its prompt). A thread started since the last look is found by
   * the next one, and counted whole there.
   */
  readUs(knownThreads = false): number {
    let known = knownThreads && this.threads.size > 0;
    if (!known && this.threads.size > 0) {
      const now = performance.now();
      if (now < this.lookDueMs) known = true;
      else this.lookDueMs = now + THREAD_LOOK_INTERVAL_MS;
    }
    return this.read(true, known);
  }

  private read(mayRetry: boolean, knownThreads = false): number {
    if (this.closed) return this.lastUs;
    const count = knownThreads ? this.threads.size : this.threadCount();
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
    if (this.taskFd >= 0) closeQuietly(this.taskFd);
    this.taskFd = -1;
    for (const t of this.threads.values()) closeQuietly(t.fd);
    this.threads.clear();
    this.closed = true;
  }

  /**
   * The number of threads, or null when the process is gone (reaped: the folder then shows no thread).
   * A zombie still counts its leader, whose schedstat keeps its final time until it is reaped.
   */
  private threadCount(): number | null {
    let links: number;
    try {
      links = fstatSync(this.taskFd).nlink;
    } catch {
      return null;
    }
    return links > 2 ? links - 2 : null;
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
