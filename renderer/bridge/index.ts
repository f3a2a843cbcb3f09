import type { JuryApi } from '../../shared/ipc/api.ts';
import { createSocketApi } from './socket-api.ts';

/**
 * The one module of the renderer that touches the bridge to the engine. In the desktop app the preload
 * exposes `window.jury` (named methods built from the IPC contract); in a browser served by `jury serve`
 * the same API runs over a WebSocket. Stores import {@link jury}; nothing else reads `window.jury`.
 */

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser. */
    readonly jury?: JuryApi;
  }
}

function connect(): JuryApi {
  if (window.jury) return window.jury;
  // Back after a lost connection (the server restarted, the network dropped): events were missed, so the
  // page starts afresh on the same screen rather than show stale boards and standings.
  return createSocketApi(window.location, () => window.location.reload());
}

let instance: JuryApi | null = null;

/** The engine's API for this page (created on first use). */
export function jury(): JuryApi {
  instance ??= connect();
  return instance;
}

/** Whether the page runs in the desktop app (native dialogs exist) rather than in a browser. */
export function isDesktop(): boolean {
  return window.jury !== undefined;
}
