import type { LiveTournament } from '../app/service.ts';
import type { ReaderFolders } from './reader-protocol.ts';

/**
 * The messages between `jury serve`'s main thread (the engine) and its server thread (server-thread.ts)
 * besides host-protocol.ts's requests, answers and events, which they share with the desktop app.
 */

/** What the server thread is started with (workerData). */
export interface ServerThreadData {
  /** The service's folders, for the reader thread. */
  readonly folders: ReaderFolders;
  readonly server: {
    readonly staticRoot: string;
    readonly port: number;
    readonly host: string;
    readonly token?: string;
  };
  /** Serve an event's routes under `/event/` (the main thread answers their calls: event-host.ts). */
  readonly event?: boolean;
}

/** Main → server thread. */
export type ToServerThread =
  /** The runs under way in the engine, after every change (service.ts's `live()`). */
  | { readonly kind: 'live'; readonly live: readonly LiveTournament[] }
  /** Close the server (its clients) and the reader, then end. */
  | { readonly kind: 'close' };

/** Server thread → main. */
export type FromServerThread =
  | { readonly kind: 'listening'; readonly port: number; readonly token: string }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'closed' };
