import { availableParallelism } from 'node:os';
import type { Competition } from '../../../shared/event/competition.ts';
import { lockState, type LockState } from '../../../shared/event/settings.ts';
import { playingVersion, type Submission } from '../../../shared/event/submission.ts';
import { gameDriver } from '../../../shared/games/driver.ts';
import { backgroundCores, type Launcher } from '../play-match.ts';
import type { ResourceLimits } from '../process/limits.ts';
import type { SandboxCapabilities } from '../process/sandbox.ts';
import { buildSubmission, type SmokeTester } from './build-submission.ts';
import { playCompetition, type Seat } from './competitions.ts';
import type { EventStore } from './event-store.ts';
import { GameGate } from './game-gate.ts';
import { EventRefusal } from './refusal.ts';
import { unpackStored } from './upload.ts';

/** How an event is worked: what EventService is given (see its TSDoc). */
export interface EventServiceOptions {
  /** The event's folder (absolute): `event.sqlite`, `work/`, `competitions/`. */
  readonly folder: string;
  /** The smoke test: the app's smokeTest with processLauncher(), as background work. */
  readonly smokeTest: SmokeTester;
  /** Starts the bots of competitions (the process launcher). */
  readonly launcher: Launcher;
  /** Who works the event, for the lock's message (`jury serve`, `the Jury app`). */
  readonly holder?: string;
  /** The clock of the deadline and every stored time (tests fix it). */
  readonly now?: () => Date;
  /** The builds' time per step (default 60 s), limits (default the bot library's) and sandbox. */
  readonly build?: {
    readonly timeoutMs?: number;
    readonly limits?: ResourceLimits;
    readonly sandbox?: SandboxCapabilities;
  };
  /** Games at once in a competition (default 1). */
  readonly concurrency?: number;
  /** The competitions' tournament seed (default: a random one each). */
  readonly seed?: number;
}

/** A sample bot's name in a test competition; no contestant may take one. */
export function sampleName(sample: string): string {
  return `Sample (${sample})`;
}

/**
 * What the two faces of EventService share: the store, the clock, the queue of builds (one at a time,
 * and never while a competition's game is being played: GameGate) and the one competition at a time.
 */
export class EventCore {
  readonly store: EventStore;
  readonly options: EventServiceOptions;
  #builds: Promise<unknown> = Promise.resolve();
  /** Builds and competition games take turns (see GameGate). */
  readonly #gate = new GameGate();
  #competing = false;

  constructor(store: EventStore, options: EventServiceOptions) {
    this.store = store;
    this.options = options;
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Whether uploads are open now (the organiser's lock, the deadline by the injected clock). */
  lock(): LockState {
    return lockState(this.store.settings(), this.store.lockedByHand(), this.now());
  }

  /** Queues the build and smoke test of a stored submission; resolves with it in its final state. */
  build(id: string): Promise<Submission> {
    const run = this.#builds.then(() => this.#gate.build(() => this.#build(id)));
    this.#builds = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every queued build has ended. */
  async idle(): Promise<void> {
    let seen: Promise<unknown> | null = null;
    while (seen !== this.#builds) {
      seen = this.#builds;
      await seen;
    }
  }

  async #build(id: string): Promise<Submission> {
    const sub = this.store.submission(id);
    if (!sub) throw new Error(`no submission ${id}`);
    const settings = this.store.settings();
    try {
      const unpacked = await unpackStored(sub.kind, sub.fileName, this.store.submissionBytes(id));
      return await buildSubmission(this.store, id, unpacked, {
        game: settings.game,
        smokeTest: this.options.smokeTest,
        ...this.options.build,
        // On the cores the competitions' games leave, at the lowest priority: builds never slow a move.
        background: { cpus: backgroundCores(this.options.concurrency ?? 1, availableParallelism()) },
      });
    } catch (e) {
      // Jury's own fault (a full disk, a vanished folder): the version is not working, and says why.
      const now = this.store.submission(id);
      if (now?.status.state === 'building' || now?.status.state === 'received') {
        if (now.status.state === 'received') this.store.setStatus(id, { state: 'building' });
        this.store.setStatus(id, {
          state: 'build-failed',
          log: `Jury could not build it: ${(e as Error).message}\n`,
        });
      }
      return this.store.submission(id) as Submission;
    }
  }

  /** Each contestant's playing version (their choice, else the latest working one) as a seat. */
  contestantSeats(): Seat[] {
    const seats: Seat[] = [];
    for (const c of this.store.contestants()) {
      const playing = playingVersion(this.store.submissions(c.id), c.chosen);
      const launch = playing ? this.store.launch(playing.id) : null;
      if (playing && launch) seats.push({ name: c.name, contestant: c.id, submission: playing.id, launch });
    }
    return seats;
  }

  /** The game's sample bots as seats (a built-in game's strengths, a package's sample players). */
  sampleSeats(): Seat[] {
    const game = this.store.settings().game;
    const samples = gameDriver(game).samples;
    return samples.map((sample) => ({ name: sampleName(sample), sample }));
  }

  /** Plays a competition of `seats` to its end; `conflict` while another one is being played. */
  async compete(kind: Competition['kind'], seats: readonly Seat[]): Promise<Competition> {
    if (this.#competing)
      throw new EventRefusal('conflict', 'a competition is being played; wait for it to end');
    this.#competing = true;
    try {
      return await playCompetition(this.store, kind, seats, {
        launcher: this.options.launcher,
        gate: this.#gate,
        ...(this.options.concurrency !== undefined ? { concurrency: this.options.concurrency } : {}),
        ...(this.options.seed !== undefined ? { seed: this.options.seed } : {}),
      });
    } finally {
      this.#competing = false;
    }
  }

  /** Whether a competition is being played now. */
  competing(): boolean {
    return this.#competing;
  }
}
