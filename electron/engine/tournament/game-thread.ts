import { Worker } from 'node:worker_threads';
import { gameDriver } from '../../../shared/games/driver.ts';
import type { CaiaEvent } from '../caia/types.ts';
import { registerElsewhere, sandboxCapabilities, type SandboxCapabilities } from '../process/index.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import type { GameRecord } from '../record/schema.ts';
import { threadFile } from '../thread-file.ts';
import type { GameHost, HostedGame } from './game-host.ts';
import type { FromGameThread, GameThreadData, ToGameThread } from './game-thread-protocol.ts';

/** How long Jury's exit waits for the game thread to kill its bots. */
const KILL_WAIT_MS = 2000;

interface Playing {
  readonly resolve: (record: GameRecord) => void;
  readonly reject: (e: Error) => void;
  readonly onEvent: ((event: RefereeEvent) => void) | undefined;
  readonly onCaiaEvent: ((event: CaiaEvent) => void) | undefined;
}

/**
 * The game thread: a worker thread of this process that plays whole games (game-thread-script.ts), so
 * that what the main thread does meanwhile (store writes, garbage collection, `jury serve`'s spectators
 * and uploads) never delays a bot's reply being read and timed. Started at the first game; it keeps the
 * process alive only while games are under way. A thread that died fails its games (the runner reports
 * them) and is started again at the next. Jury's exit ({@link killAllBots}) kills its bots too.
 */
export class GameThread implements GameHost {
  readonly #caps: SandboxCapabilities | undefined;
  readonly #killed = new Int32Array(new SharedArrayBuffer(4));
  readonly #playing = new Map<number, Playing>();
  #worker: Worker | null = null;
  #next = 1;

  /** `caps`: what bots may use (default: this machine's, probed once); tests pass less. */
  constructor(caps?: SandboxCapabilities) {
    this.#caps = caps;
    registerElsewhere({ killNow: () => this.#killNow() });
  }

  play(
    job: HostedGame,
    signal: AbortSignal,
    onEvent?: (event: RefereeEvent) => void,
    onCaiaEvent?: (event: CaiaEvent) => void,
  ): Promise<GameRecord> {
    return new Promise((resolve, reject) => {
      const worker = this.#start();
      const id = this.#next++;
      const abort = (): void => worker.postMessage({ kind: 'abort', id } satisfies ToGameThread);
      const settled = (): void => {
        signal.removeEventListener('abort', abort);
        this.#playing.delete(id);
        if (this.#playing.size === 0) worker.unref();
      };
      this.#playing.set(id, {
        resolve: (record) => (settled(), resolve(record)),
        reject: (e) => (settled(), reject(e)),
        onEvent,
        onCaiaEvent,
      });
      worker.ref();
      const message: ToGameThread = {
        kind: 'play',
        id,
        job,
        pkg: gameDriver(job.config.game).carried.package ?? null,
        events: { referee: onEvent !== undefined, caia: onCaiaEvent !== undefined },
      };
      worker.postMessage(message);
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    });
  }

  /** Ends the thread (its games fail); the next game starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    if (worker) await worker.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const data: GameThreadData = {
      caps: this.#caps ?? sandboxCapabilities(),
      killed: this.#killed.buffer as SharedArrayBuffer,
    };
    const worker = new Worker(threadFile('game-thread'), { workerData: data, name: 'game-thread' });
    worker.on('message', (message: FromGameThread) => this.#receive(message));
    const gone = (why: string): void => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      for (const playing of [...this.#playing.values()]) playing.reject(new Error(why));
    };
    worker.on('error', (e) => gone(`the game thread failed: ${e.message}`));
    worker.on('exit', (code) => gone(`the game thread stopped (exit code ${code})`));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #receive(message: FromGameThread): void {
    const playing = this.#playing.get(message.id);
    if (!playing) return;
    if (message.kind === 'done') {
      if (message.ok) playing.resolve(message.record);
      else playing.reject(new Error(message.message));
      return;
    }
    for (const event of withStates(message.referee)) playing.onEvent?.(event);
    for (const event of message.caia) playing.onCaiaEvent?.(event);
  }

  /** Kills the thread's bots and waits (briefly) until it says they are: Jury is exiting. */
  #killNow(): void {
    const worker = this.#worker;
    if (!worker || this.#playing.size === 0) return;
    Atomics.store(this.#killed, 0, 0);
    worker.postMessage({ kind: 'kill' } satisfies ToGameThread);
    Atomics.wait(this.#killed, 0, 0, KILL_WAIT_MS);
  }
}

/** A batch's events with the state of the last move given to the moves sent without one (the same board). */
function withStates(events: readonly RefereeEvent[]): RefereeEvent[] {
  let state: unknown;
  const out: RefereeEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as RefereeEvent;
    // The thread leaves `state` out (the type says every move has one: the ones it hands on do).
    if (e.kind === 'move' && Object.hasOwn(e, 'state')) state = e.state;
    out.push(e.kind === 'move' && !Object.hasOwn(e, 'state') ? { ...e, state } : e);
  }
  return out.reverse();
}

let shared: GameThread | null = null;

/** This process's game thread over this machine's sandbox, made at the first call. */
export function sharedGameThread(): GameThread {
  shared ??= new GameThread();
  return shared;
}
