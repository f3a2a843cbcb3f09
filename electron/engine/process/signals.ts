import { constants } from 'node:os';
import type { ExitInfo } from '../channel.ts';

/**
 * Sends `signal` to process group `pgid`; returns false when nothing received it. Never throws: the
 * group may be gone, and on Windows groups do not exist.
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to one process; returns false when it is gone. Never throws. */
export function signalProcess(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Signal numbers to names; the first name listed wins (SIGABRT, not its alias SIGIOT). */
const signalNames = new Map<number, string>();
for (const [name, n] of Object.entries(constants.signals)) if (!signalNames.has(n)) signalNames.set(n, name);

/**
 * The bot's exit as reported by the process Jury spawned. Behind the reaper (GNU timeout as namespace
 * init), a bot killed by signal n shows as exit code 128 + n: that is turned back into the signal. A bot
 * that really exits with such a code is reported as killed by that signal, a rare and harmless mix-up.
 */
export function decodeExit(code: number | null, signal: string | null, viaReaper: boolean): ExitInfo {
  if (viaReaper && code !== null && code > 128) {
    const name = signalNames.get(code - 128);
    if (name) return { code: null, signal: name };
  }
  return { code, signal };
}

/** Something that must be killed if Jury exits while it still runs. */
export interface Killable {
  killNow(): void;
}

const live = new Set<Killable>();
/** Bots started elsewhere in this process (the game thread's), killed through their owner. */
const elsewhere = new Set<Killable>();
let hooked = false;

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // 'exit' handlers may only do synchronous work: killNow() sends signals and returns.
  process.on('exit', killAllBots);
}

/** Remembers a live bot so that {@link killAllBots} (and Jury's own exit) can kill it. */
export function register(k: Killable): void {
  live.add(k);
  hookExit();
}

/**
 * Remembers what kills the bots another thread of this process started (the game thread): its
 * `killNow` must return only once they are killed. {@link killAllBots} calls it every time.
 */
export function registerElsewhere(k: Killable): void {
  elsewhere.add(k);
  hookExit();
}

/** Forgets a bot that has been shut down. */
export function unregister(k: Killable): void {
  live.delete(k);
}

/**
 * Kills every bot still running, at once (SIGKILL). Called automatically when Node exits normally; a
 * CLI or app that handles SIGINT/SIGTERM itself must call it before exiting, since Node runs no exit
 * handlers when a signal kills it.
 */
export function killAllBots(): void {
  for (const k of live) k.killNow();
  live.clear();
  for (const k of elsewhere) k.killNow();
}
