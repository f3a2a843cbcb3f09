import { app, BrowserWindow, shell } from 'electron';
import { fileURLToPath } from 'node:url';
import { secureWindowOptions } from './window-options.ts';

// The thin Electron shell: one window on the built renderer. Navigation and new windows are refused;
// links to the web open in the system browser.
function createWindow(): void {
  const win = new BrowserWindow(
    secureWindowOptions(fileURLToPath(new URL('../preload/index.cjs', import.meta.url))),
  );
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadFile(fileURLToPath(new URL('../renderer/index.html', import.meta.url)));
}

void app.whenReady().then(() => {
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
