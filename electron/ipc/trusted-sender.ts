/**
 * Decides whether an IPC message comes from the app's own window: the expected webContents, and a main
 * frame showing the app's own page (the built renderer under a file:// folder, or the dev server's
 * origin while developing). Everything else (another window, an iframe, a page navigated elsewhere) is
 * refused. Takes only the parts of Electron's event it reads, so tests pass plain objects.
 */

/** The parts of an `IpcMainInvokeEvent` the sender check reads. */
export interface SenderInfo {
  readonly sender: { readonly id: number };
  /** Null when the frame has already navigated away or been destroyed. */
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** What counts as the app's own window. */
export interface TrustedOrigin {
  /** The webContents id of the app's window, read at check time (the window may be recreated). */
  readonly webContentsId: () => number | undefined;
  /** file:// URL of the folder holding the built renderer, such as `file:///opt/jury/out/renderer/`. */
  readonly rendererDir?: string;
  /** The dev server's origin, such as `http://localhost:5173`, only while developing. */
  readonly devOrigin?: string;
}

/** A predicate on an IPC event: true only for the app's own window. */
export type SenderCheck = (event: SenderInfo) => boolean;

/** Builds the {@link SenderCheck} for the app's own window. */
export function trustedSender(trusted: TrustedOrigin): SenderCheck {
  const dir = trusted.rendererDir === undefined ? undefined : withSlash(trusted.rendererDir);
  return (event) => {
    const frame = event.senderFrame;
    if (frame === null || frame.parent !== null) return false;
    if (event.sender.id !== trusted.webContentsId()) return false;
    let url: URL;
    try {
      url = new URL(frame.url);
    } catch {
      return false;
    }
    if (url.protocol === 'file:') return dir !== undefined && url.href.startsWith(dir);
    return trusted.devOrigin !== undefined && url.origin === trusted.devOrigin;
  };
}

function withSlash(dir: string): string {
  return dir.endsWith('/') ? dir : `${dir}/`;
}
