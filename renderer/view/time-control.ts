import type { TimeControl } from '../../shared/games/types.ts';

/** A short English description of a game's time control, for the UI. */
export function describeTimeControl(tc: TimeControl): string {
  switch (tc.kind) {
    case 'game-total':
      return `${tc.budgetMs / 1000} s per program per game`;
    case 'per-move':
      return `${tc.deadlineMs} ms per move; frozen after ${tc.freezeAfter} late replies in a row`;
  }
}
