import { describe, expect, it, vi } from 'vitest';
import { desktopOnlyChannels, requestChannels } from '../../shared/ipc/channels.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { SenderInfo } from '../ipc/trusted-sender.ts';
import type { FakeService } from '../../test/helpers/in-memory-host.ts';
import { fakeService, inMemoryHost } from '../../test/helpers/in-memory-host.ts';
import type { DialogDeps } from './dialogs.ts';
import type { ShellWindow } from './start.ts';
import { shellHandlers, startShell } from './start.ts';

type Listener = (event: SenderInfo, ...args: unknown[]) => unknown;

const summary = {
  id: 't1',
  name: 'Club night',
  game: 'less' as const,
  format: 'round-robin' as const,
  state: 'running' as const,
  finished: 5,
  total: 6,
  running: 1,
  etaMs: 900,
  concurrency: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const frame = {
  tournament: 't1',
  game: 4,
  stage: 'main',
  round: 1,
  seats: ['a', 'b'],
  ply: 12,
  state: { board: '…' },
  lastMove: 'Ab',
  clocksMs: [10, 12],
  toAct: 0,
  done: false,
  scores: null,
};

class FakeWindow implements ShellWindow {
  destroyed = false;
  readonly webContents;
  readonly show = vi.fn();
  readonly focus = vi.fn();
  constructor(id: number) {
    this.webContents = { id, send: vi.fn(), isDestroyed: () => this.destroyed };
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(handlers: Partial<Handlers> = {}) {
  const listeners = new Map<string, Listener>();
  const services: FakeService[] = [];
  const windows: FakeWindow[] = [];
  const dialogs = {
    showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/bots/mine'] })),
    showSaveDialog: vi.fn(async () => ({ canceled: false, filePath: '/docs/out.csv' })),
    writeFile: vi.fn(async () => {}),
    defaultFolder: () => '/docs',
  } satisfies DialogDeps;
  const notify = vi.fn<(notice: { title: string; body: string }, onClick: () => void) => void>();
  const shell = startShell(
    {
      ipcMain: { handle: (channel, listener) => void listeners.set(channel, listener) },
      forkEngine: () => {
        const service = fakeService(handlers);
        services.push(service);
        return inMemoryHost(service);
      },
      openWindow: () => {
        const win = new FakeWindow(10 + windows.length);
        windows.push(win);
        return win;
      },
      trusted: {},
      dialogs,
      notify,
      log: () => {},
    },
    1_000,
  );
  const invoke = (channel: string, payload?: unknown, sender = windows.at(-1)!.webContents.id) =>
    Promise.resolve(
      listeners.get(channel)!(
        { sender: { id: sender }, senderFrame: { url: 'jury://app/index.html', parent: null } },
        ...(payload === undefined ? [] : [payload]),
      ),
    );
  return { shell, listeners, services, windows, dialogs, notify, invoke, service: () => services.at(-1)! };
}

describe('startShell', () => {
  it('starts the engine, opens the window and registers every request channel', () => {
    const { listeners, services, windows } = setup();
    expect([...listeners.keys()]).toEqual(requestChannels);
    expect(services).toHaveLength(1);
    expect(windows).toHaveLength(1);
  });

  it('forwards requests to the engine and answers with its checked response', async () => {
    const start = vi.fn(({ id }: { id: string }) => ({ ...summary, id }));
    const { invoke } = setup({ 'tournament.start': start });
    await expect(invoke('tournament.start', { id: 't7' })).resolves.toEqual({ ...summary, id: 't7' });
    expect(start).toHaveBeenCalledWith({ id: 't7' });
    await expect(invoke('tournament.pause', { id: 't7' })).rejects.toThrow(
      /tournament.pause is not served by this fake/,
    );
  });

  it('accepts a package game in responses once the engine has loaded the package (games.changed)', async () => {
    const builtIn = {
      title: 'Less',
      seats: 4,
      seatNames: ['a', 'b', 'c', 'd'],
      timeControl: { kind: 'game-total', budgetMs: 1 },
    };
    const pkg = {
      id: 'pkg-shell-toy',
      title: 'Shell toy',
      players: 2,
      budgetMs: 30000,
      timeFactor: 1,
      protocol: 'caia',
      samples: [],
      log: null,
      folder: '/packages/shell-toy',
    };
    let games: unknown[] = [{ id: 'less', ...builtIn }];
    const listed = vi.fn(() => games);
    const { invoke, service } = setup({
      'games.list': listed as never,
      'tournaments.list': () => [{ ...summary, game: 'pkg-shell-toy' as never }],
    });
    await expect(invoke('tournaments.list')).rejects.toThrow(/game: the game must be one of/);
    games = [
      ...games,
      {
        id: pkg.id,
        title: pkg.title,
        seats: 2,
        seatNames: ['player 1', 'player 2'],
        timeControl: { kind: 'game-total', budgetMs: 30000 },
        package: pkg,
        added: true,
      },
    ];
    service().emit('games.changed', { reason: 'added', game: 'less' });
    await settle();
    await settle();
    expect(listed).toHaveBeenCalledTimes(2);
    await expect(invoke('tournaments.list')).resolves.toEqual([{ ...summary, game: 'pkg-shell-toy' }]);
  });

  it('answers the native dialogs in main, never in the engine', async () => {
    const { invoke, dialogs } = setup();
    await expect(invoke('dialog.openBot')).resolves.toBe('/bots/mine');
    await expect(invoke('dialog.openPackage')).resolves.toBe('/bots/mine');
    const file = { fileName: 'club.csv', mime: 'text/csv', content: 'x' };
    await expect(invoke('dialog.saveFile', file)).resolves.toBe('/docs/out.csv');
    expect(dialogs.writeFile).toHaveBeenCalledWith('/docs/out.csv', 'x');
  });

  it('refuses a request from any other window', async () => {
    const games = vi.fn(() => []);
    const { invoke } = setup({ 'games.list': games });
    await expect(invoke('games.list', undefined, 99)).rejects.toThrow(/does not come from the Jury window/);
    expect(games).not.toHaveBeenCalled();
  });

  it('sends the menu navigation to the window, reopening it when closed', async () => {
    const { shell, windows } = setup();
    await settle();
    shell.navigate('/new');
    expect(windows[0]!.webContents.send).toHaveBeenCalledWith('app.navigate', { to: '/new' });
    windows[0]!.destroyed = true;
    shell.navigate('/bots');
    expect(windows[1]!.webContents.send).toHaveBeenCalledWith('app.navigate', { to: '/bots' });
  });

  it('sends engine events to the window while it exists, and to a reopened one', async () => {
    const { shell, service, windows } = setup();
    await settle();
    service().emit('game.frame', frame);
    await settle();
    expect(windows[0]!.webContents.send).toHaveBeenCalledWith('game.frame', frame);
    windows[0]!.destroyed = true;
    service().emit('game.frame', { ...frame, ply: 13 });
    await settle();
    expect(windows[0]!.webContents.send).toHaveBeenCalledTimes(1);
    expect(shell.showWindow()).toBe(windows[1]);
    expect(shell.showWindow()).toBe(windows[1]);
    service().emit('game.frame', { ...frame, ply: 14 });
    await settle();
    expect(windows[1]!.webContents.send).toHaveBeenCalledWith('game.frame', { ...frame, ply: 14 });
  });

  it('notifies once when a tournament it saw running is done, and focuses the window on click', async () => {
    const { service, notify, windows } = setup({ 'tournaments.list': () => [summary] });
    await settle();
    const progress = { id: 't1', finished: 5, total: 6, running: 1, etaMs: 900, error: null };
    service().emit('tournament.progress', { ...progress, state: 'running' });
    service().emit('tournament.progress', { ...progress, state: 'done', finished: 6, running: 0 });
    service().emit('tournament.progress', { ...progress, state: 'done', finished: 6, running: 0 });
    await vi.waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    await settle();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]![0]).toEqual({ title: 'Jury', body: 'Club night: tournament finished' });
    notify.mock.calls[0]![1]();
    expect(windows[0]!.focus).toHaveBeenCalled();
  });

  it('holds the quit until the engine has shut down, then lets it through', async () => {
    const { shell, service } = setup();
    const quit = vi.fn();
    const first = { preventDefault: vi.fn() };
    shell.beforeQuit(first, quit);
    shell.beforeQuit({ preventDefault: vi.fn() }, quit);
    expect(first.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(service().closed).toBe(1);
    const last = { preventDefault: vi.fn() };
    shell.beforeQuit(last, quit);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });
});

describe('shellHandlers', () => {
  it('forwards every channel but the dialogs to the engine, unchanged', async () => {
    const request = vi.fn(async (channel: string, payload: unknown) => ({ channel, payload }));
    const dialogs = {
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
      showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })),
      writeFile: vi.fn(async () => {}),
      defaultFolder: () => '/docs',
    };
    const handlers = shellHandlers({ request: request as never }, dialogs);
    expect(Object.keys(handlers).sort()).toEqual([...requestChannels].sort());
    for (const channel of requestChannels) {
      const payload = { probe: channel, fileName: 'x.csv', mime: 'text/csv', content: '' };
      const call = (handlers[channel] as (payload: unknown) => Promise<unknown>)(payload);
      if ((desktopOnlyChannels as readonly string[]).includes(channel)) {
        await expect(call).resolves.toBeNull();
      } else {
        await expect(call).resolves.toEqual({ channel, payload });
      }
    }
    expect(request).toHaveBeenCalledTimes(requestChannels.length - desktopOnlyChannels.length);
    expect(dialogs.showOpenDialog).toHaveBeenCalledTimes(2);
    expect(dialogs.showSaveDialog).toHaveBeenCalledTimes(1);
  });
});
