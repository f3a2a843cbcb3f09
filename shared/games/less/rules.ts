import type { Seat } from '../types.ts';
import { squareName } from '../walls/grid.ts';
import { explainPieceMove } from '../walls/moves.ts';
import { RUSH_MOVE_LIMIT, SEAT_NAMES, SIZE, TARGET_SQUARES, TURN_LIMIT, TURN_POINTS } from './facts.ts';
import { rushPlan } from './rush-plan.ts';
import {
  actorOf,
  isActive,
  isHome,
  isTeamComplete,
  moverOf,
  movePiece,
  nextActive,
  ownerMap,
  withAt,
  type LessMove,
  type LessState,
  type LessStep,
  type RushCause,
} from './state.ts';
import { hasLegalTurn } from './turns.ts';

/** `h1f1`: a step as the protocol writes it (squares out of range show as `??`). */
export function formatStep(step: LessStep): string {
  return `${nameOf(step.from)}${nameOf(step.to)}`;
}

function nameOf(square: number): string {
  return isSquare(square) ? squareName(SIZE, square) : '??';
}

function isSquare(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < SIZE * SIZE;
}

/** `null` when `move` is legal for the seat to act, otherwise the precise reason it is not. */
export function checkLessMove(state: LessState, move: LessMove): string | null {
  const seat = actorOf(state);
  if (seat === null) return 'the game is over';
  const steps: unknown = move?.steps;
  if (!Array.isArray(steps)) return 'a move must list its steps';
  for (const [i, step] of (steps as unknown[]).entries()) {
    const { from, to } = (step ?? {}) as { from?: unknown; to?: unknown };
    if (!isSquare(from) || !isSquare(to)) return `move ${i + 1} does not name two squares of the board`;
  }
  return state.rush
    ? checkRushStep(state, seat, steps as LessStep[])
    : checkTurn(state, seat, steps as LessStep[]);
}

function checkTurn(state: LessState, seat: Seat, steps: readonly LessStep[]): string | null {
  if (steps.length === 0) return 'a turn has one to three moves; this one has none';
  if (steps.length > 3) return `a turn has at most three moves; this one has ${steps.length}`;
  let pieces = state.pieces;
  let left = TURN_POINTS;
  for (const [i, step] of steps.entries()) {
    const label = `move ${i + 1} (${formatStep(step)})`;
    if (isTeamComplete(pieces, seat % 2)) {
      return `${label}: all eight pieces of your team are home after move ${i}, so the turn ends there`;
    }
    const mover = moverOf(pieces, seat);
    const owner = ownerMap(pieces);
    const found = owner[step.from] as number;
    const from = nameOf(step.from);
    if (found === -1) return `${label}: there is no piece on ${from}`;
    if (found !== mover) {
      const whose = found === seat ? 'yours' : `${SEAT_NAMES[found]}'s`;
      return mover === seat
        ? `${label}: the piece on ${from} is ${whose}; you move only your own pieces until all four are home`
        : `${label}: your four pieces are home, so you move only ${SEAT_NAMES[mover]}'s pieces; the piece on ${from} is ${whose}`;
    }
    const explained = explainPieceMove(state.grid, (sq) => owner[sq] !== -1, step.from, step.to);
    if ('reason' in explained) return `${label}: ${explained.reason}`;
    const { cost } = explained.move;
    if (cost > left) {
      const points = cost === 1 ? '1 point' : `${cost} points`;
      return `${label} costs ${points} but only ${left} ${left === 1 ? 'is' : 'are'} left in this turn`;
    }
    left -= cost;
    pieces = movePiece(pieces, mover, step.from, step.to);
  }
  return null;
}

function checkRushStep(state: LessState, seat: Seat, steps: readonly LessStep[]): string | null {
  if (steps.length !== 1)
    return `in the rush every line holds exactly one move; this one has ${steps.length}`;
  const step = steps[0] as LessStep;
  const own = state.pieces[seat] as readonly number[];
  const label = `rush move ${formatStep(step)}`;
  if (!own.includes(step.from)) {
    return `${label}: none of your pieces is on ${nameOf(step.from)} (in the rush only your own pieces are on the board)`;
  }
  const explained = explainPieceMove(state.grid, (sq) => own.includes(sq), step.from, step.to);
  return 'reason' in explained
    ? `${label}: ${explained.reason} (in the rush only your own pieces are on the board)`
    : null;
}

/** The state after a legal move of the seat to act. Throws if the move was not checked and is illegal. */
export function applyLessMove(state: LessState, move: LessMove): LessState {
  const reason = checkLessMove(state, move);
  const seat = actorOf(state);
  if (reason !== null || seat === null)
    throw new Error(`applyLessMove: illegal move: ${reason ?? 'game over'}`);
  return state.rush
    ? applyRushStep(state, seat, move.steps[0] as LessStep)
    : applyTurn(state, seat, move.steps);
}

function stepCost(
  state: LessState,
  pieces: readonly (readonly number[])[],
  step: LessStep,
  rushing: Seat | null,
): number {
  const owner = ownerMap(rushing === null ? pieces : pieces.map((sq, s) => (s === rushing ? sq : [])));
  const explained = explainPieceMove(state.grid, (sq) => owner[sq] !== -1, step.from, step.to);
  if ('reason' in explained) throw new Error(`stepCost: ${explained.reason}`);
  return explained.move.cost;
}

function applyTurn(state: LessState, seat: Seat, steps: readonly LessStep[]): LessState {
  let pieces = state.pieces;
  let used = 0;
  for (const step of steps) {
    used += stepCost(state, pieces, step, null);
    pieces = movePiece(pieces, moverOf(pieces, seat), step.from, step.to);
  }
  // Only the turn that completes the team is charged the points it used; every other turn costs 3.
  const charge = isTeamComplete(pieces, seat % 2) ? used : TURN_POINTS;
  const after: LessState = {
    ...state,
    pieces,
    turns: withAt(state.turns, seat, (state.turns[seat] as number) + 1),
    charged: withAt(state.charged, seat, (state.charged[seat] as number) + charge),
  };
  const next = nextActive(pieces, seat);
  if (next === null) return after;
  if ((after.turns[next] as number) >= TURN_LIMIT) return startRush(after, next, { kind: 'turn-limit' });
  if (!hasLegalTurn(state.grid, pieces, next)) return startRush(after, next, { kind: 'stuck', seat: next });
  return after;
}

/**
 * The rush begins with `first` (the seat that would have moved next) and goes on in playing order over
 * every seat of an unfinished team whose own pieces are not home.
 */
function startRush(state: LessState, first: Seat, cause: RushCause): LessState {
  const queue = [0, 1, 2, 3]
    .map((k) => (first + k) % 4)
    .filter((seat) => isActive(state.pieces, seat) && !isHome(state.pieces, seat));
  return { ...state, rush: { cause, queue } };
}

function applyRushStep(state: LessState, seat: Seat, step: LessStep): LessState {
  const rush = state.rush;
  if (!rush) throw new Error('applyRushStep outside the rush');
  let pieces = movePiece(state.pieces, seat, step.from, step.to);
  const moves = (state.rushMoves[seat] as number) + 1;
  let points = (state.rushPoints[seat] as number) + stepCost(state, state.pieces, step, seat);
  let failed = state.rushFailed[seat] as boolean;
  let queue = rush.queue;
  if (isHome(pieces, seat)) {
    queue = queue.slice(1);
  } else if (moves >= RUSH_MOVE_LIMIT) {
    // The rush failed: the judge brings the pieces home along a cheapest plan and charges its points.
    const target = TARGET_SQUARES[seat] as readonly number[];
    points += rushPlan(state.grid, pieces[seat] as readonly number[], target).cost;
    pieces = pieces.map((squares, s) => (s === seat ? target : squares));
    failed = true;
    queue = queue.slice(1);
  }
  return {
    ...state,
    pieces,
    rushMoves: withAt(state.rushMoves, seat, moves),
    rushPoints: withAt(state.rushPoints, seat, points),
    rushFailed: withAt(state.rushFailed, seat, failed),
    rush: { ...rush, queue },
  };
}
