import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { canControl, isSameOrigin } from './access.ts';
import { httpUrl, isWildcardHost } from './addresses.ts';
import type { ConnectionLimits } from './connection.ts';
import { FRAME_DROP_BYTES, MAX_IN_FLIGHT, STALLED_BYTES, sendEvent, serveConnection } from './connection.ts';
import { MAX_MESSAGE_BYTES } from './protocol.ts';
import type { Reader } from './reader.ts';
import type { ServeService } from './router.ts';
import { connectionAnswers } from './router.ts';
import { staticHandler } from './static.ts';

/**
 * `jury serve`'s server: node:http for the built renderer and a WebSocket at `/api` carrying the IPC
 * contract to the engine service, with the same checks as the desktop app's IPC plus the access rules
 * of access.ts; spectators' reads of the stores go to the reader thread (router.ts). The service and the
 * reader are the caller's: the server uses them and never closes them.
 */

export type { ServeService } from './router.ts';

/** The default port of `jury serve`. */
export const DEFAULT_PORT = 5170;

/** What {@link startServer} needs. */
export interface ServerOptions {
  readonly service: ServeService;
  /**
   * The reader thread that answers spectators' reads of the stores (reader.ts); the caller's, started
   * over the service's folders and closed after the server. Without it the service answers everything.
   */
  readonly reader?: Reader;
  /** The folder of the built renderer (out/renderer). */
  readonly staticRoot: string;
  /** 0: any free port. Default {@link DEFAULT_PORT}. */
  readonly port?: number;
  /** Default 0.0.0.0: every IPv4 interface, so spectators on the network can watch. */
  readonly host?: string;
  /** The control token; default a fresh random one. */
  readonly token?: string;
  /**
   * An event's routes under `/event/` (event-routes.ts), when `jury serve --event` serves one; they
   * check who calls themselves.
   */
  readonly event?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Overrides of the per-connection limits (tests use small ones). */
  readonly limits?: Partial<ConnectionLimits> & { readonly maxMessageBytes?: number };
}

/** A listening server. */
export interface RunningServer {
  /** The page on this machine, e.g. `http://localhost:5170/`. */
  readonly url: string;
  /** The port actually listened on (the free one picked for port 0). */
  readonly port: number;
  readonly host: string;
  /** The token that gives a browser elsewhere control (`?token=` in the page's URL). */
  readonly token: string;
  /** Closes every connection and stops listening (the service stays open). */
  close(): Promise<void>;
}

/** A fresh control token: 128 random bits in hex. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

/** Starts listening; rejects with a clear message when the port is taken. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const token = options.token ?? newToken();
  const host = options.host ?? '0.0.0.0';
  const limits: ConnectionLimits = {
    maxInFlight: options.limits?.maxInFlight ?? MAX_IN_FLIGHT,
    frameDropBytes: options.limits?.frameDropBytes ?? FRAME_DROP_BYTES,
    stalledBytes: options.limits?.stalledBytes ?? STALLED_BYTES,
  };
  const statics = staticHandler(options.staticRoot);
  const event = options.event;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (event && (path === '/event' || path.startsWith('/event/'))) event(req, res);
    else statics(req, res);
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.limits?.maxMessageBytes ?? MAX_MESSAGE_BYTES,
  });
  const clients = new Set<WebSocket>();
  let connections = 0;
  const alive = new WeakSet<WebSocket>();

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://jury.invalid');
    if (url.pathname !== '/api') return refuseUpgrade(socket, 404, 'Not Found');
    if (!isSameOrigin(req.headers.origin, req.headers.host)) return refuseUpgrade(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const facts = {
        remoteAddress: req.socket.remoteAddress,
        host: req.headers.host,
        token: url.searchParams.get('token'),
      };
      clients.add(ws);
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      ws.on('close', () => clients.delete(ws));
      ws.on('error', () => ws.terminate());
      const answers = connectionAnswers(
        options.service,
        options.reader ?? null,
        canControl(facts, token),
        ++connections,
      );
      serveConnection(ws, answers, limits);
    });
  });

  const unsubscribe = options.service.subscribe((channel, payload) => {
    // A game package added or removed: the reader's service must know the same games.
    if (channel === 'games.changed') options.reader?.reload();
    if (clients.size === 0) return;
    const text = JSON.stringify({ event: channel, payload });
    for (const ws of clients) sendEvent(ws, channel, text, limits);
  });

  // Spectators on Wi-Fi vanish without a goodbye: ping every half minute, drop who did not answer.
  const heartbeat = setInterval(() => {
    for (const ws of clients) {
      if (!alive.has(ws)) ws.terminate();
      else {
        alive.delete(ws);
        ws.ping();
      }
    }
  }, 30_000);
  heartbeat.unref();

  try {
    await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (e) {
    clearInterval(heartbeat);
    unsubscribe();
    wss.close();
    throw e;
  }
  const port = (server.address() as AddressInfo).port;

  return {
    url: httpUrl(isWildcardHost(host) ? 'localhost' : host, port),
    port,
    host,
    token,
    async close() {
      clearInterval(heartbeat);
      unsubscribe();
      await closeClients(clients);
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (e.code === 'EADDRINUSE') {
        reject(new Error(`port ${port} is in use; choose another with --port (0 = any free port)`));
      } else if (e.code === 'EADDRNOTAVAIL') {
        reject(new Error(`${host} is not an address of this machine; choose another with --host`));
      } else reject(new Error(`cannot listen on ${host}:${port}: ${e.message}`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Says goodbye to every client (1001: going away), then cuts who has not closed within a second. */
async function closeClients(clients: Set<WebSocket>): Promise<void> {
  const open = [...clients];
  if (open.length === 0) return;
  await new Promise<void>((resolve) => {
    let left = open.length;
    const timer = setTimeout(resolve, 1000);
    for (const ws of open) {
      ws.once('close', () => {
        if (--left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
      ws.close(1001, 'Jury is stopping');
    }
  });
  for (const ws of open) ws.terminate();
}
