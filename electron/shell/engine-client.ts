import type { EventChannel, RequestChannel } from '../../shared/ipc/channels.ts';
import type { CheckedRequest, Response } from '../../shared/ipc/contract.ts';
import type { ToHost } from '../app/host-protocol.ts';
import { isFromHost } from '../app/host-protocol.ts';

/**
 * Main's side of the engine host protocol (electron/app/host-protocol.ts): sends requests to the
 * utility process, matches the responses by id, hands events on. When the host exits unexpectedly every
 * pending request fails with "the engine stopped …" and the next request starts a new host (the stores
 * are crash-safe, so nothing finished is lost). Takes a `fork` function, so tests pass a fake process.
 */

/** The part of Electron's `UtilityProcess` the client uses; the real one fits (engine-client.test.ts). */
export interface EngineProcess {
  postMessage(message: ToHost): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/** What main's IPC handlers call. */
export interface EngineClient {
  /** Sends one (already validated) request and resolves to the engine's answer. */
  request<C extends RequestChannel>(channel: C, payload: CheckedRequest<C>): Promise<Response<C>>;
  /**
   * Asks the host to close the service (stopping the bots) and waits for it to exit, at most
   * `timeoutMs`, after which it is killed. Later requests are refused.
   */
  shutdown(timeoutMs: number): Promise<void>;
}

export interface EngineClientOptions {
  /** Starts a host process (`utilityProcess.fork(…)` in main). */
  readonly fork: () => EngineProcess;
  /** Called with every event of the engine. */
  readonly onEvent: (channel: EventChannel, payload: unknown) => void;
  /** Called when the host exits without having been asked to. */
  readonly onUnexpectedExit?: (code: number) => void;
}

/** The error of a request that the engine could not answer because it is not running. */
export class EngineStoppedError extends Error {
  override readonly name = 'EngineStoppedError';
}

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Host {
  readonly child: EngineProcess;
  readonly pending: Map<number, Pending>;
  readonly exited: Promise<number>;
}

/** Starts the engine host at once and returns the client that talks to it. */
export function createEngineClient(options: EngineClientOptions): EngineClient {
  let nextId = 1;
  let stopping = false;
  let host: Host | null = start();

  function start(): Host {
    const child = options.fork();
    const pending = new Map<number, Pending>();
    const exited = new Promise<number>((resolve) => {
      child.on('exit', (code) => {
        if (host?.child === child) host = null;
        const why = stopping
          ? `the engine stopped (Jury is quitting)`
          : `the engine stopped unexpectedly (exit code ${code}); it restarts with the next request`;
        for (const p of pending.values()) p.reject(new EngineStoppedError(why));
        pending.clear();
        if (!stopping) options.onUnexpectedExit?.(code);
        resolve(code);
      });
    });
    child.on('message', (message) => {
      if (!isFromHost(message)) return;
      if (message.kind === 'event') {
        options.onEvent(message.channel, message.payload);
        return;
      }
      const waiting = pending.get(message.id);
      if (waiting === undefined) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new Error(message.message));
    });
    return { child, pending, exited };
  }

  return {
    request<C extends RequestChannel>(channel: C, payload: CheckedRequest<C>): Promise<Response<C>> {
      if (stopping) return Promise.reject(new EngineStoppedError('the engine stopped (Jury is quitting)'));
      host ??= start();
      const { child, pending } = host;
      const id = nextId++;
      return new Promise<Response<C>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        try {
          child.postMessage({ kind: 'request', id, channel, payload });
        } catch (e) {
          pending.delete(id);
          reject(e instanceof Error ? e : new Error(String(e)));
        }
      });
    },

    async shutdown(timeoutMs: number): Promise<void> {
      stopping = true;
      const current = host;
      if (current === null) return;
      try {
        current.child.postMessage({ kind: 'shutdown' });
      } catch {
        // Already gone: the exit event follows.
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([current.exited, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') current.child.kill();
    },
  };
}
