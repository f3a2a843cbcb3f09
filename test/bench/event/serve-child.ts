/**
 * `jury serve --event` for the event section (uploads.ts), as its own process: the command's own code
 * (serveCommand: the event opened on this thread, the server and reader threads, the ticker) with a
 * stand-in page instead of `out/renderer` (no build needed). Stops on SIGTERM as `jury serve` does.
 *
 *   node serve-child.ts <event folder> <scratch folder> <token>
 *
 * For the benchmark it also watches its main thread (the engine's; games play in the game thread): a line `delay` on its input answers
 * one JSON line on its output with that thread's event-loop delay (p99, max, ms) and CPU time since the
 * last one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { serveCommand } from '../../../electron/cli/serve-command.ts';

const [folder = '', scratch = '', token = ''] = process.argv.slice(2);
const page = join(scratch, 'renderer');
mkdirSync(page, { recursive: true });
writeFileSync(join(page, 'index.html'), '<!doctype html><title>Jury</title>');

let delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let cpu = process.threadCpuUsage();
const input = createInterface({ input: process.stdin });
// The benchmark gone (its end closes this input): stop as on Ctrl-C, so no orphan keeps building.
input.once('close', () => process.kill(process.pid, 'SIGTERM'));
input.on('line', (line) => {
  if (line.trim() !== 'delay') return;
  const used = process.threadCpuUsage(cpu);
  process.stdout.write(
    `${JSON.stringify({
      delay: {
        p99Ms: delay.percentile(99) / 1e6,
        maxMs: delay.max / 1e6,
        cpuMs: (used.user + used.system) / 1000,
      },
    })}\n`,
  );
  delay.disable();
  delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  cpu = process.threadCpuUsage();
});

process.exitCode = await serveCommand(
  {
    port: '0',
    host: '127.0.0.1',
    token,
    workspace: join(scratch, 'workspace'),
    store: join(scratch, 'tournaments'),
    event: folder,
  },
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  undefined,
  page,
);
input.removeAllListeners('close');
process.stdin.destroy();
