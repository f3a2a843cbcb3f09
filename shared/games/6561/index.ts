import type { GameModule } from '../types.ts';
import { inputError, ok } from '../result.ts';
import { afterMove, formatMove, opening, parseReply, SEAT_NAMES } from './protocol.ts';
import { renderState } from './render.ts';
import { applyMove, checkMove, gameEnd, legalMoves, scores, toAct } from './rules.ts';
import { initialState, stateFromJson, stateToJson, type Move6561, type State6561 } from './state.ts';
import { takeoverMove } from './takeover.ts';

export type { Move6561, State6561 } from './state.ts';
/** The board's view model for the renderer (drawing data and texts as message keys). */
export { parse6561Line, view6561, type Colours6561, type View6561 } from './board-view.ts';

/**
 * 6561 (CodeCup 2016): a cooperative game for players A and B on a 4×4 board. They follow a fixed rhythm
 * of placing blue, red and gray 1-pieces and sliding the board; both score the largest board sum reached.
 * The game has no board string and no randomness; a failed program is replaced by seeded random moves.
 */
export const game6561: GameModule<State6561, Move6561> = {
  info: {
    id: '6561',
    title: '6561',
    seats: 2,
    seatNames: SEAT_NAMES,
    teams: [[0], [1]],
    cooperative: true,
    timeControl: { kind: 'game-total', budgetMs: 60_000 },
    failurePolicy: 'takeover',
    hasBoard: false,
    scoreRange: { min: 0, max: null },
    rulesVersion: 'CodeCup 2016 6561 rules',
  },
  generateBoard: () => null,
  setup: (options) =>
    options.board === undefined
      ? ok(initialState())
      : inputError('no-board', '6561 is always played from the empty board; it takes no board string'),
  toAct,
  legalMoves,
  checkMove,
  apply: applyMove,
  end: gameEnd,
  scores,
  takeover: takeoverMove,
  opening,
  afterMove,
  parseReply,
  formatMove,
  toJson: stateToJson,
  fromJson: stateFromJson,
  render: renderState,
};
