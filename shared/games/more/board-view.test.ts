import { describe, expect, it } from 'vitest';
import { moreGame, type MoreState } from '../../shared/games/more/index.ts';
import { SAMPLE_BOARD } from '../../shared/games/more/state.ts';
import { moreView, parseMoreLine } from './more-view.ts';
import { NAMED_COLOURS } from './palette.ts';

function setup(): MoreState {
  const state = moreGame.setup({ seed: 1, board: SAMPLE_BOARD });
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

function play(state: MoreState, line: string): MoreState {
  const move = moreGame.parseReply(state, line);
  if (!move.ok) throw new Error(move.error.message);
  expect(moreGame.checkMove(state, move.value)).toBeNull();
  return moreGame.apply(state, move.value);
}

function viewOf(state: MoreState, lastMove?: string, players?: readonly string[]) {
  const view = moreView(moreGame.toJson(state), lastMove, players);
  if (!view.ok) throw new Error(view.error.message);
  return view.value;
}

describe('parseMoreLine', () => {
  it("reads a move with the game's codec, and nothing from other lines", () => {
    const state = setup();
    expect(parseMoreLine(state, 'f6f4\r')).toEqual([{ from: 35, to: 33 }]);
    for (const line of ['Nil', 'Start', 'Quit', 'F6F4', 'a1g1', '', null, undefined]) {
      expect(parseMoreLine(state, line)).toEqual([]);
    }
  });
});

describe('moreView', () => {
  it("draws Figure 1's board: its walls, four stones a side and both target corners", () => {
    const view = viewOf(setup());
    expect(view.size).toBe(6);
    // Figure 1 has 16 single walls and 1 double wall (a4 # a5).
    expect(view.walls.filter((w) => !w.double)).toHaveLength(16);
    expect(view.walls.filter((w) => w.double)).toEqual([{ x1: 4, y1: 0, x2: 4, y2: 1, double: true }]);
    expect(view.pieces.filter((p) => p.seat === 0)).toHaveLength(4);
    expect(view.pieces.filter((p) => p.seat === 1).map((p) => [p.cx, p.cy])).toEqual([
      [0.5, 0.5],
      [1.5, 0.5],
      [0.5, 1.5],
      [1.5, 1.5],
    ]);
    // White must reach a1 a2 b1 b2, Black e5 e6 f5 f6.
    expect(view.areas).toEqual([
      { seat: 0, x: 0, y: 0, width: 2, height: 2, colour: NAMED_COLOURS.White },
      { seat: 1, x: 4, y: 4, width: 2, height: 2, colour: NAMED_COLOURS.Black },
    ]);
    expect(view.label).toBe('More board, ply 0');
    expect(view.status).toBe('White to move, move 1 of 80');
  });

  it("highlights the text's first move f6f4, a jump", () => {
    const view = viewOf(play(setup(), 'f6f4'), 'f6f4', ['ann', 'bob']);
    expect(view.highlights).toEqual([
      { x: 5, y: 5, kind: 'from' },
      { x: 3, y: 5, kind: 'to' },
    ]);
    expect(view.steps).toEqual([{ x1: 5.5, y1: 5.5, x2: 3.5, y2: 5.5 }]);
    expect(view.pieces.filter((p) => p.seat === 0).map((p) => [p.cx, p.cy])).toContainEqual([3.5, 5.5]);
    expect(view.label).toBe('More board, ply 1');
    expect(view.legend.map((e) => [e.name, e.detail, e.toAct])).toEqual([
      ['White · ann', '1 point', false],
      ['Black · bob', '0 points', true],
    ]);
  });

  it('shows a stone home and the end of the game', () => {
    const json = {
      board: SAMPLE_BOARD,
      white: ['a1', 'a2', 'b1', 'b2'],
      black: ['e5', 'e6', 'f5', 'f6'],
      moves: [20, 21],
      penalties: [1, 0],
    };
    const view = moreView(json, 'e4e5');
    expect(view.ok && view.value.status).toBe('Game over: all pieces reached their target corners');
    expect(view.ok && view.value.legend.map((e) => e.detail)).toEqual(['21 points, home', '21 points, home']);
  });

  it("fails with fromJson's message on a bad state", () => {
    const view = moreView({
      board: SAMPLE_BOARD,
      white: ['a1'],
      black: [],
      moves: [0, 0],
      penalties: [0, 0],
    });
    expect(view.ok).toBe(false);
    expect(!view.ok && view.error.message).toBe(
      'white must list the squares of 4 stones, such as ["a1","a2","b1","b2"]',
    );
  });
});
