import { describe, expect, it } from 'vitest';
import type { Board } from './board.ts';
import { game6561 as game } from './index.ts';
import { RHYTHM } from './rhythm.ts';
import { boardFromRows, type Move6561, type State6561 } from './state.ts';

function board(...rows: string[]): Board {
  const parsed = boardFromRows(rows);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function start(): State6561 {
  const setup = game.setup({ seed: 1 });
  if (!setup.ok) throw new Error(setup.error.message);
  return setup.value;
}

function play(state: State6561, ...lines: string[]): State6561 {
  let s = state;
  for (const line of lines) {
    const move = game.parseReply(s, line);
    if (!move.ok) throw new Error(move.error.message);
    const reason = game.checkMove(s, move.value);
    if (reason !== null) throw new Error(`${line}: ${reason}`);
    s = game.apply(s, move.value);
  }
  return s;
}

const place = (row: number, column: number): Move6561 => ({ kind: 'place', row, column });
const slide = (direction: 'U' | 'D' | 'L' | 'R'): Move6561 => ({ kind: 'slide', direction });

describe('static facts', () => {
  it('is a cooperative game for A and B with a 60 s game budget and takeover', () => {
    expect(game.info).toMatchObject({
      id: '6561',
      seats: 2,
      seatNames: ['A', 'B'],
      teams: [[0], [1]],
      cooperative: true,
      timeControl: { kind: 'game-total', budgetMs: 60_000 },
      failurePolicy: 'takeover',
      hasBoard: false,
      scoreRange: { min: 0, max: null },
    });
    expect(game.generateBoard(5)).toBeNull();
  });

  it('refuses a board string: 6561 always starts empty', () => {
    const given = game.setup({ seed: 1, board: '0000' });
    expect(given.ok).toBe(false);
    if (!given.ok) expect(given.error.code).toBe('no-board');
  });

  it('starts with an empty board, no moves, max sum 0, A to move', () => {
    const s = start();
    expect(s.board.every((f) => f === null)).toBe(true);
    expect(s.moves).toBe(0);
    expect(s.maxSum).toBe(0);
    expect(game.toAct(s)).toBe(0);
  });
});

describe('the rhythm of 10 turns', () => {
  it('is the table of the rules: blue, red, gray, slide, slide, blue, red, gray, slide, slide', () => {
    expect(RHYTHM.map((r) => (r.kind === 'place' ? r.colour : 'slide'))).toEqual([
      'blue',
      'red',
      'gray',
      'slide',
      'slide',
      'blue',
      'red',
      'gray',
      'slide',
      'slide',
    ]);
  });

  it('alternates A and B and places the colour the table prescribes, twice over', () => {
    let s = start();
    const lines = ['11', '12', '13', 'D', 'U', '21', '22', '23', 'D', 'U'];
    const more = ['34', '24', '14', 'D', 'U', '44', '43', '42', 'L', 'R'];
    const seats: (number | null)[] = [];
    for (const line of [...lines, ...more]) {
      seats.push(game.toAct(s));
      s = play(s, line);
    }
    expect(seats).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    expect(s.moves).toBe(20);
  });

  it('places blue at turn 1, red at turn 2, gray at turn 3, blue at 6, red at 7, gray at 8', () => {
    let s = play(start(), '11', '12', '13');
    expect(s.board.slice(0, 3)).toEqual([
      { colour: 'blue', value: 1 },
      { colour: 'red', value: 1 },
      { colour: 'gray', value: 1 },
    ]);
    // Sliding down moves each piece alone in its column, so nothing pairs.
    s = play(s, 'D');
    expect(s.board.slice(12, 15).map((f) => f?.colour)).toEqual(['blue', 'red', 'gray']);
    s = play(s, 'U', '21', '22', '23');
    expect(s.board.slice(4, 7).map((f) => f?.colour)).toEqual(['blue', 'red', 'gray']);
  });

  it('rejects a slide when a placement is due and a placement when a slide is due', () => {
    const s = start();
    expect(game.checkMove(s, slide('U'))).toBe(
      'move 1 (turn 1 of the rhythm) must place a blue piece with a field rk, not slide the board',
    );
    const t = play(s, '11', '12', '13');
    expect(game.checkMove(t, place(4, 4))).toBe(
      'move 4 (turn 4 of the rhythm) must slide the board (U, D, L or R), not place a piece',
    );
  });
});

describe('placements', () => {
  it('go on any empty field, row then column from the top left', () => {
    const s = play(start(), '34');
    expect(s.board[2 * 4 + 3]).toEqual({ colour: 'blue', value: 1 });
    expect(game.legalMoves(s)).toHaveLength(15);
    expect(game.legalMoves(start())[0]).toEqual(place(1, 1));
  });

  it('are refused on a taken field, naming the piece', () => {
    const s = play(start(), '34');
    expect(game.checkMove(s, place(3, 4))).toBe('field 34 is taken by a blue 1 (B1)');
  });

  it('are refused off the board', () => {
    expect(game.checkMove(start(), place(5, 1))).toBe('field 51 is not on the board: row and column are 1–4');
  });
});

describe('slides', () => {
  it('must change the board', () => {
    // B1 R1 G1 in the top row: U changes nothing; D moves them; L and R pair B1 with R1 and remove them.
    const s = play(start(), '11', '12', '13');
    expect(game.checkMove(s, slide('U'))).toBe(
      'sliding up (U) does not change the board, so it is not a valid move',
    );
    expect(game.legalMoves(s)).toEqual([slide('D'), slide('L'), slide('R')]);
    const left = play(s, 'L');
    expect(left.board.slice(0, 4)).toEqual([{ colour: 'gray', value: 1 }, null, null, null]);
  });
});

describe('the end of the game', () => {
  it('ends when a placement is due on a full board: no-valid-move for the seat to place', () => {
    const full = board('B1 R1 B1 R1', 'R1 B1 R1 B1', 'B1 R1 B1 R1', 'R1 B1 R1 B1');
    const s: State6561 = { board: full, moves: 5, maxSum: 16 };
    expect(game.end(s)).toEqual({ kind: 'no-valid-move', seat: 1 });
    expect(game.toAct(s)).toBeNull();
    expect(game.legalMoves(s)).toEqual([]);
    expect(game.checkMove(s, place(1, 1))).toBe('the game is over after 5 moves; no move can be made');
  });

  it('ends when a slide is due and no slide changes a full board without equal neighbours', () => {
    const stuck = board('B1 B3 B1 B3', 'B3 B1 B3 B1', 'B1 B3 B1 B3', 'B3 B1 B3 B1');
    expect(game.end({ board: stuck, moves: 3, maxSum: 32 })).toEqual({ kind: 'no-valid-move', seat: 1 });
    expect(game.end({ board: stuck, moves: 4, maxSum: 32 })).toEqual({ kind: 'no-valid-move', seat: 0 });
    // The same board with a placement due is also over (full); with one equal pair it is not.
    const pair = board('B1 B1 B3 B1', 'B3 B9 B1 B3', 'B1 B3 B9 B1', 'B3 B1 B3 B9');
    expect(game.end({ board: pair, moves: 3, maxSum: 32 })).toBeNull();
    expect(game.legalMoves({ board: pair, moves: 3, maxSum: 32 })).toEqual([slide('L'), slide('R')]);
  });

  it('ends when the board is empty and a slide is due: no slide changes it', () => {
    // Move 9 slides a board with only B1 and R1 in column 1 away; move 10 (B) then has no valid slide.
    const s: State6561 = { board: board('B1 . . .', 'R1 . . .', '. . . .', '. . . .'), moves: 8, maxSum: 6 };
    const empty = play(s, 'U');
    expect(empty.board.every((f) => f === null)).toBe(true);
    expect(game.end(empty)).toEqual({ kind: 'no-valid-move', seat: 1 });
    expect(game.scores(empty, [false, false])).toEqual([6, 6]);
  });

  it('ends after 1000 moves with move-limit', () => {
    const s: State6561 = {
      board: board('B1 . . .', '. . . .', '. . . .', '. . . .'),
      moves: 1000,
      maxSum: 9,
    };
    expect(game.end(s)).toEqual({ kind: 'move-limit', moves: 1000 });
    expect(game.toAct(s)).toBeNull();
    expect(game.legalMoves(s)).toEqual([]);
    const before: State6561 = { ...s, moves: 999 };
    expect(game.end(before)).toBeNull();
    expect(game.toAct(before)).toBe(1);
  });
});

describe('scoring', () => {
  it('is the largest board sum after any move, not the final one, shared by both', () => {
    // B1, R1, G1 (sum 3), then L removes B1 and R1 (sum 1): the score stays 3.
    const s = play(start(), '11', '12', '13');
    expect(s.maxSum).toBe(3);
    const t = play(s, 'L');
    expect(t.maxSum).toBe(3);
    expect(game.scores(t, [false, false])).toEqual([3, 3]);
  });

  it('gives a failed program 0 while the other keeps the score', () => {
    const s = play(start(), '11', '12', '13');
    expect(game.scores(s, [true, false])).toEqual([0, 3]);
    expect(game.scores(s, [false, true])).toEqual([3, 0]);
    expect(game.scores(s, [true, true])).toEqual([0, 0]);
  });

  it('counts a merge at its new value: B1 B1 B1 slid left is B3 B1, sum 4', () => {
    const s: State6561 = { board: board('B1 B1 B1 .', '. . . .', '. . . .', '. . . .'), moves: 3, maxSum: 3 };
    const t = game.apply(s, slide('L'));
    expect(t.maxSum).toBe(4);
  });
});

describe('apply', () => {
  it('does not change its argument', () => {
    const s = play(start(), '11');
    const copy = JSON.stringify(s);
    game.apply(s, place(2, 2));
    expect(JSON.stringify(s)).toBe(copy);
  });
});
