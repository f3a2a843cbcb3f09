import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THREAD_DIR_VARIABLE } from '../engine/thread-file.ts';
import type { HostPort } from './host-protocol.ts';
import { errorMessage, hostEnvNames, hostFoldersFromEnv, serveHost } from './host-protocol.ts';
import { createJuryService } from './service.ts';

// The engine host: the entry of the Electron utility process that main forks (out/main/host.js). It
// runs the Jury service (bot library, tournaments, stores, running games) off the UI's event loop and
// serves it to main over `process.parentPort` with the protocol of host-protocol.ts. No electron import:
// the port is a property of `process` in a utility process.

/** The part of Electron's `process.parentPort` the host uses. */
interface ParentPortLike {
  on(event: 'message', listener: (event: { readonly data: unknown }) => void): unknown;
  postMessage(message: unknown): void;
}

const parentPort = (process as NodeJS.Process & { readonly parentPort?: ParentPortLike }).parentPort;
if (parentPort === undefined) {
  throw new Error('electron/app/host.ts runs only in an Electron utility process (no process.parentPort)');
}

const port: HostPort = {
  post: (message) => parentPort.postMessage(message),
  onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
};

// Created inside the promise so that a missing variable, like any failure to start, is answered to
// every request ("the engine could not start: …") instead of killing the process unexplained.
// This bundle's folder (out/main/) holds the bundled threads of the event's LAN server.
process.env[THREAD_DIR_VARIABLE] = dirname(fileURLToPath(import.meta.url));
const service = (async () => {
  const folders = hostFoldersFromEnv(process.env);
  const staticRoot = process.env[hostEnvNames.rendererRoot];
  return createJuryService({
    ...folders,
    mode: 'desktop',
    canControl: true,
    // An event is served to the LAN from the engine, as `jury serve --event` does (docs/event-day.md).
    openEvent: async (request, self) => {
      if (staticRoot === undefined)
        throw new Error('the app cannot serve an event: its pages were not found');
      const { openDesktopEvent } = await import('./event/desktop-event.ts');
      return openDesktopEvent(request, self, { ...folders, staticRoot });
    },
  });
})();
service.catch((e: unknown) => console.error(`the engine could not start: ${errorMessage(e)}`));

await serveHost(port, service, (code) => process.exit(code));
