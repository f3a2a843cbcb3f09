import type { JuryApi } from '../../shared/ipc/api.ts';
import { methodName, subscriptionName } from '../../shared/ipc/api.ts';
import type { EventChannel, RequestChannel } from '../../shared/ipc/channels.ts';
import { eventChannels, requestChannels } from '../../shared/ipc/channels.ts';

/**
 * The JuryApi over the WebSocket of `jury serve` (electron/serve/, protocol in electron/serve/protocol.ts):
 * the same named methods and subscriptions as the desktop app's `window.jury`. One socket to
 * `ws(s)://<host>/api` (with the page's own `?token=` when it has one); requests wait until the socket
 * is open and are matched to their answers by id; a lost connection fails the requests it carried
 * ("connection lost") and is opened again with a growing delay.
 */

/** The part of the browser's WebSocket the bridge uses; the real one fits it, tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
}

/** A WebSocket class (the browser's `WebSocket`, or a fake). */
export type SocketConstructor = new (url: string) => SocketLike;

/** The parts of `window.location` the bridge reads. */
export type PageLocation = Pick<Location, 'host' | 'protocol' | 'search'>;

/** Delays between reconnection attempts: doubling from the first to the last. */
export interface ReconnectDelays {
  readonly firstMs: number;
  readonly maxMs: number;
}

const DEFAULT_DELAYS: ReconnectDelays = { firstMs: 500, maxMs: 10_000 };
const OPEN = 1;

/** The WebSocket URL of the API for a page: same host, ws or wss, the page's token passed on. */
export function socketUrl(location: PageLocation): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get('token');
  return `${scheme}//${location.host}/api${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** The JuryApi of a page served by `jury serve`, over the browser's WebSocket. */
export function createSocketApi(location: PageLocation, onReconnect?: () => void): JuryApi {
  return createSocketApiWith(WebSocket, location, DEFAULT_DELAYS, onReconnect);
}

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** Builds the JuryApi over sockets made by `Socket` (the factory tests use with a fake class). */
export function createSocketApiWith(
  Socket: SocketConstructor,
  location: PageLocation,
  delays: ReconnectDelays = DEFAULT_DELAYS,
  /** Called when a lost connection is open again: events sent meanwhile were missed. */
  onReconnect?: () => void,
): JuryApi {
  const url = socketUrl(location);
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>(
    eventChannels.map((channel) => [channel, new Set()]),
  );
  let socket: SocketLike | null = null;
  let waiting: string[] = []; // requests written before the socket opened
  let failures = 0;
  let nextId = 1;
  let everOpen = false;

  function connect(): void {
    const current = new Socket(url);
    socket = current;
    current.onopen = () => {
      failures = 0;
      for (const text of waiting) current.send(text);
      waiting = [];
      if (everOpen) onReconnect?.();
      everOpen = true;
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => {}; // a close event follows, which does the work
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      waiting = [];
      const lost = [...pending.values()];
      pending.clear();
      for (const request of lost) request.reject(new Error('connection lost'));
      const delay = Math.min(delays.maxMs, delays.firstMs * 2 ** failures);
      failures++;
      setTimeout(connect, delay);
    };
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof message['event'] === 'string') {
      for (const listener of [...(listeners.get(message['event']) ?? [])]) {
        try {
          listener(message['payload']);
        } catch (e) {
          console.error(`${message['event']} listener failed:`, e);
        }
      }
      return;
    }
    const id = message['id'];
    const request = typeof id === 'number' ? pending.get(id) : undefined;
    if (!request) {
      if (message['ok'] === false) console.warn(`jury serve: ${String(message['error'])}`);
      return;
    }
    pending.delete(id as number);
    if (message['ok'] === true) request.resolve(message['value']);
    else request.reject(new Error(String(message['error'] ?? 'request failed')));
  }

  function request(channel: RequestChannel, payload: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      let text: string;
      try {
        text = JSON.stringify(payload === undefined ? { id, channel } : { id, channel, payload });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      pending.set(id, { resolve, reject });
      if (socket && socket.readyState === OPEN) socket.send(text);
      else waiting.push(text);
    });
  }

  function subscribe(channel: EventChannel) {
    return (listener: (payload: unknown) => void): (() => void) => {
      if (typeof listener !== 'function') {
        throw new TypeError(`${subscriptionName(channel)}: expected a function`);
      }
      // Each subscription gets its own wrapper, so subscribing one function twice needs two unsubscribes.
      const wrapped = (payload: unknown) => listener(payload);
      listeners.get(channel)?.add(wrapped);
      return () => void listeners.get(channel)?.delete(wrapped);
    };
  }

  const api: Record<string, unknown> = {};
  for (const channel of requestChannels) {
    api[methodName(channel)] = (payload?: unknown) => request(channel, payload);
  }
  for (const channel of eventChannels) api[subscriptionName(channel)] = subscribe(channel);
  connect();
  return Object.freeze(api) as JuryApi;
}
