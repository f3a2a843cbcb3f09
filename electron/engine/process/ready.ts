import { basename } from 'node:path';
import type { BotTree } from './bot-tree.ts';
import { hasProc, readStat, threadActivity } from './proc.ts';
import type { SandboxCapabilities } from './sandbox.ts';

/** How often a starting program is looked at (a read of /proc/PID/stat). */
const LOOK_EVERY_MS = 2;

/**
 * The names (as /proc/PID/stat shows them: at most 15 bytes) of the programs Jury may start a bot
 * through: nice, the shell that joins its cgroup, taskset, bubblewrap, unshare, the namespace's init, setpriv,
 * prlimit and setsid. A bot's own program is running once its process shows none of them.
 */
export function wrapperNames(caps: SandboxCapabilities): ReadonlySet<string> {
  const paths = [
    caps.shell,
    caps.taskset,
    caps.bwrap,
    caps.pidNamespace?.[0] ?? null,
    caps.reaper,
    caps.setpriv,
    caps.prlimit,
    caps.setsid ?? null,
    caps.nice ?? null,
  ];
  return new Set(paths.flatMap((p) => (p ? [basename(p).slice(0, 15)] : [])));
}

/**
 * Whether the bot below `tree` runs its own program and sleeps: found, past its wrappers (`wrappers`),
 * and its main thread asleep (a program waiting for its first line sleeps in its read). A process already
 * gone counts as done waiting: its exit tells the rest.
 */
export function runsAndWaits(tree: BotTree, wrappers: ReadonlySet<string>): boolean {
  const pid = tree.find();
  if (pid === null) return false;
  const stat = readStat(pid);
  if (stat === null) return true;
  return !wrappers.has(stat.comm) && stat.state === 'S';
}

/**
 * How long a program must sleep with its CPU time standing still to count as waiting for its first line:
 * a runtime starting up may sleep a moment (Node's main thread waits for its module loader's thread).
 */
const QUIET_MS = 2;

/** CPU time (µs) a waiting program may still show between two looks (a reading's own noise). */
const QUIET_CPU_US = 50;

/**
 * Resolves once {@link runsAndWaits} has held for twice {@link QUIET_MS} with the program's CPU time (all
 * its threads) standing still and none of its threads ready to run, or `ended()` is true, or `timeoutMs`
 * has passed, looking every {@link LOOK_EVERY_MS} ms (see PlayerChannel.waitingForInput). Where there is
 * no /proc it resolves at once.
 */
export function untilWaiting(
  tree: BotTree,
  wrappers: ReadonlySet<string>,
  ended: () => boolean,
  timeoutMs: number,
): Promise<void> {
  if (!hasProc) return Promise.resolve();
  const until = performance.now() + timeoutMs;
  let quietSince = Number.NaN;
  let lastCpu = Number.NaN;
  /** Every thread's CPU time at the last full look that found none busy (NaN: none yet). */
  let fullCpu = Number.NaN;
  return new Promise((resolve) => {
    const look = (): void => {
      const now = performance.now();
      if (ended() || now >= until) return resolve();
      if (!runsAndWaits(tree, wrappers)) {
        quietSince = Number.NaN;
        fullCpu = Number.NaN;
      } else {
        const cpu = tree.cpuUs();
        if (!(Math.abs(cpu - lastCpu) <= QUIET_CPU_US) || Number.isNaN(quietSince)) quietSince = now;
        lastCpu = cpu;
        if (now - quietSince >= QUIET_MS) {
          // Still, but maybe only waiting: a runtime starting up may sleep in its main thread while a
          // helper thread works or, on a loaded machine, waits for a core with its CPU time standing
          // still, and a thread started since the last look is not metered yet. So every thread is
          // looked at afresh, only now (a JVM has dozens): two such looks a quiet period apart, no
          // thread busy at either and no CPU time between them.
          const pid = tree.find();
          const threads = pid === null ? null : threadActivity(pid);
          if (threads === null) return resolve();
          if (!threads.busy && Math.abs(threads.cpuUs - fullCpu) <= QUIET_CPU_US) return resolve();
          fullCpu = threads.busy ? Number.NaN : threads.cpuUs;
          quietSince = now;
        }
      }
      setTimeout(look, LOOK_EVERY_MS);
    };
    look();
  });
}
