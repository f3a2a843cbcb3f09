import { dirname } from 'node:path';
import { defaultStoreFolder } from './engine/store/paths.ts';
import { EventEmitter } from 'node:events';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestChannels } from '../shared/ipc/channels.ts';
import { permissionCheckHandler, permissionRequestHandler } from './shell/web-security.ts';

// main.ts against a mocked Electron: checks the glue that startShell's own test cannot see (which
// Electron call gets which piece), since no Electron binary can run here.
const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    getPath: (name: string) => `/fake/${name}`,
    getAppPath: () => '/src/jury',
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    quit: () => {},
  });
  const windows: FakeBrowserWindow[] = [];
  class FakeBrowserWindow extends EventEmitter {
    readonly options: unknown;
    readonly webContents = { id: 42, send: () => {}, isDestroyed: () => false };
    readonly loaded: string[] = [];
    constructor(options: unknown) {
      super();
      this.options = options;
      windows.push(this);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    show() {}
    focus() {}
    static getFocusedWindow() {
      return windows[0] ?? null;
    }
    static getAllWindows() {
      return windows;
    }
  }
  const hosts: (InstanceType<typeof EventEmitter> & { sent: unknown[] })[] = [];
  return {
    app,
    windows,
    hosts,
    BrowserWindow: FakeBrowserWindow,
    forks: [] as unknown[][],
    handled: [] as string[],
    schemes: [] as unknown[],
    protocols: new Map<string, (request: Request) => Promise<Response>>(),
    fetched: [] as string[],
    permissionHandlers: [] as unknown[],
    menus: [] as unknown[],
  };
});

vi.mock('electron', () => ({
  app: electron.app,
  BrowserWindow: electron.BrowserWindow,
  ipcMain: { handle: (channel: string) => electron.handled.push(channel) },
  dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
  Menu: {
    buildFromTemplate: (template: unknown) => ({ template }),
    setApplicationMenu: (menu: unknown) => electron.menus.push(menu),
  },
  Notification: { isSupported: () => false },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      electron.protocols.set(scheme, handler),
  },
  net: {
    fetch: (url: string) => {
      electron.fetched.push(url);
      return Promise.resolve(new Response('page'));
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (h: unknown) => electron.permissionHandlers.push(h),
      setPermissionCheckHandler: (h: unknown) => electron.permissionHandlers.push(h),
    },
  },
  shell: { openExternal: vi.fn() },
  utilityProcess: {
    fork: (...args: unknown[]) => {
      electron.forks.push(args);
      const host = Object.assign(new EventEmitter(), {
        sent: [] as unknown[],
        postMessage: (m: unknown) => host.sent.push(m),
        kill: () => true,
      });
      electron.hosts.push(host);
      return host;
    },
  },
}));

beforeAll(async () => {
  await import('./main.ts');
  await new Promise((resolve) => setImmediate(resolve));
});

describe('main', () => {
  it('forks the engine host as a utility process with its folders', () => {
    expect(electron.forks).toHaveLength(1);
    const [path, args, options] = electron.forks[0] as [
      string,
      string[],
      { serviceName: string; env: Record<string, string> },
    ];
    expect(path).toMatch(/\/host\.js$/);
    expect(args).toEqual([]);
    expect(options.serviceName).toBe('Jury engine');
    expect(options.env).toMatchObject({
      // The CLI's default folder (electron/engine/store/paths.ts), shared with `jury run` and `jury serve`.
      JURY_WORKSPACE: dirname(defaultStoreFolder(process.platform, process.env)),
      JURY_STORE_FOLDER: defaultStoreFolder(process.platform, process.env),
      JURY_SAMPLES_DIR: '/src/jury/electron/engine/bots/samples',
    });
    expect(options.env['PATH']).toBe(process.env['PATH']);
  });

  it('opens one secure window on the renderer and registers every request channel', () => {
    expect(electron.windows).toHaveLength(1);
    const window = electron.windows[0]!;
    expect(window.options).toMatchObject({
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
    });
    expect(window.loaded).toEqual(['jury://app/index.html']);
    expect(electron.handled).toEqual(requestChannels);
  });

  it('serves the page on its own secure scheme from the renderer folder, nothing outside it', async () => {
    expect(electron.schemes).toEqual([
      { scheme: 'jury', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    const handle = electron.protocols.get('jury')!;
    expect((await handle(new Request('jury://app/index.html'))).status).toBe(200);
    expect(electron.fetched).toEqual([expect.stringMatching(/^file:\/\/\/.*\/renderer\/index\.html$/)]);
    expect((await handle(new Request('jury://app/assets/..%2f..%2f..%2fpackage.json'))).status).toBe(404);
    expect(electron.fetched).toHaveLength(1);
  });

  it('grants only notifications, sets the menu and hardens every web page', () => {
    expect(electron.permissionHandlers).toEqual([permissionRequestHandler, permissionCheckHandler]);
    expect(electron.menus).toHaveLength(1);
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    electron.app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    expect(contents.listenerCount('will-navigate')).toBe(1);
    expect(contents.listenerCount('will-attach-webview')).toBe(1);
  });

  it('asks the engine to shut down before quitting, and quits once it exited', async () => {
    const quit = vi.spyOn(electron.app, 'quit');
    const event = { preventDefault: vi.fn() };
    electron.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    const host = electron.hosts[0]!;
    expect(host.sent).toEqual([{ kind: 'shutdown' }]);
    expect(quit).not.toHaveBeenCalled();
    host.emit('exit', 0);
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    const again = { preventDefault: vi.fn() };
    electron.app.emit('before-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
