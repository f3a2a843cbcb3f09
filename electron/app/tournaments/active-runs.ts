import type { Launcher } from '../../engine/play-match.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';
import { defaultConcurrency } from '../../engine/tournament/game-player.ts';
import { prepareRun, type PreparedRun } from '../../engine/tournament/prepare-run.ts';
import type { RunnerState } from '../../engine/tournament/runner.ts';
import { TournamentStore } from '../../engine/store/store.ts';
import { storedConfig } from '../../engine/tournament/run-store.ts';
import { followWorkers, openRemoteRun, type RemoteRun } from '../../engine/workers/coordinator.ts';
import type { AppWorkers, WorkerConnection } from '../workers.ts';
import type { FrameCoalescer } from '../live/coalescer.ts';
import type { LazyFrame } from '../live/live-boards.ts';
import type { SettingsStore } from '../settings-store.ts';
import { planOf, type TournamentPlan } from './facts.ts';
import type { TournamentFiles } from './files.ts';
import type { DurationCache } from './game-rows.ts';
import { EventRelay, LiveRun, type Emit } from './live-run.ts';

/** What the runs need from the service. */
export interface ActiveRunsOptions {
  readonly files: TournamentFiles;
  readonly settings: SettingsStore;
  readonly launcher: Launcher;
  readonly coalescer: FrameCoalescer<string, LazyFrame>;
  readonly emit: Emit;
  readonly durations: DurationCache;
  /** The settings' remote workers, for tournaments that play on them. */
  readonly workers: AppWorkers;
  /** Who holds a tournament's run lock while this process runs it (default `the Jury app`). */
  readonly holder?: string;
}

/** A run being started (its bots are being prepared) or under way. */
interface RunSlot {
  run: LiveRun | null;
  /** Stop or abort was asked for while the bots were still being prepared. */
  cancelled: boolean;
  /** Settles once the run (or its failed start) is completely over. */
  over: Promise<void>;
  /** Whether it plays games on this machine (not only on remote workers). */
  local: boolean;
}

/**
 * The tournament runs under way in this process ({@link LiveRun}s): at most one per tournament, each
 * from the moment its start is asked for (its bots being prepared) until its store is closed and every
 * bot is gone; and what this process remembers between runs (how the last one ended, games at once).
 */
export class ActiveRuns {
  readonly #opts: ActiveRunsOptions;
  readonly #slots = new Map<string, RunSlot>();
  /** How the last run in this process ended (stopped, aborted), until the next one starts. */
  readonly #lastState = new Map<string, RunnerState>();
  /** Concurrency set for a tournament here, for its next run in this process. */
  readonly #concurrency = new Map<string, number>();

  constructor(options: ActiveRunsOptions) {
    this.#opts = options;
  }

  /** The run of `id` once its bots are ready, or null. */
  get(id: string): LiveRun | null {
    return this.#slots.get(id)?.run ?? null;
  }

  /** The state of a tournament without a run under way: `complete` says whether its schedule is played. */
  idleState(id: string, complete: boolean): RunnerState | 'idle' {
    if (this.#slots.has(id)) return 'running'; // its bots are being prepared
    return complete ? 'done' : (this.#lastState.get(id) ?? 'idle');
  }

  /** Games at once: the run's, else as last set here, else the config's, else the settings' default. */
  concurrencyOf(id: string, plan: TournamentPlan): number {
    return (
      this.get(id)?.concurrency ??
      this.#concurrency.get(id) ??
      plan.config.concurrency ??
      this.#opts.settings.get().defaults.concurrency ??
      defaultConcurrency()
    );
  }

  /** Starts (or resumes, when it has games) the tournament whose store is `path`. */
  async start(id: string, path: string): Promise<LiveRun> {
    await this.ending(id);
    if (this.#slots.has(id)) throw new Error(`${id} is running already`);
    let settle = (): void => {};
    const slot: RunSlot = {
      run: null,
      cancelled: false,
      over: new Promise((r) => (settle = r)),
      local: true,
    };
    this.#slots.set(id, slot);
    let prepared: PreparedRun | null = null;
    let remote: RemoteRun | null = null;
    let run: LiveRun;
    try {
      const { files, launcher, coalescer, emit, durations } = this.#opts;
      // A tournament on remote workers needs their queue: checked before the store is touched.
      const onWorkers = workersOf(path);
      slot.local = !onWorkers || onWorkers.localSlots > 0;
      const connection: WorkerConnection | null = onWorkers ? await this.#opts.workers.connection() : null;
      // The same preparation as `jury run`'s: the store checked page by page and locked for this run (a
      // store `jury run` or another app is running is refused with a StoreError that names that run), the
      // bots made ready, their commands and program hashes recorded, changed programs found.
      prepared = await prepareRun({
        store: path,
        holder: this.#opts.holder ?? 'the Jury app',
        baseDir: files.folder,
        buildDir: files.builds(id),
      });
      const plan = planOf(prepared.store);
      const relay = new EventRelay();
      if (onWorkers && connection) {
        remote = await openRemoteRun(prepared, prepared.player(launcher, { onEvent: relay.forward }), {
          target: connection.target,
          secret: connection.secret,
          localSlots: onWorkers.localSlots,
          baseDir: files.folder,
          factorRange: onWorkers.factorRange ?? null,
          // This machine's speed is measured before the run's first job unless other runs play here.
          gauge: connection.gauge,
          quiet: () => !this.playsHere(id),
          onEvent: relay.forward,
        });
      }
      run = new LiveRun({
        id,
        prepared,
        plan,
        launcher,
        concurrency: remote ? await remote.concurrency() : this.concurrencyOf(id, plan),
        coalescer,
        emit,
        onFinished: (index, us) => durations.add(id, index, us),
        ...(remote ? { remote: { run: remote, relay } } : {}),
      });
    } catch (e) {
      await remote?.close();
      prepared?.store.close();
      this.#slots.delete(id);
      settle();
      throw e;
    }
    slot.run = run;
    if (slot.cancelled) run.runner.abort();
    this.#lastState.delete(id);
    const opened = run.store;
    // Games at once follow the workers' slots as they join and leave.
    const unfollow = remote ? followWorkers(remote, (n) => run.setConcurrency(n)) : () => {};
    const queue = remote;
    void run.finished
      .then(
        (state) => (state === 'done' ? this.#lastState.delete(id) : this.#lastState.set(id, state)),
        () => this.#lastState.set(id, 'aborted'),
      )
      .finally(async () => {
        unfollow();
        await queue?.close();
        this.#concurrency.set(id, run.concurrency);
        opened.close();
        this.#slots.delete(id);
        settle();
        this.#opts.emit('tournament.changed', { id, reason: 'state', game: null });
      });
    return run;
  }

  /**
   * Whether a run of this process (other than `except`'s) plays games on this machine now, or is
   * getting ready to: this machine's speed is not measured then (it would slow those games).
   */
  playsHere(except?: string): boolean {
    for (const [id, slot] of this.#slots) if (id !== except && slot.local && !isOver(slot)) return true;
    return false;
  }

  /** Whether `id` has a run (starting, under way, or ending). */
  has(id: string): boolean {
    return this.#slots.has(id);
  }

  /** The run of `id`, or an error saying it is not running. */
  running(id: string): LiveRun {
    const slot = this.#slots.get(id);
    if (!slot || isOver(slot)) throw new Error(`${id} is not running`);
    if (!slot.run) throw new Error(`${id} is still starting (its bots are being prepared)`);
    return slot.run;
  }

  /** Games at once: now for a running tournament, else for its next run in this process. */
  setConcurrency(id: string, n: number): void {
    const run = this.get(id);
    if (run) run.setConcurrency(n);
    else this.#concurrency.set(id, n);
  }

  /** Stops (abort: kills) a run, also one whose bots are still being prepared. */
  halt(id: string, how: 'stop' | 'abort'): void {
    const slot = this.#slots.get(id);
    if (!slot || isOver(slot)) throw new Error(`${id} is not running`);
    if (!slot.run) slot.cancelled = true;
    else if (how === 'abort') slot.run.runner.abort();
    else slot.run.runner.finishThenStop();
  }

  /**
   * Waits for a run that has ended (done, stopped, aborted) to let go of its store and bots: a client
   * that saw the final state may start or remove the tournament at once.
   */
  async ending(id: string): Promise<void> {
    const slot = this.#slots.get(id);
    if (slot && isOver(slot)) await slot.over;
  }

  /** Forgets what this process remembers of a removed tournament. */
  forget(id: string): void {
    this.#lastState.delete(id);
    this.#concurrency.delete(id);
  }

  /** Aborts every run and waits until all of them are over (no bot process left). */
  async close(): Promise<void> {
    for (const slot of this.#slots.values()) {
      if (slot.run) slot.run.runner.abort();
      else slot.cancelled = true;
    }
    await Promise.all([...this.#slots.values()].map((s) => s.over));
  }
}

/** The remote-workers block of the config stored in `path`, or null (read without locking the store). */
function workersOf(path: string): TournamentConfig['workers'] | null {
  const store = TournamentStore.open(path, { readOnly: true });
  try {
    return storedConfig(store).workers ?? null;
  } finally {
    store.close();
  }
}

/** Whether a run has ended (or is being aborted) and only lets go of its store and bots now. */
function isOver(slot: RunSlot): boolean {
  const state = slot.run?.runner.current;
  return state === 'done' || state === 'stopped' || state === 'aborted';
}
