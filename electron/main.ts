import type { Notification as ElectronNotification } from 'electron';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  session,
  shell,
  utilityProcess,
} from 'electron';
import { fileURLToPath, pathToFileURL } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };
import { hostEnv } from './app/host-protocol.ts';
import { ENGINE_NODE_FLAGS } from './app/node-flags.ts';
import {
  APP_INDEX_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appProtocolHandler,
} from './shell/app-protocol.ts';
import { menuTemplate } from './shell/menu.ts';
import { shellPaths } from './shell/paths.ts';
import { defaultStoreFolder } from './engine/store/paths.ts';
import type { Shell } from './shell/start.ts';
import { startShell } from './shell/start.ts';
import { hardenContents, permissionCheckHandler, permissionRequestHandler } from './shell/web-security.ts';
import { writeFileAtomic } from './engine/atomic-file.ts';
import { secureWindowOptions } from './window-options.ts';

// The thin Electron shell: everything here is Electron glue; the wiring itself is startShell
// (shell/start.ts, tested with fakes), the engine runs in a utility process (app/host.ts).

const paths = shellPaths({
  storeFolder: defaultStoreFolder(process.platform, process.env),
  appPath: app.getAppPath(),
  isPackaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
  mainDir: fileURLToPath(new URL('.', import.meta.url)),
});

const openExternal = (url: string): void => void shell.openExternal(url);

// The window's page is served on the app's own scheme, never from file:// (shell/app-protocol.ts).
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

// Every page Electron creates (the window, and anything a bug might let the page open) is hardened.
app.on('web-contents-created', (_event, contents) => hardenContents(contents, openExternal));

// Two instances would share the workspace and the tournaments' store files: the second one hands over
// to the first, which comes to the front.
if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(ready);

/** The shell once started; the menu, built first, reaches it through this. */
let shellStarted: Shell<BrowserWindow> | undefined;

function ready(): void {
  protocol.handle(
    APP_SCHEME,
    appProtocolHandler(paths.rendererRoot, (file) => net.fetch(pathToFileURL(file).href)),
  );
  session.defaultSession.setPermissionRequestHandler(permissionRequestHandler);
  session.defaultSession.setPermissionCheckHandler(permissionCheckHandler);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        docsUrl: (packageJson as { homepage?: string }).homepage,
        openExternal,
        navigate: (to) => shellStarted?.navigate(to),
      }),
    ),
  );
  const jury = startShell({
    ipcMain,
    forkEngine: () =>
      utilityProcess.fork(paths.host, [], {
        serviceName: 'Jury engine',
        // V8's young generation capped, as for `jury` (electron/app/node-flags.ts).
        execArgv: [...ENGINE_NODE_FLAGS],
        env: { ...process.env, ...hostEnv(paths) },
        stdio: 'inherit',
      }),
    openWindow,
    trusted: {},
    dialogs: {
      showOpenDialog: (options) => {
        const parent = mainWindow();
        return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options);
      },
      showSaveDialog: (options) => {
        const parent = mainWindow();
        return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options);
      },
      writeFile: writeFileAtomic,
      defaultFolder: () => app.getPath('documents'),
    },
    notify,
    log: (message) => console.error(message),
  });
  shellStarted = jury;
  app.on('second-instance', () => focus(jury));
  app.on('activate', () => jury.showWindow());
  app.on('before-quit', (event) => jury.beforeQuit(event, () => app.quit()));
}

function openWindow(): BrowserWindow {
  const win = new BrowserWindow(secureWindowOptions(paths.preload));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_INDEX_URL);
  return win;
}

function mainWindow(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
}

function focus(jury: Shell<BrowserWindow>): void {
  const win = jury.showWindow();
  if (win.isMinimized()) win.restore();
  win.focus();
}

// A notification must stay referenced until it is closed, or it may be collected before it is clicked.
const shown = new Set<ElectronNotification>();
function notify(notice: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification(notice);
  shown.add(notification);
  notification.on('click', onClick);
  notification.on('close', () => shown.delete(notification));
  notification.show();
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
