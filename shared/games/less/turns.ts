import type { Seat } from '../types.ts';
import type { WallGrid } from '../walls/grid.ts';
import { pieceMoves, type PieceMove } from '../walls/moves.ts';
import { TURN_POINTS, partnerOf } from './facts.ts';
import { isHome, isTeamComplete, ownerMap, type LessStep } from './state.ts';

/**
 * Called once for every distinct legal turn: its moves, the points they use, and the pieces after it.
 * `pieces` is the enumerator's working copy and changes after the call returns: copy what you keep.
 */
export type TurnVisitor = (
  steps: readonly LessStep[],
  used: number,
  pieces: readonly (readonly number[])[],
) => void;

/**
 * Visits every legal turn of `seat` from `pieces`, depth first: every sequence of one to three moves
 * whose costs fit in the turn's 3 points, moving the seat's own pieces until its four are home and its
 * partner's from then on (also in the middle of the turn), and ending when the team is complete. Two
 * different sequences are two turns even when they lead to the same position (they are different
 * reply lines); a sequence is never visited twice.
 */
export function forEachTurn(
  grid: WallGrid,
  pieces: readonly (readonly number[])[],
  seat: Seat,
  visit: TurnVisitor,
): void {
  const work = pieces.map((squares) => [...squares]);
  const owner = ownerMap(pieces);
  const occupied = (sq: number): boolean => owner[sq] !== -1;
  const steps: LessStep[] = [];
  const team = seat % 2;

  const extend = (left: number): void => {
    if (steps.length > 0) visit(steps, TURN_POINTS - left, work);
    if (steps.length === 3 || isTeamComplete(work, team)) return;
    const mover = isHome(work, seat) ? partnerOf(seat) : seat;
    const squares = work[mover] as number[];
    for (let i = 0; i < squares.length; i++) {
      const from = squares[i] as number;
      for (const move of pieceMoves(grid, occupied, from)) {
        if (move.cost > left) continue;
        owner[from] = -1;
        owner[move.to] = mover;
        squares[i] = move.to;
        steps.push({ from, to: move.to });
        extend(left - move.cost);
        steps.pop();
        squares[i] = from;
        owner[move.to] = -1;
        owner[from] = mover;
      }
    }
  };
  extend(TURN_POINTS);
}

/**
 * Whether `seat` has at least one legal move (the stuck rule applies when it has none). Every single
 * step or jump costs at most 3, so any move of a piece it may move will do.
 */
export function hasLegalTurn(grid: WallGrid, pieces: readonly (readonly number[])[], seat: Seat): boolean {
  const mover = isHome(pieces, seat) ? partnerOf(seat) : seat;
  const owner = ownerMap(pieces);
  const occupied = (sq: number): boolean => owner[sq] !== -1;
  return (pieces[mover] as readonly number[]).some((sq) => pieceMoves(grid, occupied, sq).length > 0);
}

/** Every move of the rushing `seat`: on a board holding only its own pieces, jumping over those only. */
export function rushMoves(grid: WallGrid, pieces: readonly (readonly number[])[], seat: Seat): PieceMove[] {
  const own = pieces[seat] as readonly number[];
  const occupied = (sq: number): boolean => own.includes(sq);
  return own.flatMap((sq) => pieceMoves(grid, occupied, sq));
}
