import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { readStat, threadActivity } from '../../../electron/engine/process/proc.ts';

const linux = process.platform === 'linux';
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** Starts `command`; resolves with its process id once it has printed its first line. */
async function started(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child.pid as number;
}

describe.runIf(linux)('reading a process’s threads in /proc', () => {
  it('sees a helper thread at work while the main thread sleeps', async () => {
    // The main thread waits in its event loop; a worker thread spins: the process is busy.
    const pid = await started(process.execPath, [
      '-e',
      "new (require('node:worker_threads').Worker)('for(;;);', { eval: true }).on('online', () => console.log('go'));",
    ]);
    await new Promise((r) => setTimeout(r, 50));
    expect(readStat(pid)?.state).toBe('S');
    expect(threadActivity(pid)?.busy).toBe(true);
    expect(threadActivity(pid)?.cpuUs).toBeGreaterThan(0);
  });

  it('sees no thread at work in a program that waits', async () => {
    const pid = await started('sh', ['-c', 'echo go; exec sleep 60']);
    await new Promise((r) => setTimeout(r, 50));
    const idle = threadActivity(pid);
    expect(idle?.busy).toBe(false);
    // Its CPU time stands still while it waits.
    expect(threadActivity(pid)?.cpuUs).toBe(idle?.cpuUs);
  });

  it('answers null for a process that does not exist', () => {
    expect(threadActivity(2 ** 22 + 1)).toBeNull();
  });
});
