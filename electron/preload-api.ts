import type { JuryApi } from '../shared/ipc/api.ts';
import { methodName, subscriptionName } from '../shared/ipc/api.ts';
import type { EventChannel, RequestChannel } from '../shared/ipc/channels.ts';
import { eventChannels, requestChannels } from '../shared/ipc/channels.ts';

/**
 * Builds `window.jury` from the IPC contract: one named method per request channel, each invoking its
 * own fixed channel, and one `on…` subscription per event channel that hands the listener the payload
 * only (never Electron's event object, which would leak `sender` into the page). No generic send or
 * subscribe exists. Takes the parts of `ipcRenderer` it uses, so tests pass a fake.
 */

/** A listener as `ipcRenderer.on` calls it. */
export type RendererListener = (event: unknown, ...args: unknown[]) => void;

/** The part of Electron's `ipcRenderer` the bridge uses; the real `ipcRenderer` fits it. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: RendererListener): unknown;
  removeListener(channel: string, listener: RendererListener): unknown;
}

/** Builds the object the preload exposes as `window.jury`. */
export function buildJuryApi(ipcRenderer: IpcRendererLike): JuryApi {
  const api: Record<string, unknown> = {};
  for (const channel of requestChannels) api[methodName(channel)] = requestMethod(ipcRenderer, channel);
  for (const channel of eventChannels) api[subscriptionName(channel)] = subscription(ipcRenderer, channel);
  return Object.freeze(api) as JuryApi;
}

function requestMethod(ipcRenderer: IpcRendererLike, channel: RequestChannel) {
  // Only the payload crosses, and at most one of it: extra arguments from the page are dropped.
  return (payload?: unknown): Promise<unknown> =>
    payload === undefined ? ipcRenderer.invoke(channel) : ipcRenderer.invoke(channel, payload);
}

function subscription(ipcRenderer: IpcRendererLike, channel: EventChannel) {
  return (listener: (payload: unknown) => void): (() => void) => {
    if (typeof listener !== 'function')
      throw new TypeError(`${subscriptionName(channel)}: expected a function`);
    const wrapped: RendererListener = (_event, payload) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipcRenderer.removeListener(channel, wrapped);
    };
  };
}

/** The part of Electron's `webUtils` the files API uses; the real `webUtils` fits it. */
export interface WebUtilsLike {
  getPathForFile(file: File): string;
}

/** The object the preload exposes as `window.juryFiles`. */
export interface JuryFilesApi {
  /**
   * The path on disk of a file dropped on the page or picked with an `<input type="file">`, so that a
   * dropped executable can be added as a bot; an empty string for a file that is not on disk.
   */
  pathForFile(file: File): string;
}

/**
 * Builds `window.juryFiles`. Electron removed `File.path`, and `webUtils` exists only in the preload, so
 * this one function crosses the bridge; it reveals nothing but the path of a file the user handed over.
 */
export function buildFilesApi(webUtils: WebUtilsLike): JuryFilesApi {
  return Object.freeze({ pathForFile: (file: File) => webUtils.getPathForFile(file) });
}
