import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The options of every Jury window: the renderer gets no Node, runs sandboxed and isolated, and reaches
 * the engine only through the preload's named methods. Kept apart from main.ts so tests can check it.
 */
export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 900,
    minHeight: 600,
    title: 'Jury',
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  };
}
