import { describe, expect, it } from 'vitest';
import { formatWallGrid, parseSquare, parseWallGrid } from '../walls/grid.ts';
import { homeCost } from '../walls/home-cost.ts';
import { moreGame as game } from './index.ts';
import { scoreFromPoints } from './rules.ts';
import { SAMPLE_BOARD, START_SQUARES, TARGET_SQUARES, type MoreState } from './state.ts';

const sq = (name: string): number => parseSquare(6, name) as number;
const EMPTY_BOARD = '0'.repeat(60);

/** A board string with the given walls, each [square, neighbouring square, 1 or 2]. */
function boardWith(walls: readonly (readonly [string, string, number])[]): string {
  const vertical = new Array<number>(30).fill(0);
  const horizontal = new Array<number>(30).fill(0);
  for (const [a, b, wall] of walls) {
    const lo = Math.min(sq(a), sq(b));
    const hi = Math.max(sq(a), sq(b));
    if (hi === lo + 1) vertical[Math.floor(lo / 6) * 5 + (lo % 6)] = wall;
    else horizontal[lo] = wall;
  }
  return formatWallGrid({ size: 6, vertical, horizontal });
}

/** A position from its facts, through the JSON loader (which derives turn and end). */
function position(
  white: readonly string[],
  black: readonly string[],
  moves: readonly [number, number],
  options: { board?: string; penalties?: readonly [number, number] } = {},
): MoreState {
  const json = {
    board: options.board ?? EMPTY_BOARD,
    white,
    black,
    moves,
    penalties: options.penalties ?? [0, 0],
  };
  const result = game.fromJson(json);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function start(board = EMPTY_BOARD): MoreState {
  const result = game.setup({ seed: 0, board });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Plays reply lines in order, checking each; returns the final state. */
function play(state: MoreState, lines: readonly string[]): MoreState {
  return lines.reduce((s, line) => {
    const parsed = game.parseReply(s, line);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const reason = game.checkMove(s, parsed.value);
    if (reason !== null) throw new Error(`${line}: ${reason}`);
    return game.apply(s, parsed.value);
  }, state);
}

const moveLines = (state: MoreState): string[] => game.legalMoves(state).map((m) => game.formatMove(m));
const check = (state: MoreState, line: string): string | null => {
  const parsed = game.parseReply(state, line);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return game.checkMove(state, parsed.value);
};

describe('More start position and turn order', () => {
  it('puts White on e5 e6 f5 f6 and Black on a1 a2 b1 b2, each aiming at the other corner', () => {
    const state = start();
    expect(game.toJson(state)).toEqual({
      board: EMPTY_BOARD,
      white: ['e5', 'e6', 'f5', 'f6'],
      black: ['a1', 'a2', 'b1', 'b2'],
      moves: [0, 0],
      penalties: [0, 0],
      remaining: [0, 0],
    });
    expect(TARGET_SQUARES).toEqual([START_SQUARES[1], START_SQUARES[0]]);
    expect(game.info.seatNames).toEqual(['White', 'Black']);
    expect(game.toAct(state)).toBe(0);
    expect(game.end(state)).toBeNull();
  });

  it("lists exactly White's first moves: steps to empty squares and jumps over its own stones", () => {
    expect(moveLines(start())).toEqual(['e5d5', 'e5e4', 'e6d6', 'e6e4', 'f5d5', 'f5f4', 'f6d6', 'f6f4']);
  });

  it('alternates White, Black, White, … one move per turn', () => {
    let state = start();
    const actors: (number | null)[] = [];
    for (const line of ['e5d5', 'b2c2', 'd5d4', 'c2c3']) {
      actors.push(game.toAct(state));
      state = play(state, [line]);
    }
    expect(actors).toEqual([0, 1, 0, 1]);
    expect(state.moves).toEqual([2, 2]);
    expect(game.toAct(state)).toBe(0);
  });
});

describe('More moves and their points', () => {
  it('charges a plain step 1 move and no penalty', () => {
    const state = play(start(), ['e5e4']);
    expect(state.moves).toEqual([1, 0]);
    expect(state.penalties).toEqual([0, 0]);
  });

  it('charges a step across a single wall 1 penalty point and across a double wall 2', () => {
    const board = boardWith([
      ['e5', 'e4', 1],
      ['b2', 'c2', 2],
    ]);
    const state = play(start(board), ['e5e4', 'b2c2']);
    expect(state.moves).toEqual([1, 1]);
    expect(state.penalties).toEqual([1, 2]);
    expect(game.toJson(state)).toMatchObject({
      white: ['e4', 'e6', 'f5', 'f6'],
      black: ['a1', 'a2', 'b1', 'c2'],
    });
  });

  it('charges a jump over an own stone 1 move and no penalty', () => {
    const state = play(start(), ['f6f4']);
    expect(state.moves).toEqual([1, 0]);
    expect(state.penalties).toEqual([0, 0]);
    expect(game.toJson(state)).toMatchObject({ white: ['e5', 'e6', 'f5', 'f4'] });
  });

  it("lets a stone jump over an opponent's stone, horizontally and vertically", () => {
    const state = position(['d3', 'e6', 'f5', 'f6'], ['d4', 'c3', 'b1', 'b2'], [5, 5]);
    expect(moveLines(state)).toContain('d3d5');
    expect(moveLines(state)).toContain('d3b3');
    const after = play(state, ['d3d5']);
    expect(after.penalties).toEqual([0, 0]);
    expect(game.toJson(after)).toMatchObject({ white: ['d5', 'e6', 'f5', 'f6'] });
  });

  it('forbids a jump across a wall on either crossed edge, but allows the step across it', () => {
    const near = position(['d3', 'e6', 'f5', 'f6'], ['d4', 'a1', 'b1', 'b2'], [5, 5], {
      board: boardWith([['d3', 'd4', 1]]),
    });
    expect(check(near, 'd3d5')).toBe('d3 to d5: a jump may not cross a wall');
    const far = position(['d3', 'e6', 'f5', 'f6'], ['d4', 'a1', 'b1', 'b2'], [5, 5], {
      board: boardWith([['d4', 'd5', 2]]),
    });
    expect(check(far, 'd3d5')).toBe('d3 to d5: a jump may not cross a wall');
    expect(check(far, 'd3d2')).toBeNull();
  });

  it('gives a precise reason for every other illegal move', () => {
    const state = start();
    expect(check(state, 'a1a3')).toBe('a1 holds a Black stone; White moves only its own stones');
    expect(check(state, 'c3c4')).toBe('there is no stone on c3');
    expect(check(state, 'e5e5')).toBe('e5e5 does not move: both squares are the same');
    expect(check(state, 'e5d4')).toBe('e5 to d4: pieces move only horizontally or vertically');
    expect(check(state, 'e5c5')).toBe('e5 to c5: a move of two squares must jump over a piece');
    expect(check(state, 'e5e3')).toBe('e5 to e3: a move of two squares must jump over a piece');
    expect(check(state, 'e5e6')).toBe('e5 to e6: the destination square is not empty');
    expect(check(state, 'e5b5')).toBe('e5 to b5: a piece moves one square, or jumps over one adjacent piece');
    // A jump over two stones in a row is not a move.
    const row = position(['d1', 'e6', 'f5', 'f6'], ['d2', 'd3', 'b1', 'b2'], [5, 5]);
    expect(check(row, 'd1d4')).toBe('d1 to d4: a piece moves one square, or jumps over one adjacent piece');
    expect(game.checkMove(state, { from: 40, to: 3 })).toBe('a move names two squares of the 6×6 board');
  });

  it("makes Black move only Black's stones", () => {
    const state = play(start(), ['e5d5']);
    expect(check(state, 'e6e5')).toBe('e6 holds a White stone; Black moves only its own stones');
    expect(check(state, 'b2c2')).toBeNull();
  });

  it('does not change the state it is given', () => {
    const state = start();
    const before = JSON.stringify(game.toJson(state));
    play(state, ['f6f4']);
    expect(JSON.stringify(game.toJson(state))).toBe(before);
  });
});

describe('More home corners', () => {
  it('lets the other seat move on alone once one seat is home, until both are home', () => {
    let state = position(['a1', 'a2', 'b1', 'c2'], ['e5', 'e6', 'f5', 'd6'], [20, 20]);
    state = play(state, ['c2b2']); // White is home
    const actors: (number | null)[] = [];
    for (const line of ['d6d5', 'd5d6', 'd6f6']) {
      actors.push(game.toAct(state));
      expect(game.end(state)).toBeNull();
      state = play(state, [line]);
    }
    expect(actors).toEqual([1, 1, 1]);
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(state.moves).toEqual([21, 23]);
  });

  it('ends with all-home when the last stone arrives', () => {
    const state = play(position(['a1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f4'], [15, 14]), ['f4f6']);
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(game.toAct(state)).toBeNull();
    expect(game.legalMoves(state)).toEqual([]);
    expect(game.checkMove(state, { from: 0, to: 2 })).toBe('the game is over');
    expect(state.remaining).toEqual([0, 0]);
    expect(state.moves).toEqual([15, 15]);
    expect(game.scores(state, [false, false])).toEqual([10, 10]);
  });

  it('lets White move on alone when Black gets home first', () => {
    let state = position(['c1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f4'], [14, 13]);
    state = play(state, ['f4f6']); // Black is home, one move after White's 14th
    expect(game.toAct(state)).toBe(0);
    state = play(state, ['c1d1']);
    expect(game.toAct(state)).toBe(0);
    state = play(state, ['d1c1', 'c1a1']);
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(state.moves).toEqual([17, 14]);
  });
});

describe('More cut-off after 80 moves', () => {
  // On the sample board d5|e5 and b2|c2 have no wall, a2|a3 has a single wall.
  const shuffle = (white: readonly string[], black: readonly string[], turns: number): string[] =>
    Array.from({ length: turns }, (_, i) => [white[i % 2] as string, black[i % 2] as string]).flat();

  it('stops after the 80th move of both players together and charges the remaining minimum points', () => {
    const sample = start(SAMPLE_BOARD);
    const lines = shuffle(['e5d5', 'd5e5'], ['b2c2', 'c2b2'], 40);
    const before = play(sample, lines.slice(0, 79));
    expect(game.toAct(before)).toBe(1);
    expect(before.moves).toEqual([40, 39]);
    const after = play(before, lines.slice(79));
    expect(game.toAct(after)).toBeNull();
    expect(game.end(after)).toEqual({ kind: 'move-cutoff', moves: 80 });
    const grid = parseWallGrid(6, SAMPLE_BOARD);
    if (!grid.ok) throw new Error('sample');
    const whiteLeft = homeCost(
      grid.value,
      [sq('e5'), sq('e6'), sq('f5'), sq('f6')],
      TARGET_SQUARES[0] as number[],
    );
    const blackLeft = homeCost(
      grid.value,
      [sq('a1'), sq('a2'), sq('b1'), sq('b2')],
      TARGET_SQUARES[1] as number[],
    );
    expect([whiteLeft, blackLeft]).toEqual([25, 25]);
    expect(after.remaining).toEqual([25, 25]);
    expect(game.scores(after, [false, false])).toEqual([10, 10]);
    expect(game.afterMove(before, { from: sq('c2'), to: sq('b2') }, after)).toEqual([
      { seat: 0, line: 'Quit', last: true },
      { seat: 1, line: 'Quit', last: true },
    ]);
  });

  it('adds the penalties and remaining points and clamps the scores', () => {
    // Black walks back and forth across the single wall a2|a3: 40 penalty points.
    const state = play(start(SAMPLE_BOARD), shuffle(['e5d5', 'd5e5'], ['a2a3', 'a3a2'], 40));
    expect(game.end(state)).toEqual({ kind: 'move-cutoff', moves: 80 });
    expect(state.penalties).toEqual([0, 40]);
    expect(state.remaining).toEqual([25, 25]);
    // White 40 + 0 + 25 = 65, Black 40 + 40 + 25 = 105: 10 + 105 − 65 = 50 → 20, 10 + 65 − 105 = −30 → 0.
    expect(game.scores(state, [false, false])).toEqual([20, 0]);
  });

  it('charges nothing to a seat already home, and the exact minimum to the other', () => {
    const board = SAMPLE_BOARD;
    const before = position(['a1', 'a2', 'b1', 'b2'], ['c3', 'd4', 'c5', 'b6'], [30, 49], {
      board,
      penalties: [3, 6],
    });
    expect(game.toAct(before)).toBe(1);
    const after = play(before, ['b6c6']);
    expect(game.end(after)).toEqual({ kind: 'move-cutoff', moves: 80 });
    const grid = parseWallGrid(6, board);
    if (!grid.ok) throw new Error('sample');
    const left = homeCost(grid.value, ['c3', 'd4', 'c5', 'c6'].map(sq), TARGET_SQUARES[1] as number[]);
    expect(after.remaining).toEqual([0, left]);
    expect(left).toBe(after.remaining[1]);
    // White 30 + 3 = 33; Black 50 + 6 + left.
    expect(game.scores(after, [false, false])).toEqual([
      scoreFromPoints(33, 56 + left),
      scoreFromPoints(56 + left, 33),
    ]);
  });

  it('ends all-home rather than cut off when the 80th move brings the last stone home', () => {
    const before = position(['a1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f4'], [30, 49]);
    const after = play(before, ['f4f6']);
    expect(game.end(after)).toEqual({ kind: 'all-home' });
    expect(after.remaining).toEqual([0, 0]);
  });
});

describe('More stuck seat', () => {
  // Walls that keep Black's start corner from jumping out: a2|a3, b2|b3, b1|c1 and b2|c2.
  const board = boardWith([
    ['a2', 'a3', 1],
    ['b2', 'b3', 1],
    ['b1', 'c1', 1],
    ['b2', 'c2', 2],
  ]);

  it('ends the game when the seat to move has no legal move, charging both their remaining points', () => {
    const before = position(['a3', 'b3', 'c1', 'd2'], ['a1', 'a2', 'b1', 'b2'], [19, 19], { board });
    expect(game.toAct(before)).toBe(0);
    const after = play(before, ['d2c2']);
    expect(game.end(after)).toEqual({ kind: 'stuck-cutoff', seat: 1 });
    expect(game.toAct(after)).toBeNull();
    const grid = parseWallGrid(6, board);
    if (!grid.ok) throw new Error('board');
    expect(after.remaining).toEqual([
      homeCost(grid.value, ['a3', 'b3', 'c1', 'c2'].map(sq), TARGET_SQUARES[0] as number[]),
      homeCost(grid.value, ['a1', 'a2', 'b1', 'b2'].map(sq), TARGET_SQUARES[1] as number[]),
    ]);
    expect(game.afterMove(before, { from: sq('d2'), to: sq('c2') }, after)).toEqual([
      { seat: 0, line: 'Quit', last: true },
      { seat: 1, line: 'Quit', last: true },
    ]);
  });

  it('does not end while a single jump is still open', () => {
    const open = boardWith([
      ['a2', 'a3', 1],
      ['b2', 'b3', 1],
      ['b1', 'c1', 1],
    ]);
    const state = play(
      position(['a3', 'b3', 'c1', 'd2'], ['a1', 'a2', 'b1', 'b2'], [19, 19], { board: open }),
      ['d2c2'],
    );
    expect(game.end(state)).toBeNull();
    expect(moveLines(state)).toEqual(['b2d2']);
  });
});

describe('More scores', () => {
  it("follows the text's example: 62 − 59 + 10 = 13 and 59 − 62 + 10 = 7", () => {
    expect(scoreFromPoints(55 + 4, 60 + 2)).toBe(13);
    expect(scoreFromPoints(60 + 2, 55 + 4)).toBe(7);
  });

  it('clamps to 0–20 and always sums to 20', () => {
    expect(scoreFromPoints(10, 40)).toBe(20);
    expect(scoreFromPoints(40, 10)).toBe(0);
    expect(scoreFromPoints(30, 30)).toBe(10);
    for (let own = 0; own < 60; own += 7)
      for (let theirs = 0; theirs < 60; theirs += 5) {
        expect(scoreFromPoints(own, theirs) + scoreFromPoints(theirs, own)).toBe(20);
      }
  });

  it('scores points as moves plus penalties, and gives a failed seat 0 while the other keeps its score', () => {
    const state = play(
      position(['a1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f4'], [22, 24], { penalties: [4, 1] }),
      ['f4f6'],
    );
    // White 22 + 4 = 26, Black 25 + 1 = 26.
    expect(game.scores(state, [false, false])).toEqual([10, 10]);
    expect(game.scores(state, [true, false])).toEqual([0, 10]);
    expect(game.scores(state, [false, true])).toEqual([10, 0]);
    expect(game.scores(state, [true, true])).toEqual([0, 0]);
  });
});
