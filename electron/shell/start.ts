import type { EventChannel } from '../../shared/ipc/channels.ts';
import { requestChannels } from '../../shared/ipc/channels.ts';
import { ipcContract, type EventPayload } from '../../shared/ipc/contract.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import type { IpcMainLike } from '../ipc/register.ts';
import { registerHandlers } from '../ipc/register.ts';
import type { TrustedOrigin } from '../ipc/trusted-sender.ts';
import { trustedSender } from '../ipc/trusted-sender.ts';
import type { DialogDeps } from './dialogs.ts';
import { dialogHandlers } from './dialogs.ts';
import type { EngineClient, EngineProcess } from './engine-client.ts';
import { createEngineClient } from './engine-client.ts';
import { knownGames, type KnownGames } from './known-games.ts';
import type { Notice } from './notifications.ts';
import { finishedNotice, finishWatcher } from './notifications.ts';

/**
 * The wiring of the desktop app's main process, with every Electron piece injected (main.ts passes the
 * real ones, main.test.ts fakes): starts the engine host, registers one checked IPC handler per request
 * channel (the native dialogs answered here, everything else forwarded to the engine), forwards the
 * engine's events to the window while it exists, notifies when a tournament finishes, and shuts the
 * engine down before the app quits.
 */

/** The part of a `BrowserWindow` the wiring uses. */
export interface ShellWindow {
  readonly webContents: {
    readonly id: number;
    send(channel: string, payload: unknown): void;
    isDestroyed(): boolean;
  };
  isDestroyed(): boolean;
  show(): void;
  focus(): void;
}

/** The Electron pieces {@link startShell} needs. */
export interface ShellDeps<W extends ShellWindow = ShellWindow> {
  readonly ipcMain: IpcMainLike;
  /** Forks the engine host (`utilityProcess.fork`). */
  readonly forkEngine: () => EngineProcess;
  /** Creates the app's window and loads the renderer in it. */
  readonly openWindow: () => W;
  /** Which pages may call main, besides being the window's own webContents. */
  readonly trusted: Omit<TrustedOrigin, 'webContentsId'>;
  readonly dialogs: DialogDeps;
  /** Shows a desktop notification; `onClick` when the user clicks it. */
  readonly notify: (notice: Notice, onClick: () => void) => void;
  readonly log: (message: string) => void;
}

/** The running shell. */
export interface Shell<W extends ShellWindow = ShellWindow> {
  readonly engine: EngineClient;
  /** The window, opened again if it was closed (macOS keeps the app running without one). */
  showWindow(): W;
  /**
   * For `app.on('before-quit')`: the first time, holds the quit, shuts the engine down (bounded by
   * `timeoutMs`) and then calls `quit` again; once the engine is down, lets the quit through.
   */
  beforeQuit(event: { preventDefault(): void }, quit: () => void): void;
  /** Shows the window on one of the main screens (the application menu's items). */
  navigate(to: EventPayload<'app.navigate'>['to']): void;
}

/** How long the engine gets to stop its bots and close its stores when the app quits. */
export const engineShutdownMs = 5_000;

/** Starts the engine and the window and registers the IPC handlers. */
export function startShell<W extends ShellWindow>(
  deps: ShellDeps<W>,
  timeoutMs = engineShutdownMs,
): Shell<W> {
  let window: W | null = null;
  const live = (): W | null =>
    window !== null && !window.isDestroyed() && !window.webContents.isDestroyed() ? window : null;

  const finished = finishWatcher();
  const progressSchema = ipcContract.events['tournament.progress'];
  const onEvent = (channel: EventChannel, payload: unknown): void => {
    // The window may be gone (macOS keeps the app running without one): the event is dropped, and a
    // new window fetches the current state when it opens.
    live()?.webContents.send(channel, payload);
    if (channel === 'games.changed') void games.refresh();
    if (channel !== 'tournament.progress') return;
    const progress = progressSchema.safeParse(payload);
    if (progress.success && finished(progress.data)) void announce(progress.data.id);
  };

  const engine = createEngineClient({
    fork: deps.forkEngine,
    onEvent,
    onUnexpectedExit: (code) => deps.log(`the engine stopped unexpectedly (exit code ${code})`),
  });
  const games = knownGames(engine, deps.log);

  async function announce(id: string): Promise<void> {
    let name: string | undefined;
    try {
      name = (await engine.request('tournaments.list', undefined)).find((t) => t.id === id)?.name;
    } catch {
      // The notice still goes out, without the name.
    }
    deps.notify(finishedNotice(name), () => {
      const win = live();
      win?.show();
      win?.focus();
    });
  }

  registerHandlers(
    deps.ipcMain,
    shellHandlers(engine, deps.dialogs, games),
    trustedSender({ ...deps.trusted, webContentsId: () => live()?.webContents.id }),
  );

  function showWindow(): W {
    window = live() ?? deps.openWindow();
    return window;
  }
  showWindow();

  let stopping = false;
  let stopped = false;
  return {
    engine,
    showWindow,
    navigate(to) {
      showWindow().webContents.send('app.navigate', { to });
    },
    beforeQuit(event, quit) {
      if (stopped) return;
      event.preventDefault();
      if (stopping) return;
      stopping = true;
      void engine
        .shutdown(timeoutMs)
        .catch((e: unknown) => deps.log(`the engine did not shut down: ${String(e)}`))
        .finally(() => {
          stopped = true;
          quit();
        });
    },
  };
}

/**
 * The handler of every request channel: the native dialogs answered by main, every other request handed
 * (checked) to the engine once main knows the engine's games (`games`: see known-games.ts).
 */
export function shellHandlers(
  engine: Pick<EngineClient, 'request'>,
  dialogs: DialogDeps,
  games?: KnownGames,
): Handlers {
  const forward = requestChannels.map((channel) => [
    channel,
    async (payload: unknown) => {
      if (channel !== 'games.list') await games?.ready();
      return engine.request(channel, payload as never);
    },
  ]);
  return { ...(Object.fromEntries(forward) as Handlers), ...dialogHandlers(dialogs) };
}
