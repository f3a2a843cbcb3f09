import { parentPort, workerData } from 'node:worker_threads';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { JuryService, LiveTournament } from '../app/service.ts';
import { createJuryService } from '../app/service.ts';
import { dispatch } from './dispatch.ts';
import { yieldToTheJudge } from './priority.ts';
import type { ReaderAnswer, ReaderFolders, ToReader } from './reader-protocol.ts';

// The entry of `jury serve`'s reader thread (reader.ts starts it): a Jury service of its own over the
// same folders, which only ever reads (the main thread sends it nothing else), answering spectators'
// reads of the tournament stores with the contract's own handlers and checks (dispatch.ts). Stores are
// opened per read, as the engine reads a store it does not run (WAL: readers never block the writer).
// One request at a time, taking turns between connections: one answer is prepared at once, so the
// thread holds one big answer at most, and one spectator's 64 exports do not starve the others.

if (!parentPort) throw new Error('electron/serve/reader-thread.ts runs only as a worker thread');
const port = parentPort;
const folders = workerData as ReaderFolders;
yieldToTheJudge();

const open = (): Promise<JuryService> =>
  createJuryService({ ...folders, mode: 'browser', canControl: false });
let service = open();
service.catch(() => undefined); // each read says why it failed

type Read = Extract<ToReader, { kind: 'read' }>;
/** Waiting reads by connection, in arrival order; connections take turns. */
const queues = new Map<number, Read[]>();
let busy = false;

port.on('message', (message: ToReader) => {
  switch (message.kind) {
    case 'read': {
      const queue = queues.get(message.connection) ?? [];
      queue.push(message);
      queues.set(message.connection, queue);
      void drain();
      return;
    }
    case 'cancel': {
      const keys = new Set(message.keys);
      for (const [connection, queue] of queues) {
        const kept = queue.filter((r) => !keys.has(r.key));
        if (kept.length === 0) queues.delete(connection);
        else queues.set(connection, kept);
      }
      return;
    }
    case 'reload': {
      const old = service;
      service = old.then(
        (s) => s.close().then(open),
        () => open(),
      );
      service.catch(() => undefined);
      return;
    }
    case 'close':
      queues.clear();
      void service
        .then((s) => s.close())
        .catch(() => undefined)
        .finally(() => port.close());
      return;
  }
});

async function drain(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    for (let read = takeTurn(); read; read = takeTurn()) await answer(read);
  } finally {
    busy = false;
  }
}

/** The first waiting read of the connection that waited longest for its turn. */
function takeTurn(): Read | undefined {
  for (const [connection, queue] of queues) {
    const read = queue.shift();
    queues.delete(connection);
    // Back of the line: Map keeps insertion order.
    if (queue.length > 0) queues.set(connection, queue);
    if (read) return read;
  }
  return undefined;
}

async function answer(read: Read): Promise<void> {
  let response;
  try {
    const handlers = withLiveFacts((await service).handlers, read.live);
    response = await dispatch(read.request, handlers, false);
  } catch (e) {
    response = { id: read.request.id, ok: false, error: `cannot read: ${(e as Error).message}` };
  }
  // A fresh buffer of its own (TextEncoder never pools), transferred: main copies nothing.
  const bytes = new TextEncoder().encode(JSON.stringify(response)).buffer;
  const message: ReaderAnswer = { kind: 'answer', key: read.key, bytes };
  port.postMessage(message, [bytes]);
}

/**
 * The handlers with what only the engine knows put in: this service runs nothing, so its summaries and
 * game lists are the stores'; a tournament running in the engine gets the engine's summary (progress,
 * state, games at once) and its running games marked.
 */
function withLiveFacts(handlers: Handlers, live: readonly LiveTournament[]): Handlers {
  if (live.length === 0) return handlers;
  const byId = new Map(live.map((t) => [t.summary.id, t]));
  return {
    ...handlers,
    'tournaments.list': async (payload) =>
      (await handlers['tournaments.list'](payload)).map((s) => byId.get(s.id)?.summary ?? s),
    'tournament.games': async (payload) => {
      const rows = await handlers['tournament.games'](payload);
      const running = new Set(byId.get(payload.id)?.running ?? []);
      return rows.map((row) =>
        row.state === 'scheduled' && running.has(row.index) ? { ...row, state: 'running' as const } : row,
      );
    },
  };
}
