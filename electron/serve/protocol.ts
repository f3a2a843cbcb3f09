import type { EventChannel } from '../../shared/ipc/channels.ts';

/**
 * The messages of `jury serve`'s WebSocket at `/api`: the IPC contract carried as JSON text frames.
 * A client sends requests and gets exactly one answer per request id; the server also pushes every
 * contract event to every connected client. The renderer's side is renderer/bridge/socket-api.ts.
 */

/**
 * The largest message the server accepts from a client (bytes); larger ones close the connection. The
 * largest a browser sends is a CodeCup result file to import (a 17,190-game final's is about 1.8 MB).
 */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** A request: `channel` is a request channel of the contract, `payload` its request (absent for none). */
export interface ClientRequest {
  readonly id: number;
  readonly channel: string;
  readonly payload?: unknown;
}

/**
 * The answer to one request. `id` is null only when the message was so broken that it had no usable id
 * (not JSON, not an object, no integer id): the client cannot match it, but sees why in the log.
 */
export type ServerResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number | null; readonly ok: false; readonly error: string };

/** An event of the contract, pushed to every client. */
export interface ServerEvent {
  readonly event: EventChannel;
  readonly payload: unknown;
}

/** What the server sends: answers and events. */
export type ServerMessage = ServerResponse | ServerEvent;

/** The result of reading one client frame: a request, or the error answer to send back. */
export type ParsedClientMessage =
  | { readonly ok: true; readonly request: ClientRequest }
  | { readonly ok: false; readonly response: ServerResponse };

/**
 * Reads one text frame from a client. Checks only the envelope (JSON object, integer id, string channel);
 * the channel and the payload are checked against the contract by the dispatcher.
 */
export function parseClientMessage(text: string): ParsedClientMessage {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse(null, 'not JSON: send {"id": number, "channel": string, "payload"?: …}');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return refuse(null, 'expected a JSON object {"id": number, "channel": string, "payload"?: …}');
  }
  const record = data as Record<string, unknown>;
  const id = record['id'];
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return refuse(null, 'id: expected an integer');
  }
  const channel = record['channel'];
  if (typeof channel !== 'string') return refuse(id, 'channel: expected a string');
  const extra = Object.keys(record).filter((key) => key !== 'id' && key !== 'channel' && key !== 'payload');
  if (extra.length > 0) return refuse(id, `unexpected field(s): ${extra.join(', ')}`);
  return {
    ok: true,
    request: 'payload' in record ? { id, channel, payload: record['payload'] } : { id, channel },
  };
}

function refuse(id: number | null, error: string): ParsedClientMessage {
  return { ok: false, response: { id, ok: false, error } };
}

/** Whether a server message is an event (rather than an answer). */
export function isServerEvent(message: ServerMessage): message is ServerEvent {
  return 'event' in message;
}
