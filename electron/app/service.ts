import { mkdir } from 'node:fs/promises';
import type { CheckedRequest, EventChannel, EventPayload } from '../../shared/ipc/contract.ts';
import { processLauncher } from '../engine/bot-launcher.ts';
import type { Launcher } from '../engine/play-match.ts';
import { samplesOf } from '../engine/bots/samples/index.ts';
import { JURY_VERSION } from '../engine/version.ts';
import type { Handlers } from '../../shared/ipc/handlers.ts';
import { BotLibrary } from './library/bot-library.ts';
import { smokeTest } from './library/smoke-test.ts';
import { addGameSamples } from './library/sample-shelf.ts';
import { playOne } from './match-play.ts';
import { FRAMES_PER_SECOND, FrameCoalescer } from './live/coalescer.ts';
import type { LazyFrame } from './live/live-boards.ts';
import { PackageList } from './packages/package-list.ts';
import { systemProtections } from './protections.ts';
import { PresetStore, SettingsStore } from './settings-store.ts';
import { TournamentFiles } from './tournaments/files.ts';
import { tournamentHandlers } from './tournaments/handlers.ts';
import { Tournaments, type TournamentSummary } from './tournaments/tournaments.ts';
import { trackedLauncher } from './tournaments/tracked-launcher.ts';
import type { EventService } from '../engine/event/service.ts';
import { eventHandlers, type EventSlot, type OpenedEvent } from './event/handlers.ts';
import { AppWorkers } from './workers.ts';

/** Where and how the service runs. */
export interface JuryServiceOptions {
  /** Settings, presets and the bot library live here. */
  readonly workspace: string;
  /** Every tournament's store file lives here. */
  readonly storeFolder: string;
  /** `jury serve --db FILE`: only this tournament (its folder replaces `storeFolder`). */
  readonly singleStore?: string;
  readonly mode: 'desktop' | 'browser';
  /** Whether this client may change things (false for read-only spectators); default true. */
  readonly canControl?: boolean;
  /** Starts bots; the real process launcher by default (tests may pass their own). */
  readonly launcher?: Launcher;
  /** The least time between two live frames of one board (default 100 ms). */
  readonly frameIntervalMs?: number;
  /** A fixed speed benchmark time (ms) for this machine (tests); measured at quiet moments otherwise. */
  readonly benchmarkMs?: number;
  /** One speed measurement of this machine (ms), instead of the CPU benchmark (tests). */
  readonly benchmark?: () => number;
  /**
   * How `event.open` opens an event and serves it to the LAN (the desktop app: app/event/desktop-event.ts);
   * absent: `event.open` is refused (`jury serve` serves the event it was started with).
   */
  readonly openEvent?: (request: CheckedRequest<'event.open'>, service: JuryService) => Promise<OpenedEvent>;
}

/**
 * A tournament with a run under way in this process: what only this process knows (the run's progress and
 * state, its running games), for a reader elsewhere that answers from the store (`jury serve`'s reader
 * thread, docs/serve.md).
 */
export interface LiveTournament {
  readonly summary: TournamentSummary;
  /** The indexes of its games running now. */
  readonly running: readonly number[];
}

/** A listener of every event of the contract. */
export type EventListener = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

/** The engine's side of the app: one handler per request channel, the events, and a clean end. */
export interface JuryService {
  readonly handlers: Handlers;
  /** Calls `listener` with every event from now on; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /**
   * Serves `event` to the organiser's screens (the `event.*` channels), reached by contestants at
   * `origins` (`http://ADDRESS:PORT`); the caller keeps it and closes it after the service.
   */
  attachEvent(event: EventService, origins: readonly string[]): void;
  /** The tournaments with a run under way here; cheap (no store is read beyond one row each). */
  live(): LiveTournament[];
  /** Aborts running games, closes the stores, and resolves once no bot process is left. */
  close(): Promise<void>;
}

/**
 * Creates the Jury service: settings, presets and the bot library of `workspace`, the tournaments of
 * `storeFolder` with their runs and live boards, and a handler for every request channel (handlers get
 * payloads already validated by the caller: Electron's main process or `jury serve`). No electron import:
 * it runs in the desktop app's utility process and in `jury serve` alike.
 */
export async function createJuryService(options: JuryServiceOptions): Promise<JuryService> {
  await mkdir(options.workspace, { recursive: true });
  if (options.singleStore === undefined) await mkdir(options.storeFolder, { recursive: true });
  // The added game packages first: the library and the stores may name their games.
  const packages = await PackageList.open(options.workspace);
  const [settings, presets, library] = await Promise.all([
    SettingsStore.open(options.workspace),
    PresetStore.open(options.workspace),
    BotLibrary.open(options.workspace),
  ]);
  const files = new TournamentFiles(options.storeFolder, options.singleStore);
  const launcher = trackedLauncher(options.launcher ?? processLauncher({ gameThread: true }));
  const listeners = new Set<EventListener>();
  /** Tournaments that reported progress here: the candidates of live(), which keeps those still running. */
  const reported = new Set<string>();
  const emit: EventListener = (channel, payload) => {
    if (channel === 'tournament.progress') reported.add((payload as EventPayload<'tournament.progress'>).id);
    for (const listener of listeners) {
      try {
        listener(channel, payload);
      } catch {
        // A failing subscriber must not stop a tournament or keep the others from their events.
      }
    }
  };
  const coalescer = new FrameCoalescer<string, LazyFrame>({
    intervalMs: options.frameIntervalMs ?? 100,
    // A live wall of 8 boards got 37 frames a second and could draw a few of them (renderer/stores/live.ts):
    // each frame sent is a message every page of the app parses, whether it shows boards or not.
    maxPerSecond: FRAMES_PER_SECOND,
    send: (frame) => emit('game.frame', frame()),
  });
  // The name a `jury run` refused by this process's run lock is told.
  const holder = options.mode === 'desktop' ? 'the Jury app' : 'the Jury app in jury serve';
  const workers: AppWorkers = new AppWorkers(settings, {
    ...(options.benchmarkMs === undefined ? {} : { benchmarkMs: options.benchmarkMs }),
    ...(options.benchmark ? { benchmark: options.benchmark } : {}),
    // This machine's speed is measured again only while no run here plays games on it.
    quiet: (): boolean => !tournaments.runs.playsHere(),
  });
  const tournaments = new Tournaments({
    files,
    library,
    settings,
    launcher,
    coalescer,
    emit,
    holder,
    workers,
  });
  const closing = new AbortController();
  const pending = new Set<Promise<unknown>>();
  /** Starts a request that starts bots, and keeps track of it so close() can wait for it. */
  const tracked = <T>(start: () => Promise<T>): Promise<T> => {
    if (closing.signal.aborted) return Promise.reject(new Error('Jury is closing'));
    const work = start();
    pending.add(work);
    void work.catch(() => undefined).finally(() => pending.delete(work));
    return work;
  };
  const desktopOnly = (what: string) => (): never => {
    throw new Error(`${what} is only available in the desktop app`);
  };

  let self: JuryService | null = null;
  const openEvent = options.openEvent;
  const eventSlot: EventSlot = {
    event: null,
    origins: [],
    ...(openEvent
      ? {
          opener: (request: CheckedRequest<'event.open'>) => {
            if (!self) throw new Error('Jury is starting');
            return openEvent(request, self);
          },
        }
      : {}),
  };
  const handlers: Handlers = {
    'app.info': () => ({
      version: JURY_VERSION,
      mode: options.mode,
      canControl: options.canControl ?? true,
      firstStart: settings.firstStart,
      storeFolder: files.folder,
    }),
    'games.list': () => packages.games(),
    'games.addPackage': async ({ path }) => {
      const added = await packages.add(path);
      emit('games.changed', { reason: 'added', game: added.id });
      return added;
    },
    'games.removePackage': async ({ id }) => {
      const games = await packages.remove(id);
      emit('games.changed', { reason: 'removed', game: id });
      return games;
    },
    'bots.samples': ({ game }) =>
      samplesOf(game).map(({ id, name, strength, description }) => ({ id, name, strength, description })),
    'match.play': (request) => tracked(() => playOne(request, launcher, settings.get().defaults)),
    'system.protections': (limits) => systemProtections(limits, settings.get().defaults),
    'settings.get': () => settings.shown(),
    'settings.set': async (patch) => (await settings.set(patch), settings.shown()),
    'workers.list': () => workers.list(),
    'presets.list': () => presets.list(),
    'presets.save': (preset) => presets.save(preset),
    'presets.remove': ({ name }) => presets.remove(name),
    'bots.list': () => library.list(),
    'bots.add': (request) => library.add(request),
    'bots.checkAdd': (request) => library.checkAdd(request),
    'bots.addSamples': ({ game }) => addGameSamples(library, game),
    'bots.rename': ({ id, name }) => library.rename(id, name),
    'bots.remove': ({ id }) => library.remove(id),
    'bots.smokeTest': ({ id, game }) =>
      tracked(async () => {
        const result = await smokeTest(await library.matchBot(id), game, launcher);
        await library.recordSmoke(id, game, result.passed);
        return result;
      }),
    'bots.setGame': ({ id, game }) => library.setGame(id, game),
    ...tournamentHandlers(tournaments, closing.signal, tracked),
    ...eventHandlers(eventSlot),
    'dialog.openBot': desktopOnly('choosing a file with a dialog'),
    'dialog.saveFile': desktopOnly('saving a file with a dialog'),
    'dialog.openPackage': desktopOnly('choosing a folder with a dialog'),
  };

  self = {
    handlers,
    attachEvent(event, origins) {
      eventSlot.event = event;
      eventSlot.origins = origins;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    live() {
      const out: LiveTournament[] = [];
      for (const id of reported) {
        const run = tournaments.runs.get(id);
        if (!run) {
          if (!tournaments.runs.has(id)) reported.delete(id);
          continue;
        }
        // Read on the run's own connection: one row, the rest is the run's state in memory.
        out.push({ summary: tournaments.summary(id), running: [...run.boards.running()] });
      }
      return out;
    },
    async close() {
      closing.abort();
      // An event the app opened: its server first (no new uploads), then its builds and file.
      await eventSlot.opened?.close();
      await tournaments.runs.close();
      // Smoke tests and single matches: their bots are ended, so their games end at once.
      await launcher.shutdownAll();
      await Promise.allSettled([...pending]);
      await launcher.shutdownAll();
      coalescer.close();
      workers.close();
      listeners.clear();
    },
  };
  return self;
}
