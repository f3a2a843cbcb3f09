import type { RequestChannel } from '../../shared/ipc/channels.ts';
import type { LiveTournament } from '../app/service.ts';
import type { ClientRequest } from './protocol.ts';

/**
 * The messages between `jury serve`'s main thread (the engine: the judge and the runs) and its reader
 * thread (reader-thread.ts), which answers spectators' reads of the tournament stores on a service of
 * its own, so that no such read holds up the judge's event loop (docs/serve.md, "What runs where").
 */

/**
 * The requests the reader answers for a spectator: the reads of a tournament's store, which grow with
 * its games (a 17,190-game event's game list takes 120 ms to build, its export 250 ms). Everything else
 * is answered by the engine: its answers are small, or they are the organiser's.
 */
export const readerChannels = [
  'tournaments.list',
  'tournament.draft',
  'tournament.standings',
  'tournament.statistics',
  'tournament.games',
  'tournament.live',
  'tournament.replay',
  'tournament.export',
] as const satisfies readonly RequestChannel[];

/** Whether the reader answers `channel` (for a spectator). */
export function isReaderChannel(channel: string): boolean {
  return (readerChannels as readonly string[]).includes(channel);
}

/** What the reader thread is started with (workerData). */
export interface ReaderFolders {
  readonly workspace: string;
  readonly storeFolder: string;
  readonly singleStore?: string;
}

/** Main → reader. */
export type ToReader =
  /**
   * One spectator request (`key`: the main thread's own number for it; `connection`: whose it is, for
   * taking turns) with the engine's live facts as they are now.
   */
  | {
      readonly kind: 'read';
      readonly key: number;
      readonly connection: number;
      readonly request: ClientRequest;
      readonly live: readonly LiveTournament[];
    }
  /** Forget these requests (their connection closed): they are not answered. */
  | { readonly kind: 'cancel'; readonly keys: readonly number[] }
  /** Open the service again: game packages or settings changed in the engine. */
  | { readonly kind: 'reload' }
  /** Close the service and end the thread. */
  | { readonly kind: 'close' };

/** Reader → main: the whole answer message (protocol.ts's ServerResponse) as UTF-8 JSON, transferred. */
export interface ReaderAnswer {
  readonly kind: 'answer';
  readonly key: number;
  readonly bytes: ArrayBuffer;
}
