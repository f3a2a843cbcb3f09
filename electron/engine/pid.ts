import { readFileSync } from 'node:fs';

/**
 * Whether process `pid` is alive on this host: for files named after their process (run locks, temporary
 * files of a creation or an export) that the process left when it was killed. Sends no signal (signal 0).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The start time of process `pid` in clock ticks after boot, from Linux's /proc (null elsewhere or when
 * it is gone): with the pid it tells a process from a later one that was given the same pid.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces and parentheses, so count after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
