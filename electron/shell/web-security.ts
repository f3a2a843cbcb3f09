/**
 * The hardening every web page of the app gets, on top of the window options (window-options.ts):
 * no navigation away from the app, no new windows (https links go to the system browser instead), no
 * <webview>, and no permission but notifications. Takes the parts of Electron's objects it uses, so
 * tests check it with fakes; main applies it to every webContents Electron creates.
 */

/** An event whose default action can be refused. */
export interface Preventable {
  preventDefault(): void;
}

/** The part of Electron's `WebContents` the hardening uses. */
export interface HardenableContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: Preventable, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
}

/** Whether a link the page tried to open goes to the system browser: only https addresses do. */
export function opensExternally(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Denies every navigation, window and webview of `contents`; hands https links from `window.open` or
 * `target="_blank"` to `openExternal` (`shell.openExternal`).
 */
export function hardenContents(contents: HardenableContents, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (opensExternally(url)) openExternal(url);
    return { action: 'deny' };
  });
  // The app is one page with hash routes; any real navigation would leave the app's own code.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The one permission the page may have: notifications. */
export function permissionAllowed(permission: string): boolean {
  return permission === 'notifications';
}

/** For `session.setPermissionRequestHandler`: grants only {@link permissionAllowed} permissions. */
export function permissionRequestHandler(
  _contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(permissionAllowed(permission));
}

/** For `session.setPermissionCheckHandler`: answers checks the same way. */
export function permissionCheckHandler(_contents: unknown, permission: string): boolean {
  return permissionAllowed(permission);
}
