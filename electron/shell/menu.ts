import type { MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: File takes the user to the main screens (through the `app.navigate` event), the
 * rest are Electron's roles (quit, editing, zoom, window, about, and reload and developer tools while
 * developing) and a link to the documentation. Pure, so tests check the template without Electron.
 */

export interface MenuOptions {
  /** macOS puts Quit and About in the app menu named after the app. */
  readonly isMac: boolean;
  /** Reload and the developer tools only while developing (an unpackaged app). */
  readonly isDev: boolean;
  /** The documentation's address (package.json "homepage"); no Documentation item without a real one. */
  readonly docsUrl: string | undefined;
  /** Opens an address in the system browser (`shell.openExternal`). */
  readonly openExternal: (url: string) => void;
  /** Shows the window on one of the main screens. */
  readonly navigate: (to: '/' | '/new' | '/bots' | '/settings') => void;
}

/** The template for `Menu.buildFromTemplate`. */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, isDev, docsUrl, openExternal, navigate } = options;
  const file: MenuItemConstructorOptions[] = [
    { label: 'New Tournament…', accelerator: 'CmdOrCtrl+N', click: () => navigate('/new') },
    { label: 'Tournaments', accelerator: 'CmdOrCtrl+T', click: () => navigate('/') },
    { label: 'Bot Library', accelerator: 'CmdOrCtrl+B', click: () => navigate('/bots') },
    { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => navigate('/settings') },
    { type: 'separator' },
    isMac ? { role: 'close' } : { role: 'quit' },
  ];
  const devItems: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'forceReload' },
    { role: 'toggleDevTools' },
    { type: 'separator' },
  ];
  const view: MenuItemConstructorOptions[] = [
    ...(isDev ? devItems : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const help: MenuItemConstructorOptions[] = [];
  if (docsUrl !== undefined && isDocsAddress(docsUrl)) {
    help.push({ label: 'Documentation', click: () => openExternal(docsUrl) });
  }
  if (!isMac) help.push({ role: 'about', label: 'About Jury' });
  return [
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: 'File', submenu: file },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    ...(help.length > 0 ? [{ role: 'help', submenu: help } satisfies MenuItemConstructorOptions] : []),
  ];
}

/**
 * Whether `url` can be offered as the documentation: an https address that is not a placeholder under
 * the reserved `.invalid` domain (package.json carries one until the project has a home page).
 */
export function isDocsAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !/(^|\.)invalid$/.test(parsed.hostname);
  } catch {
    return false;
  }
}
