import type { HostPort } from './host-protocol.ts';
import { errorMessage, hostFoldersFromEnv, serveHost } from './host-protocol.ts';
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
const service = (async () =>
  createJuryService({ ...hostFoldersFromEnv(process.env), mode: 'desktop', canControl: true }))();
service.catch((e: unknown) => console.error(`the engine could not start: ${errorMessage(e)}`));

await serveHost(port, service, (code) => process.exit(code));
