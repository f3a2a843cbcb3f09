import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { EventChannel } from '../../shared/ipc/channels.ts';
import type { LiveTournament } from '../app/service.ts';
import type { ConnectionAnswers } from './connection.ts';
import { dispatch } from './dispatch.ts';
import type { ClientRequest, ServerResponse } from './protocol.ts';
import type { Reader } from './reader.ts';
import { isReaderChannel } from './reader-protocol.ts';

/**
 * Who answers a request of `jury serve`: a spectator's read of a tournament store goes to the reader
 * thread (reader.ts), off the event loop that runs the games; everything else, and everything a
 * controller asks, to the engine service on the main thread, as in the desktop app.
 */

/** The part of the engine service (electron/app/service.ts) the server uses. */
export interface ServeService {
  readonly handlers: Handlers;
  subscribe(listener: (channel: EventChannel, payload: unknown) => void): () => void;
  /** The tournaments running here (for the reader's answers); absent: none. */
  live?(): readonly LiveTournament[];
}

/** Answers one connection's requests: `control` its rights, `connection` its number (for the reader). */
export function connectionAnswers(
  service: ServeService,
  reader: Reader | null,
  control: boolean,
  connection: number,
): ConnectionAnswers {
  const keys = new Set<number>();
  const byEngine = async (request: ClientRequest): Promise<string> => {
    const response = await dispatch(request, service.handlers, control);
    // The reader's service read the settings when it opened.
    if (response.ok && request.channel === 'settings.set') reader?.reload();
    return serialise(response);
  };
  return {
    answer(request) {
      if (reader === null || control || !isReaderChannel(request.channel)) return byEngine(request);
      const live = service.live?.() ?? [];
      // The live boards of a running tournament are the engine's, and few.
      if (request.channel === 'tournament.live' && live.some((t) => t.summary.id === idOf(request)))
        return byEngine(request);
      let key = 0;
      return reader
        .read(connection, request, live, (k) => keys.add((key = k)))
        .finally(() => keys.delete(key));
    },
    close() {
      reader?.cancel([...keys]);
      keys.clear();
    },
  };
}

function idOf(request: ClientRequest): unknown {
  const payload = request.payload;
  return typeof payload === 'object' && payload !== null ? (payload as { id?: unknown }).id : undefined;
}

function serialise(response: ServerResponse): string {
  try {
    return JSON.stringify(response);
  } catch (e) {
    return JSON.stringify({
      id: response.id,
      ok: false,
      error: `cannot send the answer: ${(e as Error).message}`,
    });
  }
}
