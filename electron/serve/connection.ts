import type { RawData, WebSocket } from 'ws';
import type { ClientRequest, ServerMessage } from './protocol.ts';
import { parseClientMessage } from './protocol.ts';

/**
 * One client of `jury serve`'s WebSocket: reads its requests, answers each one (in any order: the ids
 * match them up) and sends it events without letting a slow reader make the server buffer without end.
 */

/** How many requests one client may have unanswered at once; more are refused at once. */
export const MAX_IN_FLIGHT = 64;

/** Buffered bytes above which a client gets no `game.frame` events until it has read its backlog. */
export const FRAME_DROP_BYTES = 4 * 1024 * 1024;

/**
 * Buffered bytes at which a client that does not read is disconnected: checked before each request is
 * taken and each answer or event is sent, so at most this plus one message waits for a client.
 */
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
 * Cuts a client that has the bound or more waiting for it (it stopped reading): whatever it asked, the
 * server never holds more than the bound plus the one message in hand for it. Returns whether it was cut.
 */
function cutIfStalled(ws: WebSocket, limits: ConnectionLimits): boolean {
  if (ws.bufferedAmount < limits.stalledBytes) return false;
  ws.terminate();
  return true;
}

/**
 * Sends an already serialised event, applying back-pressure: frames (the only frequent event, and each
 * one superseded by the next of its board) are dropped while the client's buffer is full; a client that
 * stopped reading altogether is disconnected. Returns whether the event was sent.
 */
export function sendEvent(ws: WebSocket, channel: string, text: string, limits: ConnectionLimits): boolean {
  if (ws.readyState !== ws.OPEN) return false;
  if (cutIfStalled(ws, limits)) return false;
  if (channel === 'game.frame' && ws.bufferedAmount > limits.frameDropBytes) return false;
  ws.send(text);
  return true;
}

/** How one connection's requests are answered (router.ts): each answer as the message to send. */
export interface ConnectionAnswers {
  /** The whole answer message (a ServerResponse) to `request`, serialised; never rejects. */
  answer(request: ClientRequest): Promise<string | Uint8Array>;
  /** The connection closed: answers not prepared yet are not needed. */
  close(): void;
}

/**
 * Answers the requests that arrive on `ws` with `answers`, at most `maxInFlight` at once, and cuts the
 * connection once the bound of what waits for it is reached (a client that asks and does not read).
 */
export function serveConnection(ws: WebSocket, answers: ConnectionAnswers, limits: ConnectionLimits): void {
  let inFlight = 0;
  ws.on('close', () => answers.close());
  ws.on('message', (data, isBinary) => {
    if (cutIfStalled(ws, limits)) return;
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
    void answers.answer(parsed.request).then((message) => {
      inFlight--;
      if (ws.readyState !== ws.OPEN || cutIfStalled(ws, limits)) return;
      ws.send(message);
    });
  });
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
