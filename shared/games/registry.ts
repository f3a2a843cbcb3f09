import type { AnyGameModule, GameId } from './types.ts';
import { lessGame } from './less/index.ts';
import { moreGame } from './more/index.ts';
import { game6561 } from './6561/index.ts';
import { flitGame } from './flit/index.ts';

/** Every game Jury can referee, by id. Adding a game is one folder plus one line here. */
export const games: Readonly<Record<GameId, AnyGameModule>> = {
  less: lessGame,
  more: moreGame,
  '6561': game6561,
  flit: flitGame,
};

/** All game ids, in the order the UI lists them. */
export const gameIds: readonly GameId[] = ['less', 'more', '6561', 'flit'];

/** Whether `id` names a registered game. */
export function isGameId(id: string): id is GameId {
  return Object.hasOwn(games, id);
}

/** The game module for `id`, or `undefined` when there is none. */
export function findGame(id: string): AnyGameModule | undefined {
  return isGameId(id) ? games[id] : undefined;
}
