import type { PackageGame } from '../../../shared/games/packages/game.ts';
import type { CaiaEvent } from '../caia/types.ts';
import type { SandboxCapabilities } from '../process/sandbox.ts';
import type { RefereeEvent } from '../referee/referee.ts';
import type { GameRecord } from '../record/schema.ts';
import type { HostedGame } from './game-host.ts';

/** What the game thread is started with (its workerData). */
export interface GameThreadData {
  /** The main thread's probe: the thread adopts it rather than probing (and making cgroup parents) again. */
  readonly caps: SandboxCapabilities;
  /** One Int32: the thread sets it to 1 once it killed its bots for {@link ToGameThread} `kill`. */
  readonly killed: SharedArrayBuffer;
}

/** The main thread's messages to the game thread. */
export type ToGameThread =
  | {
      readonly kind: 'play';
      readonly id: number;
      readonly job: HostedGame;
      /** The facts of the config's game when it is a game package: the thread loads it from its folder. */
      readonly pkg: PackageGame | null;
      /** Which of the game's events the caller wants. */
      readonly events: { readonly referee: boolean; readonly caia: boolean };
    }
  | { readonly kind: 'abort'; readonly id: number }
  /** Kill every bot now (Jury is exiting); answer through {@link GameThreadData.killed}. */
  | { readonly kind: 'kill' };

/**
 * The game thread's messages. Events come in batches, in order, before their game's `done`; in a batch
 * only the last move carries the game state (`state` is absent on the others: they show the same board).
 */
export type FromGameThread =
  | {
      readonly kind: 'events';
      readonly id: number;
      readonly referee: readonly RefereeEvent[];
      readonly caia: readonly CaiaEvent[];
    }
  | { readonly kind: 'done'; readonly id: number; readonly ok: true; readonly record: GameRecord }
  | { readonly kind: 'done'; readonly id: number; readonly ok: false; readonly message: string };
