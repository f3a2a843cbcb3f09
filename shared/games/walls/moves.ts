import { DIRECTIONS, stepFrom, wallBetween, type WallGrid } from './grid.ts';

/** One way a piece can move on a wall grid: a step (cost 1 + walls crossed) or a jump (cost 1). */
export interface PieceMove {
  readonly from: number;
  readonly to: number;
  readonly cost: number;
  readonly jump: boolean;
}

/**
 * Every step and jump of the piece on `from`, shared by Less and More: a step goes to an adjacent empty
 * square and costs 1 plus the wall crossed (0, 1 or 2); a jump goes over exactly one adjacent piece of
 * any colour onto the empty square beyond, only when neither crossed edge has a wall, and costs 1.
 * `occupied(square)` says whether a square holds a piece; `canJumpOver` restricts which pieces may be
 * jumped (Less's rush allows only the player's own, as the others are removed from the board).
 */
export function pieceMoves(
  grid: WallGrid,
  occupied: (square: number) => boolean,
  from: number,
  canJumpOver: (square: number) => boolean = occupied,
): PieceMove[] {
  const out: PieceMove[] = [];
  for (const dir of DIRECTIONS) {
    const next = stepFrom(grid.size, from, dir);
    if (next < 0) continue;
    if (!occupied(next)) {
      out.push({ from, to: next, cost: 1 + wallBetween(grid, from, next), jump: false });
      continue;
    }
    if (!canJumpOver(next)) continue;
    const beyond = stepFrom(grid.size, next, dir);
    if (beyond < 0 || occupied(beyond)) continue;
    if (wallBetween(grid, from, next) === 0 && wallBetween(grid, next, beyond) === 0) {
      out.push({ from, to: beyond, cost: 1, jump: true });
    }
  }
  return out;
}

/**
 * Why the piece on `from` cannot go to `to`, or `null` with the move when it can. Used by both games'
 * legality checks so that a bot is told exactly what was wrong.
 */
export function explainPieceMove(
  grid: WallGrid,
  occupied: (square: number) => boolean,
  from: number,
  to: number,
  canJumpOver: (square: number) => boolean = occupied,
): { readonly move: PieceMove } | { readonly reason: string } {
  const found = pieceMoves(grid, occupied, from, canJumpOver).find((m) => m.to === to);
  if (found) return { move: found };
  if (occupied(to)) return { reason: 'the destination square is not empty' };
  const size = grid.size;
  const dr = Math.floor(to / size) - Math.floor(from / size);
  const dc = (to % size) - (from % size);
  if (dr !== 0 && dc !== 0) return { reason: 'pieces move only horizontally or vertically' };
  const dist = Math.abs(dr) + Math.abs(dc);
  if (dist === 2) {
    const mid = from + (dr / 2) * size + dc / 2;
    if (!occupied(mid)) return { reason: 'a move of two squares must jump over a piece' };
    if (!canJumpOver(mid)) return { reason: 'only your own pieces can be jumped over in the rush' };
    return { reason: 'a jump may not cross a wall' };
  }
  return { reason: 'a piece moves one square, or jumps over one adjacent piece' };
}
