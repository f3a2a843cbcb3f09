import { EventEmitter } from 'node:events';
import type { EventChannel } from '../../shared/ipc/channels.ts';
import { requestChannels } from '../../shared/ipc/channels.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { EngineProcess } from '../../electron/shell/engine-client.ts';
import type { HostPort, HostService } from '../../electron/app/host-protocol.ts';
import { serveHost } from '../../electron/app/host-protocol.ts';

/**
 * An engine host in the same process, for tests: {@link serveHost} on one end of an in-memory message
 * pair and an {@link EngineProcess} (what main's engine client talks to) on the other. Messages are
 * structured-cloned and delivered asynchronously, as between Electron's processes, so a test sees the
 * same copies and ordering the real utility process gives. `kill()` ends it with code 143 at once, like
 * a SIGTERM.
 */
export function inMemoryHost(service: Promise<HostService> | HostService): EngineProcess {
  const toMain = new EventEmitter();
  const hostListeners: ((message: unknown) => void)[] = [];
  let exited = false;
  const exit = (code: number): void => {
    if (exited) return;
    exited = true;
    setImmediate(() => toMain.emit('exit', code));
  };
  const port: HostPort = {
    post: (message) => {
      const copy = structuredClone(message);
      if (!exited) setImmediate(() => toMain.emit('message', copy));
    },
    onMessage: (listener) => void hostListeners.push(listener),
  };
  void serveHost(port, Promise.resolve(service), exit);
  const child: EngineProcess = {
    postMessage: (message) => {
      if (exited) throw new Error('the host has exited');
      const copy = structuredClone(message);
      setImmediate(() => hostListeners.forEach((listener) => listener(copy)));
    },
    on: (event: string, listener: (value: never) => void) => {
      toMain.on(event, listener as (value: unknown) => void);
      return child;
    },
    kill: () => {
      exit(143);
      return true;
    },
  };
  return child;
}

/** A service for tests: the given handlers (every other channel throws), events on demand. */
export interface FakeService extends HostService {
  /** Sends an event to the subscribers, as the real service does for a running tournament. */
  emit(channel: EventChannel, payload: unknown): void;
  /** How many listeners are subscribed now. */
  readonly subscribers: number;
  /** How often close() was called. */
  readonly closed: number;
}

/** Builds a {@link FakeService}; `close` replaces what close() does (default: resolve at once). */
export function fakeService(handlers: Partial<Handlers>, close?: () => Promise<void>): FakeService {
  const listeners = new Set<(channel: EventChannel, payload: unknown) => void>();
  let closed = 0;
  const missing = Object.fromEntries(
    requestChannels.map((channel) => [
      channel,
      () => {
        throw new Error(`${channel} is not served by this fake`);
      },
    ]),
  ) as unknown as Handlers;
  return {
    handlers: { ...missing, ...handlers },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      closed += 1;
      return close ? close() : Promise.resolve();
    },
    emit: (channel, payload) => listeners.forEach((listener) => listener(channel, payload)),
    get subscribers() {
      return listeners.size;
    },
    get closed() {
      return closed;
    },
  };
}
