import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EventChannel,
  EventPayload,
  RequestChannel,
  Request,
  Response,
} from '../../shared/ipc/contract.ts';
import { ipcContract } from '../../shared/ipc/contract.ts';
import { processLauncher, type ProcessLauncher } from '../../electron/engine/bot-launcher.ts';
import { parseOrThrow } from '../../shared/ipc/handlers.ts';
import { createJuryService, type JuryService } from '../../electron/app/service.ts';

/**
 * Test support for the service's tests (no vitest import): a service
 * on temporary folders with the real process launcher, requests sent the way main sends them (payload
 * parsed with the contract's schema, response checked with it), and its events recorded.
 */

/** One recorded event. */
export type Recorded = { [C in EventChannel]: { channel: C; payload: EventPayload<C> } }[EventChannel];

/** A service under test. */
export interface Harness {
  readonly service: JuryService;
  readonly dir: string;
  readonly events: Recorded[];
  /** Every process id the launcher started (the spawned one and the bot's own). */
  readonly pids: number[];
  call<C extends RequestChannel>(channel: C, payload: Request<C>): Promise<Response<C>>;
  /** Resolves with the first recorded event (past or future) that `match` accepts; rejects after `ms`. */
  waitFor<C extends EventChannel>(
    channel: C,
    match: (payload: EventPayload<C>) => boolean,
    ms?: number,
  ): Promise<EventPayload<C>>;
  /** Closes the service and deletes the folders. */
  dispose(): Promise<void>;
}

/** A launcher that notes the process ids of every bot it starts. */
function pidLauncher(pids: number[]): ProcessLauncher {
  const inner = processLauncher();
  return {
    check: (bot) => inner.check(bot),
    async launch(bot, limits) {
      const launched = await inner.launch(bot, limits);
      const channel = launched.channel as { pid?: number | null; botPid?: number | null };
      for (const pid of [channel.pid, channel.botPid]) if (typeof pid === 'number') pids.push(pid);
      return launched;
    },
  };
}

/** Whether a process with this id still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A service on fresh temporary folders; call `dispose` after the test. */
export async function startHarness(
  options: {
    frameIntervalMs?: number;
    mode?: 'desktop' | 'browser';
    /** Wraps the launcher, e.g. to make a launch fail the way a broken machine would. */
    wrapLauncher?: (launcher: ProcessLauncher) => ProcessLauncher;
    /** This machine's speed benchmark time for remote workers (measured when absent). */
    benchmarkMs?: number;
    /** One speed measurement of this machine (ms), instead of timing the CPU benchmark. */
    benchmark?: () => number;
    /** The folders of an earlier harness, as a restarted Jury finds them (its own are fresh ones). */
    dir?: string;
  } = {},
): Promise<Harness> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'jury-service-'));
  const pids: number[] = [];
  const service = await createJuryService({
    workspace: join(dir, 'workspace'),
    storeFolder: join(dir, 'tournaments'),
    mode: options.mode ?? 'desktop',
    launcher: (options.wrapLauncher ?? ((l) => l))(pidLauncher(pids)),
    frameIntervalMs: options.frameIntervalMs ?? 20,
    ...(options.benchmarkMs === undefined ? {} : { benchmarkMs: options.benchmarkMs }),
    ...(options.benchmark ? { benchmark: options.benchmark } : {}),
  });
  const events: Recorded[] = [];
  const waiters = new Set<() => void>();
  service.subscribe((channel, payload) => {
    events.push({ channel, payload } as Recorded);
    for (const w of [...waiters]) w();
  });
  return {
    service,
    dir,
    events,
    pids,
    async call(channel, payload) {
      const spec = ipcContract.requests[channel];
      const checked = parseOrThrow(spec.request, payload, `${channel}: invalid request`);
      const handler = service.handlers[channel] as (p: unknown) => unknown;
      const response = await handler(checked);
      return parseOrThrow(spec.response, response, `${channel}: invalid response`) as Response<
        typeof channel
      >;
    },
    waitFor(channel, match, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = events.find((e) => e.channel === channel && match(e.payload as never));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.payload as EventPayload<typeof channel>);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching ${channel} event within ${ms} ms`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    async dispose() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
