import type { ServerMessage } from '../../electron/serve/protocol.ts';

/**
 * The answer to a request in a frame `jury serve` sent over its WebSocket: the request's id and its
 * value, or an Error with the server's reason; null for an event (or an answer without an id).
 */
export function answerIn(data: unknown): { readonly id: number; readonly result: unknown } | null {
  const message = JSON.parse(String(data)) as ServerMessage;
  if (!('id' in message) || message.id === null) return null;
  return { id: message.id, result: message.ok ? message.value : new Error(message.error) };
}
