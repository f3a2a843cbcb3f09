import { describe, expect, it } from 'vitest';
import { cellAt, CELLS, cellX, cellY, NEUTRAL } from './board.ts';
import { composeState } from './compose.ts';
import { formatMove } from './protocol.ts';
import { applyMove, checkMove, legalMoves, toAct } from './rules.ts';
import { PASS, type FlitMove, type FlitState } from './state.ts';

const move = (x0: number, y0: number, x1: number, y1: number): FlitMove => ({ x0, y0, x1, y1 });
const at = (state: FlitState, x: number, y: number): number => state.board[cellAt(x, y)] ?? -1;

/** Bot 1 (seat 0) to move with pieces at 5 5 and 10 10, bot 2 at 20 20, a neutral at 25 25. */
const spread = composeState({
  pieces: [
    { x: 5, y: 5, c: 1 },
    { x: 10, y: 10, c: 1 },
    { x: 20, y: 20, c: 2 },
    { x: 25, y: 25, c: NEUTRAL },
  ],
});

describe('Flit moves', () => {
  it('accepts a move of an own piece to an empty square next to another own piece', () => {
    expect(checkMove(spread, move(5, 5, 11, 10))).toBeNull();
    expect(checkMove(spread, move(5, 5, 10, 9))).toBeNull();
  });

  it('rejects an origin without an own piece, saying what is there', () => {
    expect(checkMove(spread, move(6, 6, 11, 10))).toBe(
      'the origin 6 6 must hold a piece of bot 1, but it is empty',
    );
    expect(checkMove(spread, move(20, 20, 11, 10))).toBe(
      'the origin 20 20 must hold a piece of bot 1, but it holds a piece of bot 2',
    );
    expect(checkMove(spread, move(25, 25, 11, 10))).toBe(
      'the origin 25 25 must hold a piece of bot 1, but it holds a neutral piece',
    );
  });

  it('rejects a destination that is not empty', () => {
    expect(checkMove(spread, move(5, 5, 10, 10))).toBe(
      'the destination 10 10 must be empty, but it holds your own piece',
    );
    expect(checkMove(spread, move(5, 5, 20, 20))).toBe(
      'the destination 20 20 must be empty, but it holds a piece of bot 2',
    );
  });

  it('rejects a destination whose only own neighbour is the piece that moves', () => {
    expect(checkMove(spread, move(5, 5, 6, 5))).toBe(
      'the destination 6 5 must be next to another piece of bot 1 once the origin 5 5 is vacated, but it is not',
    );
    expect(checkMove(spread, move(5, 5, 19, 20))).toMatch(/must be next to another piece of bot 1/);
    // Diagonal contact is not adjacency.
    expect(checkMove(spread, move(5, 5, 11, 11))).toMatch(/must be next to another piece of bot 1/);
  });

  it('wraps adjacency round the torus', () => {
    const state = composeState({
      pieces: [
        { x: 0, y: 0, c: 1 },
        { x: 10, y: 10, c: 1 },
      ],
    });
    expect(checkMove(state, move(10, 10, 31, 0))).toBeNull();
    expect(checkMove(state, move(10, 10, 0, 31))).toBeNull();
    expect(checkMove(state, move(10, 10, 31, 31))).toMatch(/must be next to another piece/);
  });

  it('accepts not moving on any square, even an empty or foreign one', () => {
    expect(checkMove(spread, move(5, 5, 5, 5))).toBeNull();
    expect(checkMove(spread, move(7, 7, 7, 7))).toBeNull();
    expect(checkMove(spread, move(20, 20, 20, 20))).toBeNull();
    expect(checkMove(spread, PASS)).toBeNull();
  });

  it('rejects coordinates off the board in a move object', () => {
    expect(checkMove(spread, move(5, 5, 32, 10))).toBe('x1 must be a whole number from 0 to 31, got 32');
    expect(checkMove(spread, move(-1, 5, 5, 5))).toBe('x0 must be a whole number from 0 to 31, got -1');
    expect(checkMove(spread, move(5, 1.5, 5, 5))).toBe('y0 must be a whole number from 0 to 31, got 1.5');
  });

  it('checks the pieces of the bot to move, not those of bot 1', () => {
    const state = { ...spread, next: 1 };
    expect(checkMove(state, move(5, 5, 11, 10))).toMatch(
      /must hold a piece of bot 2, but it holds a piece of bot 1/,
    );
  });
});

describe('Flit legal move list', () => {
  it('lists the canonical non-move first, then every real move by origin and destination', () => {
    const state = composeState({
      pieces: [
        { x: 0, y: 0, c: 1 },
        { x: 2, y: 0, c: 1 },
        { x: 5, y: 5, c: 2 },
      ],
    });
    expect(legalMoves(state).map(formatMove)).toEqual([
      '0 0 0 0',
      // From 0 0: the squares next to 2 0 (1 0 is next to both pieces), in cell order.
      '0 0 1 0',
      '0 0 3 0',
      '0 0 2 1',
      '0 0 2 31',
      // From 2 0: the squares next to 0 0, across the wrap too.
      '2 0 1 0',
      '2 0 31 0',
      '2 0 0 1',
      '2 0 0 31',
    ]);
  });

  it('lists exactly the moves checkMove accepts', () => {
    const state = composeState({
      next: 2,
      pieces: [
        { x: 3, y: 3, c: 3 },
        { x: 3, y: 4, c: 3 },
        { x: 4, y: 4, c: 3 },
        { x: 9, y: 30, c: 3 },
        { x: 3, y: 5, c: 1 },
        { x: 2, y: 3, c: NEUTRAL },
        { x: 31, y: 4, c: 2 },
      ],
    });
    const listed = new Set(legalMoves(state).slice(1).map(formatMove));
    const accepted = new Set<string>();
    for (let origin = 0; origin < CELLS; origin++) {
      if (state.board[origin] !== 3) continue;
      for (let destination = 0; destination < CELLS; destination++) {
        const m = move(cellX(origin), cellY(origin), cellX(destination), cellY(destination));
        if (origin !== destination && checkMove(state, m) === null) accepted.add(formatMove(m));
      }
    }
    expect(listed).toEqual(accepted);
    expect(listed.size).toBeGreaterThan(20);
  });

  it('is empty once the game is over', () => {
    expect(legalMoves({ ...spread, passStreak: 4 })).toEqual([]);
    expect(checkMove({ ...spread, passStreak: 4 }, PASS)).toBe('the game is over');
  });
});

describe('Flit applying a move', () => {
  /** Bot 1 at 5 5 and 5 6; neutrals above and right of 6 5, and one diagonal to it. */
  const beside = composeState({
    seed: 3,
    pieces: [
      { x: 5, y: 5, c: 1 },
      { x: 5, y: 6, c: 1 },
      { x: 6, y: 3, c: NEUTRAL }, // two squares above 6 5: not adjacent
      { x: 7, y: 5, c: NEUTRAL },
      { x: 6, y: 4, c: NEUTRAL },
      { x: 7, y: 6, c: NEUTRAL }, // diagonal to 6 5
    ],
  });

  it('moves the piece and converts every neutral piece next to the destination, in neighbour order', () => {
    const after = applyMove(beside, move(5, 6, 6, 5));
    expect(at(after, 5, 6)).toBe(0);
    expect(at(after, 6, 5)).toBe(1);
    expect(at(after, 6, 4)).toBe(1);
    expect(at(after, 7, 5)).toBe(1);
    expect(at(after, 7, 6)).toBe(NEUTRAL);
    expect(at(after, 6, 3)).toBe(NEUTRAL);
    expect(after.changes.slice(0, 4)).toEqual([
      { x: 5, y: 6, c: 0 },
      { x: 6, y: 5, c: 1 },
      { x: 6, y: 4, c: 1 },
      { x: 7, y: 5, c: 1 },
    ]);
    expect(after.counts.slice(1, 5)).toEqual([4, 0, 0, 0]);
    expect(after.turns).toBe(1);
    expect(after.passStreak).toBe(0);
    expect(after.seats[0]?.moves).toBe(1);
    expect(toAct(after)).toBe(1);
  });

  it('converts across the wrap', () => {
    const state = composeState({
      pieces: [
        { x: 0, y: 5, c: 1 },
        { x: 0, y: 6, c: 1 },
        { x: 31, y: 7, c: NEUTRAL },
      ],
    });
    const after = applyMove(state, move(0, 5, 0, 7));
    expect(at(after, 31, 7)).toBe(1);
    expect(after.counts[1]).toBe(3);
  });

  it('does not change the state it was given', () => {
    const copy = new Uint8Array(beside.board);
    applyMove(beside, move(5, 6, 6, 5));
    expect(beside.board).toEqual(copy);
    expect(beside.changes).toEqual([]);
    expect(beside.turns).toBe(0);
  });

  it('counts a non-move as a turn without a move and broadcasts nothing of it', () => {
    const after = applyMove(beside, move(9, 9, 9, 9));
    expect(after.board.subarray(0, 1024).every((v, i) => v === beside.board[i] || v === NEUTRAL)).toBe(true);
    expect(after.changes.every((u) => u.c === NEUTRAL)).toBe(true);
    expect(after.turns).toBe(1);
    expect(after.passStreak).toBe(1);
    expect(after.seats[0]).toMatchObject({ passes: 1, moves: 0 });
  });
});
