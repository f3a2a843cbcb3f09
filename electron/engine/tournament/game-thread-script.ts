import { parentPort, workerData } from 'node:worker_threads';
import { registerPackageGame } from '../../../shared/games/registry.ts';
import { engineDriver } from '../games/driver.ts';
import { processLauncher } from '../bot-launcher.ts';
import type { CaiaEvent } from '../caia/types.ts';
import { adoptSandboxCapabilities, killAllBots } from '../process/index.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import type { FromGameThread, GameThreadData, ToGameThread } from './game-thread-protocol.ts';
import { gamePlayer } from './game-player.ts';

/**
 * The game thread (game-thread.ts): plays whole games with real bot processes, nothing else, so a bot's
 * reply is read and timed when it arrives whatever the main thread is busy with. A game's events go out
 * in batches (EventBatch), always before its record.
 */

const BATCH_MS = 20;
const STALE_MS = 250;
const port = parentPort;
if (!port) throw new Error('game-thread-script.ts runs only as a worker thread');
const data = workerData as GameThreadData;
adoptSandboxCapabilities(data.caps);
const launcher = processLauncher({ sandbox: data.caps });
const killed = new Int32Array(data.killed);
const games = new Map<number, AbortController>();

const post = (message: FromGameThread): void => port.postMessage(message);

port.on('message', (message: ToGameThread) => {
  if (message.kind === 'play') void play(message);
  else if (message.kind === 'abort') games.get(message.id)?.abort();
  else {
    killAllBots();
    Atomics.store(killed, 0, 1);
    Atomics.notify(killed, 0);
  }
});

async function play(message: Extract<ToGameThread, { kind: 'play' }>): Promise<void> {
  const { id, job } = message;
  const controller = new AbortController();
  games.set(id, controller);
  const batch = new EventBatch(id);
  try {
    // A game package travels with its game: registered here (again, harmlessly) and loaded if need be.
    if (message.pkg) registerPackageGame(message.pkg);
    const ready = await engineDriver(job.config.game).ready();
    if (!ready.ok) throw new Error(ready.error.message);
    const play = gamePlayer(job.config, new Map(job.bots), launcher, {
      ...(job.store === null ? {} : { store: job.store }),
      ...(job.cores === null ? {} : { cores: job.cores }),
      ...(message.events.referee ? { onEvent: (_: unknown, e: RefereeEvent) => batch.referee(e) } : {}),
      ...(message.events.caia ? { onCaiaEvent: (_: unknown, e: CaiaEvent) => batch.caia(e) } : {}),
    });
    const record = await play(job.game, controller.signal, job.slot ?? undefined);
    batch.flush();
    post({ kind: 'done', id, ok: true, record });
  } catch (e) {
    batch.flush();
    post({ kind: 'done', id, ok: false, message: e instanceof Error ? e.message : String(e) });
  } finally {
    games.delete(id);
  }
}

/**
 * One game's events not sent yet. They go in the wake-up that brought them (setImmediate: after the
 * referee's own work on the reply), at most one message per {@link BATCH_MS}: a timer of its own would
 * wake the thread while a bot thinks, on the bot's core (`perf` showed the 20 ms timer this replaced
 * preempting the bots some 60 times a second). Events held back that long go by a timer after
 * {@link STALE_MS} (a bot thinking long), and all of them before the game's record. The game state
 * only with the last move.
 */
class EventBatch {
  readonly #id: number;
  #referee: RefereeEvent[] = [];
  #caia: CaiaEvent[] = [];
  #immediate: NodeJS.Immediate | null = null;
  #timer: NodeJS.Timeout | null = null;
  #sentAt = -Infinity;

  constructor(id: number) {
    this.#id = id;
  }

  referee(event: RefereeEvent): void {
    this.#referee.push(event);
    this.#schedule();
  }

  caia(event: CaiaEvent): void {
    this.#caia.push(event);
    this.#schedule();
  }

  flush(): void {
    if (this.#immediate) clearImmediate(this.#immediate);
    if (this.#timer) clearTimeout(this.#timer);
    this.#immediate = null;
    this.#timer = null;
    if (this.#referee.length === 0 && this.#caia.length === 0) return;
    this.#sentAt = performance.now();
    const events = this.#referee;
    const last = events.findLastIndex((e) => e.kind === 'move');
    const referee = events.map((e, i) => {
      if (e.kind !== 'move' || i === last) return e;
      const { state: _, ...rest } = e;
      return rest as RefereeEvent;
    });
    post({ kind: 'events', id: this.#id, referee, caia: this.#caia });
    this.#referee = [];
    this.#caia = [];
  }

  #schedule(): void {
    if (performance.now() - this.#sentAt >= BATCH_MS) this.#immediate ??= setImmediate(() => this.flush());
    else this.#timer ??= setTimeout(() => this.flush(), STALE_MS);
  }
}
