import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_NODE_FLAGS } from '../../../electron/app/node-flags.ts';
import type { EventSettingsInput } from '../../../shared/event/settings.ts';

/**
 * The event section's event (uploads.ts): made with the real CLI (`jury event create`, `jury event
 * add-contestants`, whose printed join codes are read back) in a fresh folder, and worked by a real
 * `jury serve --event` in a process of its own (serve-child.ts).
 */

const JURY = fileURLToPath(new URL('../../../electron/cli/jury.mjs', import.meta.url));
const SERVE = fileURLToPath(new URL('./serve-child.ts', import.meta.url));

/** A fresh event: its folders and every contestant's join code by name. */
export interface BenchEvent {
  readonly root: string;
  readonly folder: string;
  readonly codes: ReadonlyMap<string, string>;
}

/** Creates the event with `jury event create` and adds `names` with `jury event add-contestants`. */
export function createEvent(settings: EventSettingsInput, names: readonly string[]): BenchEvent {
  const root = mkdtempSync(join(tmpdir(), 'jury-bench-event-'));
  // Confined bots run as users of their own: the event's folder must be open to them.
  chmodSync(root, 0o755);
  const folder = join(root, 'event');
  writeFileSync(join(root, 'settings.json'), JSON.stringify(settings));
  writeFileSync(join(root, 'names.txt'), `${names.join('\n')}\n`);
  jury(['event', 'create', folder, '--settings', join(root, 'settings.json')]);
  const out = jury(['event', 'add-contestants', folder, '--file', join(root, 'names.txt')]);
  const codes = new Map<string, string>();
  for (const line of out.split('\n')) {
    const found = /^(.*\S)\s+([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})$/.exec(line);
    if (found) codes.set(found[1] as string, found[2] as string);
  }
  if (codes.size !== names.length) throw new Error(`add-contestants printed ${codes.size} codes:\n${out}`);
  return { root, folder, codes };
}

function jury(args: readonly string[]): string {
  const r = spawnSync(process.execPath, [...ENGINE_NODE_FLAGS, JURY, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`jury ${args.join(' ')} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/** `jury serve --event` running: its address, its main thread's figures, and its stop. */
export interface ServingEvent {
  readonly url: string;
  readonly token: string;
  /** Its main thread since the last call (the games are in the game thread): event-loop delay p99 and
   * max (ms), CPU time (ms). */
  mainThread(): Promise<{ p99Ms: number; maxMs: number; cpuMs: number }>;
  stop(): Promise<void>;
}

/** Starts `jury serve --event` on a loopback port over `event`; resolves once it listens. */
export async function serveEvent(event: BenchEvent): Promise<ServingEvent> {
  const scratch = join(event.root, 'serve');
  mkdirSync(scratch);
  const token = 'bench-event-token-0123456789';
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      ...ENGINE_NODE_FLAGS,
      // JURY_BENCH_PROFILE=<folder>: a CPU profile of the serve process (its main thread).
      ...(process.env.JURY_BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.JURY_BENCH_PROFILE}`]
        : []),
      SERVE,
      event.folder,
      scratch,
      token,
    ],
    { stdio: 'pipe' },
  );
  let out = '';
  let err = '';
  const replies: ((line: string) => void)[] = [];
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err = (err + c).slice(-4000)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      for (let i = out.indexOf('\n'); i >= 0; i = out.indexOf('\n')) {
        const line = out.slice(0, i);
        out = out.slice(i + 1);
        if (line.startsWith('{"delay"')) replies.shift()?.(line);
        const found = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(line);
        if (found) resolve(found[1] as string);
      }
    });
    void ended.then(() => reject(new Error(`jury serve --event ended: ${err}`)));
  });
  return {
    url,
    token,
    async mainThread() {
      const line = await new Promise<string>((resolve) => {
        replies.push(resolve);
        child.stdin.write('delay\n');
      });
      return (JSON.parse(line) as { delay: { p99Ms: number; maxMs: number; cpuMs: number } }).delay;
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await ended;
      clearTimeout(timer);
    },
  };
}
