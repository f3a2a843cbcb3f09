import { describe, expect, it } from 'vitest';
import { squareName } from '../walls/grid.ts';
import { lessGame } from './index.ts';
import { OPEN_BOARD, lessPosition, withWall, type LessPositionSpec } from './position.ts';
import type { LessState } from './state.ts';

function position(spec: LessPositionSpec): LessState {
  const made = lessPosition(spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** The reason `line` is illegal for the seat to act, or null when it is legal. */
function verdict(state: LessState, line: string): string | null {
  const parsed = lessGame.parseReply(state, line);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return lessGame.checkMove(state, parsed.value);
}

function play(state: LessState, line: string): LessState {
  const reason = verdict(state, line);
  if (reason !== null) throw new Error(`${line}: ${reason}`);
  const parsed = lessGame.parseReply(state, line);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return lessGame.apply(state, parsed.value);
}

const squaresOf = (state: LessState, seat: number): string[] =>
  (state.pieces[seat] as number[]).map((s) => squareName(8, s));

// Yellow has a piece on d4 with a single wall to its right (d4|d5) and a double wall above (c4/d4).
let walled = withWall(OPEN_BOARD, 'd4', 'd5', 1);
walled = withWall(walled, 'c4', 'd4', 2);
walled = withWall(walled, 'e2', 'e3', 1);
const yellowOnD4 = position({
  board: walled,
  pieces: { Yellow: ['d4', 'g2', 'h1', 'h2'], Black: ['a1', 'a2', 'b1', 'e3'] },
});

describe('Less moves and their costs', () => {
  it('charges a step 1 plus the walls it crosses, and a jump 1, within 3 points', () => {
    expect(verdict(yellowOnD4, 'd4d3')).toBeNull();
    expect(verdict(yellowOnD4, 'd4d5:d5d6')).toBeNull();
    expect(verdict(yellowOnD4, 'd4d5:d5d6:d6d7')).toBe(
      'move 3 (d6d7) costs 1 point but only 0 are left in this turn',
    );
    expect(verdict(yellowOnD4, 'd4d5:d5d4')).toBe(
      'move 2 (d5d4) costs 2 points but only 1 is left in this turn',
    );
    // A double wall costs 3: it can only be the first and only move of a turn.
    expect(verdict(yellowOnD4, 'd4c4')).toBeNull();
    expect(verdict(yellowOnD4, 'd4c4:c4b4')).toBe(
      'move 2 (c4b4) costs 1 point but only 0 are left in this turn',
    );
    expect(verdict(yellowOnD4, 'd4d3:d3d4:d4c4')).toBe(
      'move 3 (d4c4) costs 3 points but only 1 is left in this turn',
    );
    // A single wall (2) combines with one more 1-point move, in either order.
    expect(verdict(yellowOnD4, 'd4d3:d3d4:d4d5')).toBe(
      'move 3 (d4d5) costs 2 points but only 1 is left in this turn',
    );
    expect(verdict(yellowOnD4, 'd4d3:d3d2:d2d1')).toBeNull();
  });

  it('jumps over exactly one adjacent piece of any colour, never over a wall', () => {
    // Over the Black piece on e3 (d3 must be reached first): d4d3, then d3 jumps over e3 to f3.
    expect(verdict(yellowOnD4, 'd4d3:d3f3')).toBeNull();
    // h1 jumps over h2 to h3 and back, three times in one turn; a jump needs a piece in between.
    expect(verdict(yellowOnD4, 'h1h3:g2g4')).toBe(
      'move 2 (g2g4): a move of two squares must jump over a piece',
    );
    expect(verdict(yellowOnD4, 'h1h3:h3h1:h1h3')).toBeNull();
    // e2|e3 has a wall: no jump from e2 over e3 (first edge walled), nor from e1 over e2 (second edge).
    const jumper = position({
      board: walled,
      pieces: { Yellow: ['e2', 'g2', 'h1', 'h2'], Black: ['a1', 'a2', 'b1', 'e3'] },
    });
    expect(verdict(jumper, 'e2e4')).toBe('move 1 (e2e4): a jump may not cross a wall');
    const sideways = position({
      board: walled,
      pieces: { Yellow: ['e1', 'g2', 'h1', 'h2'], Black: ['a1', 'a2', 'b1', 'e2'] },
    });
    expect(verdict(sideways, 'e1e3')).toBe('move 1 (e1e3): a jump may not cross a wall');
    expect(verdict(yellowOnD4, 'd4f4')).toBe('move 1 (d4f4): a move of two squares must jump over a piece');
  });

  it('moves only orthogonally, one square or one jump, onto empty squares', () => {
    expect(verdict(yellowOnD4, 'd4e5')).toBe('move 1 (d4e5): pieces move only horizontally or vertically');
    expect(verdict(yellowOnD4, 'd4d7')).toBe(
      'move 1 (d4d7): a piece moves one square, or jumps over one adjacent piece',
    );
    expect(verdict(yellowOnD4, 'h1h2')).toBe('move 1 (h1h2): the destination square is not empty');
    expect(verdict(yellowOnD4, 'e4e5')).toBe('move 1 (e4e5): there is no piece on e4');
    expect(verdict(yellowOnD4, 'd4d4')).toBe('move 1 (d4d4): the destination square is not empty');
  });

  it('plays one to three moves a turn, with different pieces if it likes', () => {
    const start = position({});
    expect(verdict(start, 'h1f1:g1g3:h2f2')).toBeNull();
    expect(verdict(start, 'g1f1')).toBeNull();
    expect(lessGame.checkMove(start, { steps: [] })).toBe('a turn has one to three moves; this one has none');
    const four = Array.from({ length: 4 }, () => ({ from: 48, to: 40 }));
    expect(lessGame.checkMove(start, { steps: four })).toBe('a turn has at most three moves; this one has 4');
    expect(lessGame.checkMove(start, { steps: [{ from: 48, to: 64 }] })).toBe(
      'move 1 does not name two squares of the board',
    );
  });

  it('moves only its own pieces until all four are home', () => {
    const start = position({});
    expect(verdict(start, 'b1c1')).toBe(
      "move 1 (b1c1): the piece on b1 is Black's; you move only your own pieces until all four are home",
    );
    expect(verdict(start, 'g7f7')).toBe(
      "move 1 (g7f7): the piece on g7 is White's; you move only your own pieces until all four are home",
    );
  });

  it("moves only its partner's pieces once its own are home, also from the middle of a turn", () => {
    const almost = position({ pieces: { Yellow: ['a7', 'a8', 'b7', 'c8'], Red: ['d1', 'd2', 'e1', 'e2'] } });
    expect(verdict(almost, 'c8b8:g7f7')).toBeNull();
    expect(verdict(almost, 'c8b8:a7a6')).toBe(
      "move 2 (a7a6): your four pieces are home, so you move only White's pieces; the piece on a7 is yours",
    );
    expect(verdict(almost, 'c8b8:d1c1')).toBe(
      "move 2 (d1c1): your four pieces are home, so you move only White's pieces; the piece on d1 is Red's",
    );
    const after = play(almost, 'c8b8:g7f7:f7e7');
    expect(squaresOf(after, 0)).toEqual(['a7', 'a8', 'b7', 'b8']);
    expect(squaresOf(after, 2)).toEqual(['e7', 'g8', 'h7', 'h8']);
    expect(after.charged).toEqual([3, 0, 0, 0]);
    // Yellow keeps its turns, moving White's pieces.
    const home = position({
      pieces: { Yellow: ['a7', 'a8', 'b7', 'b8'], Red: ['d1', 'd2', 'e1', 'e2'] },
      turns: [3, 3, 3, 3],
    });
    expect(lessGame.toAct(home)).toBe(0);
    expect(verdict(home, 'g7f7')).toBeNull();
    expect(verdict(home, 'a7a6')).toBe(
      "move 1 (a7a6): your four pieces are home, so you move only White's pieces; the piece on a7 is yours",
    );
  });
});

describe('Less turn charges', () => {
  it('charges every turn 3 points, however few it used', () => {
    const after = play(position({}), 'g1f1');
    expect(after.charged).toEqual([3, 0, 0, 0]);
    expect(after.turns).toEqual([1, 0, 0, 0]);
  });

  it('charges the turn that completes the team the points it used, and ends it there', () => {
    // Yellow is home; White's last piece is on c1 and crosses a single wall to b1 (2 points).
    const board = withWall(OPEN_BOARD, 'b1', 'c1', 1);
    const last = position({
      board,
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['e5', 'e6', 'f5', 'f6'],
        White: ['a1', 'a2', 'b2', 'c1'],
        Red: ['d7', 'd8', 'e7', 'e8'],
      },
      turns: [4, 4, 3, 3],
      charged: [12, 12, 9, 9],
    });
    expect(lessGame.toAct(last)).toBe(2);
    expect(verdict(last, 'c1b1:b1c1')).toBe(
      'move 2 (b1c1): all eight pieces of your team are home after move 1, so the turn ends there',
    );
    const done = play(last, 'c1b1');
    expect(done.charged).toEqual([12, 12, 11, 9]);
    expect(done.turns).toEqual([4, 4, 4, 3]);
    // Yellow could have completed it too, moving White's piece: same charge rule.
    const yellowLast = position({
      board,
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['e5', 'e6', 'f5', 'f6'],
        White: ['a1', 'a2', 'b2', 'd1'],
        Red: ['d7', 'd8', 'e7', 'e8'],
      },
      turns: [3, 3, 3, 3],
      charged: [9, 9, 9, 9],
    });
    const byYellow = play(yellowLast, 'd1c1');
    expect(byYellow.charged).toEqual([12, 9, 9, 9]);
    const finished = play(play(play(byYellow, 'e5d5'), 'c1b1'), 'd7c7');
    expect(finished.charged).toEqual([12, 12, 11, 12]);
  });
});

describe('Less legal turns', () => {
  /** Every legal turn found the slow way: extend legal prefixes by every conceivable move, ask checkMove. */
  function oracle(state: LessState): string[] {
    const candidates: { from: number; to: number }[] = [];
    for (let from = 0; from < 64; from++) {
      for (let to = 0; to < 64; to++) {
        const dr = Math.abs(Math.floor(from / 8) - Math.floor(to / 8));
        const dc = Math.abs((from % 8) - (to % 8));
        if ((dr === 0) !== (dc === 0) && dr + dc <= 2) candidates.push({ from, to });
      }
    }
    const found: string[] = [];
    const extend = (prefix: { from: number; to: number }[]): void => {
      if (prefix.length === 3) return;
      for (const c of candidates) {
        const steps = [...prefix, c];
        if (lessGame.checkMove(state, { steps }) !== null) continue;
        found.push(lessGame.formatMove({ steps }));
        extend(steps);
      }
    };
    extend([]);
    return found.sort();
  }

  const cases: [string, LessPositionSpec][] = [
    ['the start', {}],
    [
      'a walled middle game',
      { board: walled, pieces: { Yellow: ['d4', 'g2', 'h1', 'h2'], Black: ['a1', 'a2', 'b1', 'e3'] } },
    ],
    ['a partner switch', { pieces: { Yellow: ['a7', 'a8', 'b7', 'c8'], Red: ['d1', 'd2', 'e1', 'e2'] } }],
    [
      'a team completion',
      {
        pieces: {
          Yellow: ['a7', 'a8', 'b7', 'b8'],
          Black: ['e4', 'e5', 'f4', 'f5'],
          White: ['a1', 'a2', 'b1', 'c2'],
          Red: ['d6', 'd7', 'e6', 'e7'],
        },
      },
    ],
  ];

  for (const [name, spec] of cases) {
    it(`lists every distinct legal turn exactly once: ${name}`, () => {
      const state = position(spec);
      const listed = lessGame.legalMoves(state).map((m) => lessGame.formatMove(m));
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual(oracle(state));
    });
  }

  it('ends the listed turns of a completing move there', () => {
    const state = position(cases[3]?.[1] as LessPositionSpec);
    const listed = lessGame.legalMoves(state).map((m) => lessGame.formatMove(m));
    expect(listed).toContain('c2b2');
    expect(listed.some((line) => line.startsWith('c2b2:'))).toBe(false);
    expect(listed).toContain('c2c3:c3c2:c2b2');
  });
});
