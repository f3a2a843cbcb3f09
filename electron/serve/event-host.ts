import type { EventService } from '../engine/event/service.ts';
import { EventRefusal } from '../engine/event/refusal.ts';
import { isEventCall, type EventAnswer, type EventCall } from './event-protocol.ts';

/**
 * The main thread's side of an event's routes: answers the server thread's {@link EventCall}s with the
 * EventService's faces. Nothing is parsed here but the call's name; the bytes of an upload arrive
 * already read and capped (event-routes.ts). An upload answers once it is stored: its build and smoke
 * test go on (child processes, one at a time) and the contestant polls their versions.
 */

/** The port to the server thread (a Worker). */
export interface EventHostPort {
  post(message: EventAnswer): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** Answers every event call arriving on `port` with `event`; other messages are left alone. */
export function serveEvent(port: EventHostPort, event: EventService): void {
  port.onMessage((message) => {
    if (!isEventCall(message)) return;
    void answer(event, message).then(
      (value) => port.post({ kind: 'event-answer', id: message.id, ok: true, value }),
      (e: unknown) =>
        port.post({
          kind: 'event-answer',
          id: message.id,
          ok: false,
          code: e instanceof EventRefusal ? e.code : 'error',
          message: firstLine(e),
        }),
    );
  });
}

async function answer(event: EventService, call: EventCall): Promise<unknown> {
  if (call.face === 'contestant') {
    const value = await method(event.contestant, call.method)(...call.args);
    // An upload: the version as stored; its build goes on, and a failed one is recorded in the store.
    if (call.method === 'upload') {
      const upload = value as { submission: unknown; built: Promise<unknown> };
      upload.built.catch(() => undefined);
      return upload.submission;
    }
    return value;
  }
  return method(event.organiser, call.method)(...call.args);
}

/** A face's method by its name (isEventCall checked it against the lists), bound to the face. */
function method(face: object, name: string): (...args: unknown[]) => unknown {
  const found = (face as Record<string, unknown>)[name];
  if (typeof found !== 'function') throw new Error(`no event method ${name}`);
  return (found as (...args: unknown[]) => unknown).bind(face);
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0] ?? 'failed';
}
