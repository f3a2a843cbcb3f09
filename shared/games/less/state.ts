import type { GameEnd } from '../end.ts';
import type { InputError, Result } from '../result.ts';
import { ok } from '../result.ts';
import type { Seat, SetupOptions } from '../types.ts';
import { parseWallGrid, type WallGrid } from '../walls/grid.ts';
import { generateTiledBoard } from '../walls/tiles.ts';
import type { Seed } from '../../random/prng.ts';
import { SIZE, START_SQUARES, TARGET_SQUARES, TEAMS, partnerOf } from './facts.ts';

/** One move of one piece, `from` and `to` as square indexes (0 = a1 … 63 = h8). */
export interface LessStep {
  readonly from: number;
  readonly to: number;
}

/**
 * What one reply line means: in normal play a whole turn of one to three moves (`h1f1:g1g3`); in the
 * final rush exactly one move per line.
 */
export interface LessMove {
  readonly steps: readonly LessStep[];
}

/** Why the final rush started: the 20-turn limit, or `seat` had no legal move. */
export type RushCause = { readonly kind: 'turn-limit' } | { readonly kind: 'stuck'; readonly seat: Seat };

/** The final rush: why it started and who still has to rush, in order (the first is rushing now). */
export interface LessRush {
  readonly cause: RushCause;
  readonly queue: readonly Seat[];
}

/**
 * A position of Less. Immutable: the rule functions return new states and share unchanged parts.
 * Who acts is derived (see {@link actorOf}), so it can never disagree with the counters.
 */
export interface LessState {
  /** The 112-character board string the game is played on. */
  readonly board: string;
  /** The parsed board string. */
  readonly grid: WallGrid;
  /** Each seat's four piece squares, ascending. */
  readonly pieces: readonly (readonly number[])[];
  /** Normal turns played by each seat. */
  readonly turns: readonly number[];
  /** Points charged to each seat for its normal turns (3 a turn, the points used for the completing turn). */
  readonly charged: readonly number[];
  /** Moves each seat made in the final rush. */
  readonly rushMoves: readonly number[];
  /** Points each seat spent in the final rush (including the judge's completion of a failed rush). */
  readonly rushPoints: readonly number[];
  /** Seats that did not bring their pieces home within the rush move limit: they score 0. */
  readonly rushFailed: readonly boolean[];
  /** The final rush, or `null` during normal play. */
  readonly rush: LessRush | null;
}

/** A fresh board string: 16 stand-in tiles from the double set, drawn with the seeded PRNG. */
export function generateLessBoard(seed: Seed): string {
  return generateTiledBoard(seed, SIZE / 2);
}

/** The starting position on the given board string, or on the board generated from the seed. */
export function setupLess(options: SetupOptions): Result<LessState, InputError> {
  const board = options.board ?? generateLessBoard(options.seed);
  const grid = parseWallGrid(SIZE, board);
  if (!grid.ok) return grid;
  return ok({
    board,
    grid: grid.value,
    pieces: START_SQUARES,
    turns: [0, 0, 0, 0],
    charged: [0, 0, 0, 0],
    rushMoves: [0, 0, 0, 0],
    rushPoints: [0, 0, 0, 0],
    rushFailed: [false, false, false, false],
    rush: null,
  });
}

/** Whether all four pieces of `seat` are in its target corner. */
export function isHome(pieces: readonly (readonly number[])[], seat: Seat): boolean {
  const target = TARGET_SQUARES[seat] as readonly number[];
  return (pieces[seat] as readonly number[]).every((sq) => target.includes(sq));
}

/** Whether both players of `team` (0 or 1) have all their pieces home. */
export function isTeamComplete(pieces: readonly (readonly number[])[], team: number): boolean {
  return (TEAMS[team] as readonly Seat[]).every((seat) => isHome(pieces, seat));
}

/** Whether the team of `seat` still plays normal turns (it is not complete). */
export function isActive(pieces: readonly (readonly number[])[], seat: Seat): boolean {
  return !isTeamComplete(pieces, seat % 2);
}

/** Whose pieces `seat` moves now: its own until all four are home, then its partner's. */
export function moverOf(pieces: readonly (readonly number[])[], seat: Seat): Seat {
  return isHome(pieces, seat) ? partnerOf(seat) : seat;
}

/** The next seat after `seat` in playing order whose team is not complete, or `null` if none is left. */
export function nextActive(pieces: readonly (readonly number[])[], seat: Seat): Seat | null {
  for (let k = 1; k <= 4; k++) {
    const next = (seat + k) % 4;
    if (isActive(pieces, next)) return next;
  }
  return null;
}

/**
 * The seat that must act, or `null` when the game is over. In the rush it is the head of the queue. In
 * normal play it is the active seat with the fewest turns, the earliest in playing order on a tie: this
 * is exactly the round-robin order, also after a team has finished and its seats are skipped.
 */
export function actorOf(state: LessState): Seat | null {
  if (state.rush) return state.rush.queue[0] ?? null;
  let best: Seat | null = null;
  for (let seat = 0; seat < 4; seat++) {
    if (!isActive(state.pieces, seat)) continue;
    if (best === null || (state.turns[seat] as number) < (state.turns[best] as number)) best = seat;
  }
  return best;
}

/** How the game ended, or `null` while it runs. */
export function endOf(state: LessState): GameEnd | null {
  if (state.rush) {
    if (state.rush.queue.length > 0) return null;
    const { cause } = state.rush;
    return cause.kind === 'stuck' ? { kind: 'stuck-rush', seat: cause.seat } : { kind: 'turn-limit-rush' };
  }
  return actorOf(state) === null ? { kind: 'all-home' } : null;
}

/** An occupancy map of the board: the seat on each square, or -1. */
export function ownerMap(pieces: readonly (readonly number[])[]): Int8Array {
  const owner = new Int8Array(SIZE * SIZE).fill(-1);
  pieces.forEach((squares, seat) => {
    for (const sq of squares) owner[sq] = seat;
  });
  return owner;
}

/** `pieces` with one piece of `seat` moved from `from` to `to`, keeping the squares ascending. */
export function movePiece(
  pieces: readonly (readonly number[])[],
  seat: Seat,
  from: number,
  to: number,
): readonly (readonly number[])[] {
  return pieces.map((squares, s) =>
    s === seat ? squares.map((sq) => (sq === from ? to : sq)).sort((a, b) => a - b) : squares,
  );
}

/** A copy of `values` with `values[index]` replaced. */
export function withAt<T>(values: readonly T[], index: number, value: T): readonly T[] {
  return values.map((v, i) => (i === index ? value : v));
}
