import { isAppUrl } from '../shell/app-protocol.ts';

/**
 * Decides whether an IPC message comes from the app's own window: the expected webContents, and a main
 * frame showing the app's own page (the built renderer on the app's scheme, `jury://app/`, or the dev
 * server's origin while developing). A file:// page is never trusted: the app shows none. Everything else (another window, an iframe, a page navigated elsewhere) is
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
  /** The dev server's origin, such as `http://localhost:5173`, only while developing. */
  readonly devOrigin?: string;
}

/** A predicate on an IPC event: true only for the app's own window. */
export type SenderCheck = (event: SenderInfo) => boolean;

/** Builds the {@link SenderCheck} for the app's own window. */
export function trustedSender(trusted: TrustedOrigin): SenderCheck {
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
    if (isAppUrl(url)) return true;
    return trusted.devOrigin !== undefined && url.protocol !== 'file:' && url.origin === trusted.devOrigin;
  };
}
