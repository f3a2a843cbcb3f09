import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the calling thread's priority to the least (nice 19): `jury serve`'s server and reader threads
 * call it first, so that on a machine with few cores they take the CPU time the judge and the bots leave,
 * not the other way round. Linux only (setpriority with a thread id changes that thread alone); elsewhere,
 * or when refused, the thread keeps its priority and still runs off the judge's event loop.
 */
export function yieldToTheJudge(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not allowed: the thread competes as an equal.
  }
}
