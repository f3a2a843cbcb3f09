import type { GameModule } from '../types.ts';
import { inputError, ok } from '../result.ts';
import { stateFromJson, stateToJson } from './json.ts';
import { afterMove, formatMove, opening, parseReply, SEAT_NAMES, turnDeliveries } from './protocol.ts';
import { renderState } from './render.ts';
import { applyMove, checkMove, gameEnd, legalMoves, missedTurn, scores, toAct } from './rules.ts';
import { FREEZE_AFTER, type FlitMove, type FlitState } from './state.ts';
import { takeoverMove } from './takeover.ts';
import { initialState } from './turn.ts';

export type { FlitMove, FlitState } from './state.ts';
/** The board's view model for the renderer (drawing data and texts as message keys). */
export { flitView, parseFlitLine, type FlitView } from './board-view.ts';

/**
 * Flit (a King-of-the-Hill game by trichoplax): four bots on a 32×32 torus collect neutral pieces that
 * appear at random, by moving pieces next to them. Everything random (the initial pieces, the neutral
 * pieces) comes from the game seed. A late, unreadable or illegal reply counts as not moving
 * ({@link missedTurn}); the takeover player is never needed by the referee, but plays for tests.
 */
export const flitGame: GameModule<FlitState, FlitMove> = {
  info: {
    id: 'flit',
    title: 'Flit',
    seats: 4,
    seatNames: SEAT_NAMES,
    teams: [[0], [1], [2], [3]],
    cooperative: false,
    timeControl: { kind: 'per-move', deadlineMs: 50, freezeAfter: FREEZE_AFTER },
    failurePolicy: 'missed-turn',
    hasBoard: false,
    scoreRange: { min: 0, max: 1 },
    rulesVersion: 'Flit KotH sandbox draft (revision 4 of 13) with the Jury decisions of issue 2',
  },
  generateBoard: () => null,
  setup: (options) =>
    options.board === undefined
      ? ok(initialState(options.seed))
      : inputError('no-board', 'Flit takes no board string: the initial pieces come from the seed'),
  toAct,
  legalMoves,
  checkMove,
  apply: applyMove,
  missedTurn,
  afterMissedTurn: (_before, after) => turnDeliveries(after),
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
