import type { RawData, WebSocket } from 'ws';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import { dispatch } from './dispatch.ts';
import type { ServerMessage } from './protocol.ts';
import { parseClientMessage } from './protocol.ts';

/**
 * One client of `jury serve`'s WebSocket: reads its requests, answers each one (in any order: the ids
 * match them up) and sends it events without letting a slow reader make the server buffer without end.
 */

/** How many requests one client may have unanswered at once; more are refused at once. */
export const MAX_IN_FLIGHT = 64;

/** Buffered bytes above which a client gets no `game.frame` events until it has read its backlog. */
export const FRAME_DROP_BYTES = 4 * 1024 * 1024;

/** Buffered bytes above which a client that does not read is disconnected. */
export const STALLED_BYTES = 64 * 1024 * 1024;

/** The limits of one connection (the defaults above; tests pass small ones). */
export interface ConnectionLimits {
  readonly maxInFlight: number;
  readonly frameDropBytes: number;
  readonly stalledBytes: number;
}

/** Sends a message if the socket is still open. */
export function sendMessage(ws: WebSocket, message: ServerMessage): void {
  if (ws.readyState !== ws.OPEN) return;
  ws.send(JSON.stringify(message));
}

/**
 * Sends an already serialised event, applying back-pressure: frames (the only frequent event, and each
 * one superseded by the next of its board) are dropped while the client's buffer is full; a client that
 * stopped reading altogether is disconnected. Returns whether the event was sent.
 */
export function sendEvent(ws: WebSocket, channel: string, text: string, limits: ConnectionLimits): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  if (ws.bufferedAmount > limits.stalledBytes) {
    ws.terminate();
    return false;
  }
  if (channel === 'game.frame' && ws.bufferedAmount > limits.frameDropBytes) return false;
  ws.send(text);
  return true;
}

/** Answers the requests that arrive on `ws` with `handlers`, for a connection that may `control` or not. */
export function serveConnection(
  ws: WebSocket,
  handlers: Handlers,
  control: boolean,
  limits: ConnectionLimits,
): void {
  let inFlight = 0;
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      sendMessage(ws, { id: null, ok: false, error: 'expected a text frame holding JSON' });
      return;
    }
    const parsed = parseClientMessage(text(data));
    if (!parsed.ok) {
      sendMessage(ws, parsed.response);
      return;
    }
    const { id } = parsed.request;
    if (inFlight >= limits.maxInFlight) {
      sendMessage(ws, { id, ok: false, error: `too many requests at once (at most ${limits.maxInFlight})` });
      return;
    }
    inFlight++;
    void dispatch(parsed.request, handlers, control).then((response) => {
      inFlight--;
      try {
        sendMessage(ws, response);
      } catch (e) {
        sendMessage(ws, { id, ok: false, error: `cannot send the answer: ${(e as Error).message}` });
      }
    });
  });
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
