import type { GameModule } from '../types.ts';
import { RUSH_MOVE_LIMIT, SEAT_NAMES, TEAMS } from './facts.ts';
import { lessFromJson, lessToJson } from './json.ts';
import { formatLessMove, lessAfterMove, lessOpening, parseLessReply } from './protocol.ts';
import { renderLess } from './render.ts';
import { applyLessMove, checkLessMove } from './rules.ts';
import { lessScores } from './scores.ts';
import { actorOf, endOf, generateLessBoard, setupLess, type LessMove, type LessState } from './state.ts';
import { lessTakeover } from './takeover.ts';
import { forEachTurn, rushMoves } from './turns.ts';

export type { LessMove, LessState, LessStep } from './state.ts';
/** The board's view model for the renderer (drawing data and texts as message keys). */
export { lessView, parseLessLine } from './board-view.ts';

/** Every legal move of the seat to act: all distinct turns in normal play, all single moves in the rush. */
function legalMoves(state: LessState): readonly LessMove[] {
  const seat = actorOf(state);
  if (seat === null) return [];
  if (state.rush)
    return rushMoves(state.grid, state.pieces, seat).map(({ from, to }) => ({ steps: [{ from, to }] }));
  const out: LessMove[] = [];
  forEachTurn(state.grid, state.pieces, seat, (steps) => out.push({ steps: [...steps] }));
  return out;
}

/**
 * Less, CodeCup 2017, four players in two teams on an 8×8 board with walls, with the decisions of Jury
 * issue 2 (docs/rules/less.md): a move is one reply line (a turn of up to three moves, or one rush move).
 */
export const lessGame: GameModule<LessState, LessMove> = {
  info: {
    id: 'less',
    title: 'Less',
    seats: 4,
    seatNames: SEAT_NAMES,
    teams: TEAMS,
    cooperative: false,
    timeControl: { kind: 'game-total', budgetMs: 30_000 },
    failurePolicy: 'takeover',
    hasBoard: true,
    scoreRange: { min: 0, max: 20 },
    rulesVersion: 'Less, CodeCup 2017 (four players), with the decisions of Jury issue 2',
  },
  generateBoard: generateLessBoard,
  setup: setupLess,
  toAct: actorOf,
  legalMoves,
  checkMove: checkLessMove,
  apply: applyLessMove,
  end: endOf,
  ruleFailures: (state) =>
    state.rushFailed.map((failed) =>
      failed ? `its pieces were not home after ${RUSH_MOVE_LIMIT} moves of the final rush` : null,
    ),
  scores: lessScores,
  takeover: lessTakeover,
  opening: lessOpening,
  afterMove: lessAfterMove,
  parseReply: parseLessReply,
  formatMove: formatLessMove,
  toJson: lessToJson,
  fromJson: lessFromJson,
  render: renderLess,
};
