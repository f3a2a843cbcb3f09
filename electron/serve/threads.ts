import { Worker } from 'node:worker_threads';
import type { HostPort } from '../app/host-protocol.ts';
import { serveHost } from '../app/host-protocol.ts';
import type { JuryService } from '../app/service.ts';
import type { EventService } from '../engine/event/service.ts';
import { serveEvent } from './event-host.ts';
import { threadFile } from '../engine/thread-file.ts';
import type { FromServerThread, ServerThreadData, ToServerThread } from './thread-protocol.ts';

/**
 * `jury serve`'s threads, seen from the main thread, which runs the engine (the games, the judge): the
 * server thread (server-thread.ts) with the HTTP and WebSocket server, and under it the reader thread.
 * Nothing a browser sends is parsed, checked, read from a store or written to a socket on the main
 * thread: it answers the requests the server thread forwards (host-protocol.ts, as the desktop app's
 * engine host does) and sends it the live facts of its runs (docs/serve.md, "What runs where").
 */

/** The server, listening in its thread. */
export interface ServeThreads {
  readonly port: number;
  readonly token: string;
  /** Closes the server (its clients) and the reader thread; the service stays open. */
  close(): Promise<void>;
}

/**
 * Starts the server thread over `service` (and `event`'s routes, when given: its calls are answered
 * here, event-host.ts); rejects with the server's message (a port in use).
 */
export async function startServeThreads(
  service: JuryService,
  data: ServerThreadData,
  event?: EventService,
): Promise<ServeThreads> {
  const worker = new Worker(threadFile('server-thread'), {
    workerData: { ...data, event: event !== undefined },
  });
  const host: HostPort = {
    post: (message) => worker.postMessage(message),
    onMessage: (listener) => worker.on('message', listener),
  };
  // The engine's side of host-protocol.ts: requests answered by id, every event forwarded.
  void serveHost(host, Promise.resolve(service), () => {});
  if (event)
    serveEvent({ post: (m) => worker.postMessage(m), onMessage: (l) => worker.on('message', l) }, event);
  let queued = false;
  const sendLive = (): void => {
    queued = false;
    worker.postMessage({ kind: 'live', live: service.live() } satisfies ToServerThread);
  };
  // Once per turn of the loop, however many events came.
  const unsubscribe = service.subscribe((channel) => {
    if (queued || (channel !== 'tournament.progress' && channel !== 'tournament.changed')) return;
    queued = true;
    setImmediate(sendLive);
  });
  sendLive();
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const first = await new Promise<FromServerThread>((resolve) => {
    worker.on('message', (message: FromServerThread) => {
      if (message.kind === 'listening' || message.kind === 'failed') resolve(message);
    });
    worker.once('error', (e) => resolve({ kind: 'failed', message: e.message }));
    void ended.then(() => resolve({ kind: 'failed', message: 'the server thread ended' }));
  });
  if (first.kind !== 'listening') {
    unsubscribe();
    await worker.terminate();
    throw new Error(first.kind === 'failed' ? first.message : 'the server thread ended');
  }
  return {
    port: first.port,
    token: first.token,
    async close() {
      unsubscribe();
      worker.postMessage({ kind: 'close' } satisfies ToServerThread);
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await ended;
      clearTimeout(timer);
    },
  };
}
