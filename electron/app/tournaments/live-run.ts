import { gameDriver } from '../../../shared/games/driver.ts';
import type { EventChannel, EventPayload } from '../../../shared/ipc/contract.ts';
import type { Launcher, MatchBot } from '../../engine/play-match.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { ProgramChange } from '../../engine/tournament/bot-versions.ts';
import type { PreparedRun } from '../../engine/tournament/prepare-run.ts';
import { botsById } from '../../engine/tournament/ready-bots.ts';
import type { Unplayed } from '../../../shared/games/failure-texts.ts';
import { StartFailures } from '../../engine/tournament/start-failures.ts';
import {
  TournamentRunner,
  type Progress,
  type RunnerEvent,
  type RunnerState,
} from '../../engine/tournament/runner.ts';
import type { RefereeEvent } from '../../engine/referee/options.ts';
import type { RemoteRun } from '../../engine/workers/coordinator.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { FrameCoalescer } from '../live/coalescer.ts';
import { LiveBoards, type LazyFrame } from '../live/live-boards.ts';
import type { TournamentPlan } from './facts.ts';

/** Sends one event of the contract to every subscriber. */
export type Emit = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void;

/** What a live run needs: its prepared run (store open and locked, bots ready) and the service's parts. */
export interface LiveRunOptions {
  readonly id: string;
  /** From the engine's prepareRun; the live run uses its store and bots, and its owner closes the store. */
  readonly prepared: PreparedRun;
  readonly plan: TournamentPlan;
  readonly launcher: Launcher;
  readonly concurrency: number;
  readonly coalescer: FrameCoalescer<string, LazyFrame>;
  readonly emit: Emit;
  /** A game finished in this run (for the duration cache). */
  readonly onFinished?: (index: number, durationUs: number) => void;
  /** The run plays on remote workers: their queue (opened, its local slots included). */
  readonly remote?: RemotePlay;
}

/** A run's remote workers, as the live run uses them. */
export interface RemotePlay {
  readonly run: RemoteRun;
  /**
   * Where the referee events of the run's games go (remote games' and those of its local slots, whose
   * player was made before the live boards): the live run points it at its boards.
   */
  readonly relay: EventRelay;
}

/** A late-bound receiver of referee events: events that come before it is set are dropped. */
export class EventRelay {
  target: ((game: ScheduledGame, event: RefereeEvent) => void) | null = null;
  /** Hands an event to the target (a function to pass as an `onEvent`). */
  readonly forward = (game: ScheduledGame, event: RefereeEvent): void => this.target?.(game, event);
}

/**
 * The app's run of one tournament in this process, from a prepared run (see the engine's prepareRun): a
 * {@link TournamentRunner} (the engine's scheduling loop) over its store, the live boards of its running
 * games, and the events the UI watches (`tournament.progress` on every started or finished game and
 * every change of state, `tournament.changed` on what was stored). Bots whose program changed since
 * their finished games are told once, in the first `tournament.progress` event's `error` while the run
 * goes on (their games stay as they are), and bots that crashed before their first move in every game
 * they played in the last one, when the run is done or stopped. The store stays open for the run;
 * {@link LiveRun.finished} resolves with the final state once every game has stopped and every bot
 * process is gone.
 */
export class LiveRun {
  readonly id: string;
  readonly store: TournamentStore;
  readonly plan: TournamentPlan;
  readonly runner: TournamentRunner;
  readonly boards: LiveBoards;
  /** The bots by participant id, to play a game again while the run goes on. */
  readonly bots: ReadonlyMap<string, MatchBot>;
  readonly finished: Promise<RunnerState>;
  #concurrency: number;
  readonly #emit: Emit;

  /** Starts the run of `options.prepared`, whose participants must be `options.plan`'s. */
  constructor(options: LiveRunOptions) {
    const { prepared } = options;
    this.id = options.id;
    this.store = prepared.store;
    this.plan = options.plan;
    this.#emit = options.emit;
    this.#concurrency = options.concurrency;
    const { config, participants } = options.plan;
    this.bots = botsById(prepared.bots);
    this.boards = new LiveBoards({
      tournament: options.id,
      module: gameDriver(config.game).module,
      names: new Map(participants.map((p) => [p.id, p.name])),
      coalescer: options.coalescer,
    });
    const { remote } = options;
    if (remote) remote.relay.target = (game, event) => this.boards.event(game, event);
    this.runner = new TournamentRunner({
      store: prepared.store,
      scheduler: options.plan.scheduler,
      context: options.plan.context,
      play: remote
        ? remote.run.play
        : prepared.player(options.launcher, {
            onEvent: (game, event) => this.boards.event(game, event),
            onCaiaEvent: (game, event) => this.boards.caiaEvent(game, event),
          }),
      concurrency: options.concurrency,
      onEvent: (event) => this.#onEvent(event, options),
    });
    this.finished = this.runner.run().catch((e: unknown) => {
      // The runner itself failed (a store write, a scheduler that waits with nothing running).
      this.#error = `the run stopped: ${e instanceof Error ? e.message : String(e)}`;
      this.runner.abort();
      this.boards.dropAll();
      this.#progress('aborted');
      throw e;
    });
    if (prepared.changes.length > 0)
      this.#progress(this.runner.current, undefined, changeNotice(prepared.changes));
  }

  /** Games at once, as last set. */
  get concurrency(): number {
    return this.#concurrency;
  }

  /** Changes how many games run at once. */
  setConcurrency(n: number): void {
    this.#concurrency = n;
    this.runner.setConcurrency(n);
  }

  /** The run's state and progress now. */
  progress(): Progress & { readonly state: RunnerState } {
    return { ...this.runner.progress(), state: this.runner.current };
  }

  /** Why the run aborted itself, for the UI (the runner aborts on a game that cannot be played). */
  #error: string | null = null;
  /** Bots that crashed before their first move in every game: said when the run is over. */
  readonly #unplayed = new StartFailures();

  /** The bots that never played, as facts for the app to word, once the run is over (else none). */
  #unplayedBots(state: RunnerState): Unplayed[] {
    if (state !== 'done' && state !== 'stopped') return [];
    return this.#unplayed.unplayed(new Map(this.plan.participants.map((p) => [p.id, p.name])));
  }

  #progress(
    state: RunnerState,
    progress: Progress = this.runner.progress(),
    notice: string | null = null,
    unplayed: readonly Unplayed[] = [],
  ): void {
    const { finished, total, running, etaMs } = progress;
    const error = this.#error ?? notice;
    this.#emit('tournament.progress', {
      id: this.id,
      state,
      finished,
      total,
      running,
      etaMs,
      error,
      ...(unplayed.length > 0 ? { unplayed: [...unplayed] } : {}),
    });
  }

  #changed(reason: EventPayload<'tournament.changed'>['reason'], game: number | null = null): void {
    this.#emit('tournament.changed', { id: this.id, reason, game });
  }

  #onEvent(event: RunnerEvent, options: LiveRunOptions): void {
    options.remote?.run.onRunnerEvent(event);
    switch (event.kind) {
      case 'scheduled':
        this.#changed('scheduled');
        return;
      case 'game-started':
        this.boards.start(event.game);
        this.#changed('game-started', event.game.index);
        // The runner counts the game as running only once this event is handled.
        queueMicrotask(() => this.#progress(this.runner.current));
        return;
      case 'game-finished':
        this.#unplayed.observe(event);
        options.onFinished?.(event.game.index, event.summary.durationUs);
        this.boards.finish(event.game, event.summary);
        this.#changed('game-finished', event.game.index);
        return;
      case 'game-failed':
        this.#error ??= `game ${event.game.index + 1} could not be played: ${event.error}`;
        this.boards.drop(event.game.index);
        return;
      case 'progress':
        this.#progress(this.runner.current, event.progress);
        return;
      case 'state':
        // Aborted or over: the running games' boards come down at once, whatever they still send.
        if (event.state === 'aborted' || event.state === 'done' || event.state === 'stopped') {
          this.boards.dropAll();
        }
        this.#changed('state');
        this.#progress(event.state, undefined, null, this.#unplayedBots(event.state));
        return;
    }
  }
}

/** What the UI is told about bots whose program changed: their games stay as they are. */
function changeNotice(changes: readonly ProgramChange[]): string {
  return changes
    .map(({ name, games }) => {
      const count = games.length === 1 ? '1 game' : `${games.length} games`;
      return `${name} changed since its finished games were played (its program's content differs); its ${count} stay as they are`;
    })
    .join('; ');
}
