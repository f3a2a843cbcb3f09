import type { TimeControl } from '../../../shared/games/types.ts';

/**
 * The one rule for a time budget given instead of the game's own (`jury play --budget-ms`, a tournament
 * config's `timing.budgetMs`): under a game-total control it is each program's budget for the whole game,
 * under a per-move control the deadline of every move (the game's other settings stay). Undefined when no
 * budget is given, so the caller passes no control and the game's own applies.
 */
export function budgetControl(game: TimeControl, budgetMs: number | undefined): TimeControl | undefined {
  if (budgetMs === undefined) return undefined;
  return game.kind === 'game-total' ? { kind: 'game-total', budgetMs } : { ...game, deadlineMs: budgetMs };
}
