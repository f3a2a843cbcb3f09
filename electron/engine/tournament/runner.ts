import type {
  GameOutcome,
  NextGames,
  ScheduleContext,
  ScheduledGame,
  ScheduleHistory,
  Scheduler,
} from '../../../shared/tournament/types.ts';
import { outcomeFromSummary, summaryOf, type PlayedRecord } from './outcome.ts';
import type { RecordSummary } from '../record/summary.ts';

/** What the runner needs from the store: the schedule and results, each write atomic and durable. */
export interface RunnerStore {
  history(): ScheduleHistory;
  /** Scheduled games without a result: after a crash they restart from the start. */
  unfinished(): readonly ScheduledGame[];
  /** Stores games before any of them starts. */
  addScheduled(games: readonly ScheduledGame[]): void;
  /** Stores a finished game with its full record (a remote one as its sealed bytes), atomically. */
  finishGame(index: number, outcome: GameOutcome, record: PlayedRecord): void;
}

/** Where a run is: running, paused (no new games start), stopping (finishing the running games), or over. */
export type RunnerState = 'running' | 'paused' | 'stopping' | 'done' | 'stopped' | 'aborted';

/** How far the tournament is, with an estimate of the time left. */
export interface Progress {
  readonly finished: number;
  readonly running: number;
  readonly total: number;
  /** Estimated milliseconds left, from this run's average game time and the concurrency; null before any. */
  readonly etaMs: number | null;
}

/** What a caller can watch while a tournament runs. */
export type RunnerEvent =
  | { readonly kind: 'scheduled'; readonly games: readonly ScheduledGame[] }
  | { readonly kind: 'game-started'; readonly game: ScheduledGame }
  | {
      readonly kind: 'game-finished';
      readonly game: ScheduledGame;
      readonly outcome: GameOutcome;
      /** The record as played: a remote worker's is its sealed bytes, not read on this side. */
      readonly record: PlayedRecord;
      /** What the outcome was made of, with the game's duration. */
      readonly summary: RecordSummary;
    }
  | { readonly kind: 'game-failed'; readonly game: ScheduledGame; readonly error: string }
  | { readonly kind: 'state'; readonly state: RunnerState }
  | { readonly kind: 'progress'; readonly progress: Progress };

/** Where a game runs among the games running at once. */
export interface GameSlot {
  readonly slot: number;
  readonly concurrency: number;
}

/** Options of a {@link TournamentRunner}. */
export interface RunnerOptions {
  readonly store: RunnerStore;
  readonly scheduler: Scheduler;
  readonly context: ScheduleContext;
  /**
   * Plays one scheduled game and returns its record; must stop soon after `signal` aborts. `slot` is
   * the game's place among those running (0 … concurrency − 1, the lowest free one), for CPU pinning.
   */
  readonly play: (game: ScheduledGame, signal: AbortSignal, slot: GameSlot) => Promise<PlayedRecord>;
  readonly concurrency: number;
  readonly onEvent?: (event: RunnerEvent) => void;
  /** Milliseconds, for the ETA; injectable for tests. */
  readonly now?: () => number;
}

/**
 * Runs a tournament: keeps up to `concurrency` games running, asks the format's scheduler for more as
 * results come in (storing every new game before it starts), and stores each finished game atomically.
 * Everything it needs comes from the store, so a run after a crash (or a stop) continues exactly: games
 * that were running restart from the start, finished ones are never played again.
 */
export class TournamentRunner {
  private readonly opts: RunnerOptions;
  private concurrency: number;
  private state: RunnerState = 'running';
  private readonly running = new Map<
    number,
    { promise: Promise<void>; abort: AbortController; slot: number }
  >();
  private queue: ScheduledGame[] = [];
  private wake: () => void = () => {};
  private finishedThisRun = 0;
  /** The history the scheduler last saw: re-reading the store per finished game would cost O(games) each. */
  private history: ScheduleHistory | null = null;
  private finishedBefore = 0;
  private startedAt = 0;

  constructor(options: RunnerOptions) {
    this.opts = options;
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
  }

  /** Runs until the schedule is complete, or the run is stopped or aborted; resolves with the final state. */
  async run(): Promise<RunnerState> {
    const now = this.opts.now ?? Date.now;
    this.startedAt = now();
    this.queue = [...this.opts.store.unfinished()];
    this.history = this.opts.store.history();
    this.finishedBefore = this.history.outcomes.size;
    this.emit({ kind: 'state', state: this.state });
    for (;;) {
      const wakeUp = new Promise<void>((resolve) => (this.wake = resolve));
      if (this.state === 'aborted' || this.state === 'stopping') {
        await Promise.all([...this.running.values()].map((r) => r.promise));
        const final = this.state === 'aborted' ? 'aborted' : 'stopped';
        this.setState(final);
        return final;
      }
      let next: NextGames | null = null;
      while (this.state === 'running' && this.running.size < this.concurrency) {
        const game = this.queue.shift();
        if (game) {
          this.start(game);
          continue;
        }
        this.history = this.opts.store.history();
        next = this.opts.scheduler.next(this.opts.context, this.history);
        if (next.kind !== 'games') break;
        this.opts.store.addScheduled(next.games);
        this.queue.push(...next.games);
        this.emit({ kind: 'scheduled', games: next.games });
      }
      if (this.running.size === 0 && this.state === 'running') {
        if (next?.kind === 'done') {
          this.setState('done');
          return 'done';
        }
        if (next?.kind === 'wait') throw new Error('the scheduler waits for results, but no game is running');
      }
      await Promise.race([wakeUp, ...[...this.running.values()].map((r) => r.promise)]);
    }
  }

  /** No new games start; running ones finish. */
  pause(): void {
    if (this.state === 'running') this.setState('paused');
  }

  /** New games start again after {@link TournamentRunner.pause}. */
  resume(): void {
    if (this.state === 'paused') this.setState('running');
  }

  /** Lets the running games finish, then stops; the rest is played by the next run. */
  finishThenStop(): void {
    if (this.state === 'running' || this.state === 'paused') this.setState('stopping');
  }

  /** Stops at once: running games are killed and not stored; they restart from the start next time. */
  abort(): void {
    if (this.state === 'done' || this.state === 'stopped' || this.state === 'aborted') return;
    this.setState('aborted');
    for (const r of this.running.values()) r.abort.abort();
  }

  /** Changes how many games run at once; takes effect as games finish or start. */
  setConcurrency(n: number): void {
    this.concurrency = Math.max(1, Math.floor(n));
    this.wake();
  }

  /** The current state. */
  get current(): RunnerState {
    return this.state;
  }

  /** How far the tournament is now. */
  progress(): Progress {
    const history = (this.history ??= this.opts.store.history());
    const finished = this.finishedBefore + this.finishedThisRun;
    const total = Math.max(
      this.opts.scheduler.total(this.opts.context, history),
      finished + this.running.size,
    );
    const elapsed = (this.opts.now ?? Date.now)() - this.startedAt;
    const perGame = this.finishedThisRun > 0 ? elapsed / this.finishedThisRun : null;
    // Wall time per finished game already reflects the games running side by side.
    const etaMs = perGame === null ? null : Math.round(perGame * (total - finished));
    return { finished, running: this.running.size, total, etaMs };
  }

  private start(game: ScheduledGame): void {
    const abort = new AbortController();
    const taken = new Set([...this.running.values()].map((r) => r.slot));
    let slot = 0;
    while (taken.has(slot)) slot++;
    this.emit({ kind: 'game-started', game });
    const promise = this.opts
      .play(game, abort.signal, { slot, concurrency: this.concurrency })
      .then((record) => {
        // An aborted game's record is incomplete: it is thrown away and the game restarts next time.
        if (abort.signal.aborted) return;
        const summary = summaryOf(record);
        const outcome = outcomeFromSummary(game, summary);
        this.opts.store.finishGame(game.index, outcome, record);
        this.finishedThisRun += 1;
        this.running.delete(game.index);
        this.emit({ kind: 'game-finished', game, outcome, record, summary });
        this.emit({ kind: 'progress', progress: this.progress() });
      })
      .catch((e: unknown) => {
        this.emit({ kind: 'game-failed', game, error: e instanceof Error ? e.message : String(e) });
        this.abort();
      })
      .finally(() => {
        this.running.delete(game.index);
        this.wake();
      });
    this.running.set(game.index, { promise, abort, slot });
  }

  private setState(state: RunnerState): void {
    this.state = state;
    this.emit({ kind: 'state', state });
    this.wake();
  }

  private emit(event: RunnerEvent): void {
    this.opts.onEvent?.(event);
  }
}
