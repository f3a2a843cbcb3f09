import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readlinkSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { ReadResult } from '../../../electron/engine/channel.ts';
import { findExecutable } from '../../../electron/engine/process/executables.ts';
import {
  startBot,
  type BotProcess,
  type BotProcessOptions,
} from '../../../electron/engine/process/bot-process.ts';
import { sandboxCapabilities } from '../../../electron/engine/process/sandbox.ts';

/** The folder of the misbehaving fixture bots. */
export const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/bots');

/** Real processes on a loaded machine: generous waits everywhere, tight ones nowhere. */
export const LONG_US = 20_000_000;

const started: BotProcess[] = [];

/** Shuts down every bot a test started, whatever the test did (registered by {@link useBots}). */
export function useBots(): void {
  afterEach(async () => {
    await Promise.all(started.splice(0).map((b) => b.shutdown(0)));
  });
}

/** Starts fixture `name` (a file in {@link FIXTURES}) with `args`; shut down after the test. */
export function fixture(
  name: string,
  args: readonly string[] = [],
  options: BotProcessOptions = {},
): BotProcess {
  return track(startBot({ executable: join(FIXTURES, name), args, cwd: FIXTURES }, options));
}

/** Starts any program as a bot (its folder: `cwd`, default the fixtures'); shut down after the test. */
export function program(
  executable: string,
  args: readonly string[],
  options: BotProcessOptions = {},
  cwd: string = FIXTURES,
): BotProcess {
  return track(startBot({ executable, args, cwd }, options));
}

function track(b: BotProcess): BotProcess {
  started.push(b);
  return b;
}

/** Sends one line and reads the reply, failing loudly if it is not a line. */
export async function ask(bot: BotProcess, line: string, timeoutUs = LONG_US): Promise<ReadResult> {
  bot.send([line]);
  return bot.read(timeoutUs);
}

/** The process-group fallback: the same machine without namespaces (tests of that mode). */
export function withoutNamespace(): BotProcessOptions {
  return {
    sandbox: { ...sandboxCapabilities(), bwrap: null, pidNamespace: null, netNamespace: false, reaper: null },
  };
}

/** Compiles a C fixture into a temporary folder; null when no C compiler is installed. */
export function compileC(name: string): string | null {
  const cc = findExecutable('cc') ?? findExecutable('gcc');
  if (!cc) return null;
  const dir = mkdtempSync(join(tmpdir(), 'jury-fixture-'));
  chmodSync(dir, 0o755); // a root Jury's bots run as another uid: they must be able to enter it
  const out = join(dir, name);
  execFileSync(cc, ['-O2', '-o', out, join(FIXTURES, `${name}.c`)]);
  return out;
}

/** Waits until `check` holds, polling; false after `ms`. */
export async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Live (not zombie) processes of this machine, with what the tests look for. */
export function liveProcesses(): { pid: number; pgid: number; cmdline: string; pidNs: string | null }[] {
  const list = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1').replaceAll('\0', ' ');
      let pidNs: string | null = null;
      try {
        pidNs = readlinkSync(`/proc/${name}/ns/pid`);
      } catch {
        pidNs = null;
      }
      list.push({ pid: Number(name), pgid: Number(fields[2]), cmdline, pidNs });
    } catch {
      // Gone meanwhile.
    }
  }
  return list;
}

/** A fresh marker for fixtures that leave processes behind. */
export function marker(): string {
  return `jury-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
}

/** The state letter of a process in /proc/PID/stat ("R", "S", "T" for stopped, …), or null. */
export function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}
