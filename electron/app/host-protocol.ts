import type { EventChannel, RequestChannel } from '../../shared/ipc/channels.ts';
import { eventChannels, requestChannels } from '../../shared/ipc/channels.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';

/**
 * The message protocol between Electron's main process and the engine host (host.ts, run in a utility
 * process so that no UI work can delay a bot's clock). Main sends requests, already validated against
 * the IPC contract, and finally a shutdown; the host answers every request by its id and pushes the
 * service's events. The host logic is written against {@link HostPort}, so tests run it over an
 * in-memory port pair with a fake service.
 */

/** Main → host: one request of the IPC contract, payload already checked by main. */
export interface HostRequest {
  readonly kind: 'request';
  readonly id: number;
  readonly channel: RequestChannel;
  readonly payload: unknown;
}

/** Main → host: close the service (which stops the bots and the stores), then exit. */
export interface HostShutdown {
  readonly kind: 'shutdown';
}

/** Host → main: the answer to the request with the same id. */
export type HostResponse =
  | { readonly kind: 'response'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly kind: 'response'; readonly id: number; readonly ok: false; readonly message: string };

/** Host → main: an event of the IPC contract. */
export interface HostEvent {
  readonly kind: 'event';
  readonly channel: EventChannel;
  readonly payload: unknown;
}

/** Every message main sends to the host. */
export type ToHost = HostRequest | HostShutdown;
/** Every message the host sends to main. */
export type FromHost = HostResponse | HostEvent;

/** The host's end of the channel to main (`process.parentPort` in the utility process). */
export interface HostPort {
  post(message: FromHost): void;
  onMessage(listener: (message: unknown) => void): void;
}

/** What the host serves: the shape `createJuryService` resolves to. */
export interface HostService {
  readonly handlers: Handlers;
  subscribe(listener: (channel: EventChannel, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** The environment variables through which main tells the host where its files are. */
export const hostEnvNames = {
  workspace: 'JURY_WORKSPACE',
  storeFolder: 'JURY_STORE_FOLDER',
  samplesDir: 'JURY_SAMPLES_DIR',
  rendererRoot: 'JURY_RENDERER_ROOT',
} as const;

/** The folders the host works in. */
export interface HostFolders {
  /** The workspace (settings, presets, the bot library): the app's userData folder. */
  readonly workspace: string;
  /** Where the tournaments' store files live: `tournaments/` inside the workspace. */
  readonly storeFolder: string;
  /** The sample bots' scripts (read by electron/engine/bots/samples/index.ts). */
  readonly samplesDir: string;
  /** The renderer's built pages (out/renderer/): what the app serves to the LAN for an event. */
  readonly rendererRoot?: string;
}

/** The variables main adds to the host's environment. */
export function hostEnv(folders: HostFolders): Record<string, string> {
  return {
    [hostEnvNames.workspace]: folders.workspace,
    [hostEnvNames.storeFolder]: folders.storeFolder,
    [hostEnvNames.samplesDir]: folders.samplesDir,
    ...(folders.rendererRoot !== undefined ? { [hostEnvNames.rendererRoot]: folders.rendererRoot } : {}),
  };
}

/** Reads the workspace and store folder back in the host; throws naming a missing variable. */
export function hostFoldersFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Pick<HostFolders, 'workspace' | 'storeFolder'> {
  const read = (name: string): string => {
    const value = env[name];
    if (value === undefined || value === '') throw new Error(`the engine host needs ${name}`);
    return value;
  };
  return { workspace: read(hostEnvNames.workspace), storeFolder: read(hostEnvNames.storeFolder) };
}

/** Whether `message` is a well-formed message from main (anything else is ignored by the host). */
export function isToHost(message: unknown): message is ToHost {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (m['kind'] === 'shutdown') return true;
  return (
    m['kind'] === 'request' &&
    Number.isSafeInteger(m['id']) &&
    (requestChannels as readonly unknown[]).includes(m['channel'])
  );
}

/** Whether `message` is a well-formed message from the host. */
export function isFromHost(message: unknown): message is FromHost {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (m['kind'] === 'event') return (eventChannels as readonly unknown[]).includes(m['channel']);
  return (
    m['kind'] === 'response' &&
    Number.isSafeInteger(m['id']) &&
    (m['ok'] === true || (m['ok'] === false && typeof m['message'] === 'string'))
  );
}

/**
 * Serves `service` (still being created: requests wait for it) on `port`: answers every request by id,
 * with the handler's error message when it throws or when the service could not start, forwards every
 * event, and on shutdown closes the service and calls `exit` (0, or 1 when closing failed). Resolves
 * once `exit` was called.
 */
export function serveHost(
  port: HostPort,
  service: Promise<HostService>,
  exit: (code: number) => void,
): Promise<void> {
  let unsubscribe: (() => void) | undefined;
  let closing = false;
  service.then(
    (s) => {
      if (!closing)
        unsubscribe = s.subscribe((channel, payload) => port.post({ kind: 'event', channel, payload }));
    },
    () => {},
  );
  return new Promise((done) => {
    port.onMessage((message) => {
      if (!isToHost(message)) return;
      if (message.kind === 'request') {
        if (!closing) void answer(port, service, message);
        return;
      }
      if (closing) return;
      closing = true;
      unsubscribe?.();
      // A service that never started has nothing to close.
      void service
        .then(
          (s) => s.close(),
          () => undefined,
        )
        .then(
          () => exit(0),
          (e: unknown) => {
            console.error(`the engine did not close cleanly: ${errorMessage(e)}`);
            exit(1);
          },
        )
        .then(() => done());
    });
  });
}

async function answer(port: HostPort, service: Promise<HostService>, request: HostRequest): Promise<void> {
  let s: HostService;
  try {
    s = await service;
  } catch (e) {
    port.post({
      kind: 'response',
      id: request.id,
      ok: false,
      message: `the engine could not start: ${errorMessage(e)}`,
    });
    return;
  }
  try {
    const handler = s.handlers[request.channel] as (payload: unknown) => unknown;
    const value = await handler(request.payload);
    port.post({ kind: 'response', id: request.id, ok: true, value });
  } catch (e) {
    port.post({ kind: 'response', id: request.id, ok: false, message: errorMessage(e) });
  }
}

/** The message of a thrown value, whatever was thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
