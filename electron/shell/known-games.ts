import { ipcContract } from '../../shared/ipc/contract.ts';
import type { EngineClient } from './engine-client.ts';

/**
 * Main's knowledge of the engine's games. Main checks every response against the contract, and a game
 * package's id is only accepted once main has registered the package, which happens when main parses a
 * `games.list` answer (its package entries register themselves). So main reads the list once before it
 * forwards the first request, and again after every `games.changed` event: a package the engine loaded
 * (at start from the app's package list, or added since) is then accepted in every response.
 */
export interface KnownGames {
  /** Resolves once main has read the games list at least once (never rejects). */
  ready(): Promise<void>;
  /** Reads the games list again (after `games.changed`); resolves when it is registered. */
  refresh(): Promise<void>;
}

/** Reads the games list through `engine`; `log` hears why a read failed (the next one may work). */
export function knownGames(
  engine: Pick<EngineClient, 'request'>,
  log: (message: string) => void,
): KnownGames {
  let first: Promise<void> | null = null;
  const read = async (): Promise<void> => {
    try {
      const list = await engine.request('games.list', undefined);
      ipcContract.requests['games.list'].response.parse(list);
    } catch (e) {
      log(`could not read the engine's games: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return {
    ready() {
      first ??= read();
      return first;
    },
    refresh() {
      first = read();
      return first;
    },
  };
}
