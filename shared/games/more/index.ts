import type { GameModule } from '../types.ts';
import { stateFromJson, stateToJson } from './json.ts';
import { afterMove, formatMove, opening, parseReply } from './protocol.ts';
import { renderState } from './render.ts';
import {
  applyMove,
  checkMove,
  gameEnd,
  generateBoard,
  legalMoves,
  scores,
  setupGame,
  toAct,
} from './rules.ts';
import { SEAT_NAMES, type MoreMove, type MoreState } from './state.ts';
import { takeoverMove } from './takeover.ts';

export type { MoreMove, MoreState } from './state.ts';
/** The board's view model for the renderer (drawing data and texts as message keys). */
export { moreView, parseMoreLine } from './board-view.ts';

/**
 * More (CodeCup NIO 2017): White and Black race their four stones across a 6×6 board with walls into
 * each other's start corner, one step or jump per turn; every move is a point and every wall stepped
 * across adds 1 or 2. The score is 10 plus the opponent's points minus one's own, clamped to 0–20.
 * The exact rules as implemented, with every decision where the text is silent: docs/rules/more.md.
 */
export const moreGame: GameModule<MoreState, MoreMove> = {
  info: {
    id: 'more',
    title: 'More',
    seats: 2,
    seatNames: SEAT_NAMES,
    teams: [[0], [1]],
    cooperative: false,
    timeControl: { kind: 'game-total', budgetMs: 30_000 },
    failurePolicy: 'takeover',
    hasBoard: true,
    scoreRange: { min: 0, max: 20 },
    rulesVersion: 'CodeCup NIO 2017 More rules (Dutch), with the decisions of Jury issue 2',
  },
  generateBoard,
  setup: setupGame,
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
