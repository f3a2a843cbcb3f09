import type { GameEnd } from '../end.ts';
import type { Seat, SetupOptions } from '../types.ts';
import { inputError, ok, type InputError, type Result } from '../result.ts';
import { parseWallGrid, squareName } from '../walls/grid.ts';
import { explainPieceMove, pieceMoves, type PieceMove } from '../walls/moves.ts';
import { generateTiledBoard } from '../walls/tiles.ts';
import type { Seed } from '../../random/prng.ts';
import { homeDistances } from '../walls/home-distances.ts';
import {
  BLACK,
  forSeat,
  isHome,
  MOVE_LIMIT,
  opponent,
  ownerOf,
  points,
  SEAT_NAMES,
  SIZE,
  START_SQUARES,
  TARGET_SQUARES,
  WHITE,
  withSeat,
  type MoreMove,
  type MoreState,
  type PerSeat,
} from './state.ts';

/** The facts of a position, from which {@link settle} derives the rest. */
export type MoreFacts = Pick<MoreState, 'board' | 'grid' | 'stones' | 'moves' | 'penalties'>;

/** A board as the CodeCup judge makes them for More: 9 tiles (3 × 3) from the double stand-in set. */
export function generateBoard(seed: Seed): string {
  return generateTiledBoard(seed, SIZE / 2);
}

/** The start position on the given board (or the board generated from the seed); fails on a bad board. */
export function setupGame(options: SetupOptions): Result<MoreState, InputError> {
  const board = options.board ?? generateBoard(options.seed);
  const grid = parseWallGrid(SIZE, board);
  if (!grid.ok) return inputError(grid.error.code, `More board: ${grid.error.message}`, grid.error.index);
  return ok(
    settle({
      board,
      grid: grid.value,
      stones: [START_SQUARES[WHITE] as readonly number[], START_SQUARES[BLACK] as readonly number[]],
      moves: [0, 0],
      penalties: [0, 0],
    }),
  );
}

/**
 * The whole state from its facts, deciding whose turn it is and whether the game is over, in this order:
 * 1. both seats home: the game ends (`all-home`);
 * 2. 80 moves played in total: the game is cut off (`move-cutoff`);
 * 3. otherwise the seat to move is White when both have moved equally often, else Black; once one seat
 *    is home, always the other;
 * 4. that seat has no legal move at all: the game ends (`stuck-cutoff`, a decision of ours: the protocol
 *    has no way to pass, see docs/rules/more.md).
 * At a cut-off or stuck end every seat not home is charged its minimum remaining points.
 */
export function settle(facts: MoreFacts, known?: PerSeat<number>): MoreState {
  const home: PerSeat<boolean> = [isHome(facts.stones, WHITE), isHome(facts.stones, BLACK)];
  if (home[0] && home[1]) return finish(facts, { kind: 'all-home' }, home, known);
  const total = facts.moves[0] + facts.moves[1];
  if (total >= MOVE_LIMIT) return finish(facts, { kind: 'move-cutoff', moves: total }, home, known);
  const seat = home[0] ? BLACK : home[1] ? WHITE : facts.moves[0] === facts.moves[1] ? WHITE : BLACK;
  const running: MoreState = { ...facts, toAct: seat, end: null, remaining: [0, 0] };
  if (stoneMoves(running, seat).length === 0)
    return finish(facts, { kind: 'stuck-cutoff', seat }, home, known);
  return running;
}

/**
 * The ended state. `known` are remaining points already computed for this very position (a state read back
 * from its JSON): computing them takes a table of every placement (tens of milliseconds), too slow for a
 * live board that shows each finished game.
 */
function finish(facts: MoreFacts, end: GameEnd, home: PerSeat<boolean>, known?: PerSeat<number>): MoreState {
  const remainingOf = (seat: Seat): number =>
    forSeat(home, seat)
      ? 0
      : known
        ? forSeat(known, seat)
        : homeDistances(facts.board, facts.grid, TARGET_SQUARES[seat] as readonly number[]).cost(
            forSeat(facts.stones, seat),
          );
  return { ...facts, toAct: null, end, remaining: [remainingOf(WHITE), remainingOf(BLACK)] };
}

/** Every step and jump of `seat`'s stones in this position (stones of both colours block and can be jumped). */
export function stoneMoves(state: Pick<MoreState, 'grid' | 'stones'>, seat: Seat): PieceMove[] {
  const occupied = (sq: number): boolean => ownerOf(state, sq) !== null;
  return forSeat(state.stones, seat).flatMap((from) => pieceMoves(state.grid, occupied, from));
}

/** Every legal move of the seat to move, stone by stone in list order; empty when the game is over. */
export function legalMoves(state: MoreState): MoreMove[] {
  if (state.toAct === null) return [];
  return stoneMoves(state, state.toAct).map((m) => ({ from: m.from, to: m.to }));
}

/** `null` when `move` is legal for the seat to move, otherwise the precise reason it is not. */
export function checkMove(state: MoreState, move: MoreMove): string | null {
  const seat = state.toAct;
  if (seat === null) return 'the game is over';
  const isSquare = (sq: number): boolean => Number.isInteger(sq) && sq >= 0 && sq < SIZE * SIZE;
  if (!isSquare(move.from) || !isSquare(move.to)) return 'a move names two squares of the 6×6 board';
  const from = squareName(SIZE, move.from);
  const to = squareName(SIZE, move.to);
  const owner = ownerOf(state, move.from);
  const mover = SEAT_NAMES[seat] as string;
  if (owner === null) return `there is no stone on ${from}`;
  if (owner !== seat)
    return `${from} holds a ${SEAT_NAMES[owner] as string} stone; ${mover} moves only its own stones`;
  if (move.from === move.to) return `${from}${to} does not move: both squares are the same`;
  const found = explainPieceMove(state.grid, (sq) => ownerOf(state, sq) !== null, move.from, move.to);
  return 'reason' in found ? `${from} to ${to}: ${found.reason}` : null;
}

/**
 * The state after the seat to move plays `move`: one more move, plus the wall crossed as penalty points
 * (a jump crosses none). The caller must have checked the move with {@link checkMove}; an unchecked
 * illegal move is a programming error and throws.
 */
export function applyMove(state: MoreState, move: MoreMove): MoreState {
  const seat = state.toAct;
  const found =
    seat === null ? undefined : stoneMoves(state, seat).find((m) => m.from === move.from && m.to === move.to);
  if (seat === null || found === undefined) {
    throw new RangeError(
      `applyMove: ${JSON.stringify(move)} is not legal here (${checkMove(state, move) ?? '?'})`,
    );
  }
  const stones = forSeat(state.stones, seat).map((sq) => (sq === move.from ? move.to : sq));
  return settle({
    board: state.board,
    grid: state.grid,
    stones: withSeat(state.stones, seat, stones),
    moves: withSeat(state.moves, seat, forSeat(state.moves, seat) + 1),
    penalties: withSeat(state.penalties, seat, forSeat(state.penalties, seat) + found.cost - 1),
  });
}

/** The seat to move, or `null` when the game is over. */
export function toAct(state: MoreState): Seat | null {
  return state.toAct;
}

/** How the game ended, or `null` while it runs. */
export function gameEnd(state: MoreState): GameEnd | null {
  return state.end;
}

/**
 * Each seat's score: 10 + the opponent's points − its own points, clamped to 0–20 (the rules' example:
 * 62 − 59 + 10 = 13 and 59 − 62 + 10 = 7). A seat marked in `failed` scores 0; the other keeps its score.
 */
export function scores(state: MoreState, failed: readonly boolean[]): readonly number[] {
  return [WHITE, BLACK].map((seat) =>
    failed[seat] === true ? 0 : scoreFromPoints(points(state, seat), points(state, opponent(seat))),
  );
}

/** The score for `own` points against `theirs`: clamp(10 + theirs − own, 0, 20). */
export function scoreFromPoints(own: number, theirs: number): number {
  return Math.min(20, Math.max(0, 10 + theirs - own));
}
