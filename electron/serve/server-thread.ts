import { parentPort, workerData } from 'node:worker_threads';
import { requestChannels } from '../../shared/ipc/channels.ts';
import type { EventChannel } from '../../shared/ipc/channels.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { LiveTournament } from '../app/service.ts';
import { errorMessage, isFromHost, type HostRequest } from '../app/host-protocol.ts';
import { yieldToTheJudge } from './priority.ts';
import { Reader } from './reader.ts';
import type { ServeService } from './router.ts';
import { isEventAnswer, type EventCall } from './event-protocol.ts';
import { EventCallError, eventRoutes, type EventCaller } from './event-routes.ts';
import { newToken, startServer, type RunningServer } from './server.ts';
import type { FromServerThread, ServerThreadData, ToServerThread } from './thread-protocol.ts';

// The entry of `jury serve`'s server thread (threads.ts starts it): the HTTP and WebSocket server and
// the reader thread, off the main thread where the engine runs the games. The engine is reached as the
// desktop app's window reaches its engine host: requests already checked against the contract go to the
// main thread with host-protocol.ts's messages (its serveHost answers them), events come back the same
// way, and the main thread sends the live facts of its runs after every change. At the least priority
// (priority.ts): under a full CPU, the judge and the bots come first.

if (!parentPort) throw new Error('electron/serve/server-thread.ts runs only as a worker thread');
const port = parentPort;
const data = workerData as ServerThreadData;
yieldToTheJudge();

const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
const listeners = new Set<(channel: EventChannel, payload: unknown) => void>();
let live: readonly LiveTournament[] = [];
let nextId = 1;

const handlers = Object.fromEntries(
  requestChannels.map((channel) => [
    channel,
    (payload: unknown) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        port.postMessage({ kind: 'request', id, channel, payload } satisfies HostRequest);
      }),
  ]),
) as unknown as Handlers;

const service: ServeService = {
  handlers,
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  live: () => live,
};

// An event's calls (event-routes.ts → event-host.ts on the main thread), answered by id.
const eventWaiting = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
const callEvent = ((face: EventCall['face'], method: EventCall['method'], args: unknown[]) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    eventWaiting.set(id, { resolve, reject });
    port.postMessage({ kind: 'event-call', id, face, method, args } as EventCall);
  })) as EventCaller;

let server: RunningServer | null = null;
const reader = new Reader(data.folders);
const post = (message: FromServerThread): void => port.postMessage(message);

port.on('message', (message: unknown) => {
  if (isFromHost(message)) {
    if (message.kind === 'event') {
      for (const listener of listeners) listener(message.channel, message.payload);
      return;
    }
    const w = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.ok) w?.resolve(message.value);
    else w?.reject(new Error(message.message));
    return;
  }
  if (isEventAnswer(message)) {
    const w = eventWaiting.get(message.id);
    eventWaiting.delete(message.id);
    if (message.ok) w?.resolve(message.value);
    else w?.reject(new EventCallError(message.code, message.message));
    return;
  }
  const control = message as ToServerThread;
  if (control.kind === 'live') live = control.live;
  else if (control.kind === 'close') void close();
});

async function close(): Promise<void> {
  await server?.close();
  await reader.close();
  for (const w of [...waiting.values(), ...eventWaiting.values()]) w.reject(new Error('Jury is stopping'));
  post({ kind: 'closed' });
  port.close();
}

try {
  const token = data.server.token ?? newToken();
  server = await startServer({
    ...data.server,
    token,
    service,
    reader,
    ...(data.event ? { event: eventRoutes(callEvent, token) } : {}),
  });
  post({ kind: 'listening', port: server.port, token: server.token });
} catch (e) {
  await reader.close();
  post({ kind: 'failed', message: errorMessage(e) });
  port.close();
}
