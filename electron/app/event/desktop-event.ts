import { isAbsolute } from 'node:path';
import { networkInterfaces } from 'node:os';
import type { CheckedRequest } from '../../../shared/ipc/contract.ts';
import { EventService } from '../../engine/event/service.ts';
import { serveUrls } from '../../serve/addresses.ts';
import { startServeThreads } from '../../serve/threads.ts';
import type { JuryService } from '../service.ts';
import type { OpenedEvent } from './handlers.ts';
import { eventServiceOptions, startTestTicker } from './open-event.ts';

/** Where the desktop app's engine works and what it serves to the LAN. */
export interface DesktopEventFolders {
  readonly workspace: string;
  readonly storeFolder: string;
  /** The renderer's built pages (out/renderer/), among them the contestant page. */
  readonly staticRoot: string;
}

/**
 * The desktop app's `event.open`: opens (or, with settings, creates) the event in the request's folder
 * on the engine's thread and serves it on every interface at the request's port, exactly as `jury serve
 * --event` does (its server thread, the contestants' routes, spectators read-only, the organiser's
 * controls on this machine or with the printed token). A relative folder, a bad setting, a folder held
 * by another process or a port in use is refused with one line, and nothing stays open.
 */
export async function openDesktopEvent(
  request: CheckedRequest<'event.open'>,
  service: JuryService,
  folders: DesktopEventFolders,
): Promise<OpenedEvent> {
  if (!isAbsolute(request.folder)) {
    throw new Error(`the event's folder must be a full path, not ${request.folder}`);
  }
  const options = await eventServiceOptions(request.folder, 'the Jury app');
  const event =
    request.settings === undefined
      ? EventService.open(options)
      : EventService.create(request.settings, options);
  let server;
  try {
    server = await startServeThreads(
      service,
      {
        folders: { workspace: folders.workspace, storeFolder: folders.storeFolder },
        server: { staticRoot: folders.staticRoot, port: request.port, host: '0.0.0.0' },
      },
      event,
    );
  } catch (e) {
    await event.close();
    throw new Error(`cannot serve the event on port ${request.port}: ${(e as Error).message}`, { cause: e });
  }
  const stopTicker = startTestTicker(event);
  const urls = serveUrls('0.0.0.0', server.port, networkInterfaces());
  const origins = (urls.network.length > 0 ? urls.network : urls.local).map((u) => u.replace(/\/$/, ''));
  return {
    event,
    origins,
    async close() {
      stopTicker();
      await server.close();
      await event.close();
    },
  };
}
