import { describe, expect, it } from 'vitest';
import { SAMPLE_BOARD } from '../../shared/games/less/facts.ts';
import golden from '../../shared/games/less/golden/seed-2.json' with { type: 'json' };
import { lessGame, type LessState } from '../../shared/games/less/index.ts';
import { lessView, parseLessLine } from './less-view.ts';
import { NAMED_COLOURS } from './palette.ts';

function setup(board?: string): LessState {
  const state = lessGame.setup(board === undefined ? { seed: 1 } : { seed: 1, board });
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

function play(state: LessState, line: string): LessState {
  const move = lessGame.parseReply(state, line);
  if (!move.ok) throw new Error(move.error.message);
  expect(lessGame.checkMove(state, move.value)).toBeNull();
  return lessGame.apply(state, move.value);
}

function viewOf(state: LessState, lastMove?: string, players?: readonly string[]) {
  const view = lessView(lessGame.toJson(state), lastMove, players);
  if (!view.ok) throw new Error(view.error.message);
  return view.value;
}

describe('parseLessLine', () => {
  it('reads one to three moves, and nothing from lines that are not moves', () => {
    expect(parseLessLine('h1f1:g1g3:h2f2')).toEqual([
      { from: 56, to: 40 },
      { from: 48, to: 50 },
      { from: 57, to: 41 },
    ]);
    expect(parseLessLine(' a1c1\r')).toEqual([{ from: 0, to: 16 }]);
    for (const line of ['Nil', 'Move', 'Quit', '', 'a1a9', 'a1c1:a1c1:a1c1:a1c1', null, undefined]) {
      expect(parseLessLine(line)).toEqual([]);
    }
  });
});

describe('lessView', () => {
  it('draws the starting position of seed 1: four pieces per seat, corners tinted by target', () => {
    const view = viewOf(setup());
    expect(view.size).toBe(8);
    expect([0, 1, 2, 3].map((seat) => view.pieces.filter((p) => p.seat === seat).length)).toEqual([
      4, 4, 4, 4,
    ]);
    // Yellow starts bottom left (g1 g2 h1 h2) and must reach the top right corner a7 a8 b7 b8.
    expect(view.pieces.filter((p) => p.seat === 0).map((p) => [p.cx, p.cy])).toEqual([
      [0.5, 6.5],
      [1.5, 6.5],
      [0.5, 7.5],
      [1.5, 7.5],
    ]);
    expect(view.areas[0]).toEqual({ seat: 0, x: 6, y: 0, width: 2, height: 2, colour: NAMED_COLOURS.Yellow });
    expect(view.areas.map((a) => [a.x, a.y])).toEqual([
      [6, 0],
      [6, 6],
      [0, 0],
      [0, 6],
    ]);
    expect(view.highlights).toEqual([]);
    expect(view.label).toBe('Less board, ply 0');
    expect(view.status).toBe('Yellow to move, turn 1 of 20');
  });

  it("highlights the squares and steps of the last turn on the rules' sample board", () => {
    const view = viewOf(play(setup(SAMPLE_BOARD), 'h2h3:g1g3:g3g4'), 'h2h3:g1g3:g3g4', ['ann', 'bob']);
    expect(view.walls).toHaveLength(30);
    expect(view.highlights).toEqual([
      { x: 1, y: 7, kind: 'from' },
      { x: 2, y: 7, kind: 'to' },
      { x: 0, y: 6, kind: 'from' },
      { x: 2, y: 6, kind: 'to' },
      { x: 3, y: 6, kind: 'to' },
    ]);
    expect(view.steps).toHaveLength(3);
    expect(view.steps[0]).toEqual({ x1: 1.5, y1: 7.5, x2: 2.5, y2: 7.5 });
    expect(view.label).toBe('Less board, ply 1');
    expect(view.status).toBe('Black to move, turn 1 of 20');
    expect(view.legend.map((e) => [e.name, e.detail, e.toAct])).toEqual([
      ['Yellow · ann', '3 points, 0/4 home', false],
      ['Black · bob', '0 points, 0/4 home', true],
      ['White', '0 points, 0/4 home', false],
      ['Red', '0 points, 0/4 home', false],
    ]);
  });

  it('still shows the move that ended the game (parseReply would refuse it then)', () => {
    let state = setup(golden.board);
    for (const line of golden.replies) state = play(state, line);
    const last = golden.replies.at(-1) ?? '';
    expect(last).toBe('e7f7:f7g7');
    const view = viewOf(state, last);
    expect(view.status).toBe('Game over: all pieces reached their target corners');
    expect(view.highlights.map((h) => h.kind)).toEqual(['from', 'to', 'to']);
    expect(view.legend.every((e) => e.detail.endsWith('4/4 home'))).toBe(true);
  });

  it("draws the rusher's pieces on top and fades the others in the final rush", () => {
    const json = {
      ...(lessGame.toJson(setup()) as Record<string, unknown>),
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rush: { cause: { kind: 'turn-limit' }, queue: [1, 2] },
    };
    const result = lessView(json, 'Move');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const view = result.value;
    expect(view.pieces.slice(-4).map((p) => [p.seat, p.faded])).toEqual([
      [1, false],
      [1, false],
      [1, false],
      [1, false],
    ]);
    expect(view.pieces.filter((p) => p.faded)).toHaveLength(12);
    expect(view.status).toBe('Final rush: Black is rushing home');
    expect(view.highlights).toEqual([]);
  });

  it("fails with fromJson's message on a bad state", () => {
    const view = lessView({ board: 'nope' });
    expect(view.ok).toBe(false);
    if (view.ok) return;
    expect(view.error.message).toMatch(/^invalid Less state: board: /);
    expect(lessView(null)).toEqual({
      ok: false,
      error: { code: 'bad-state', message: 'invalid Less state: a Less state is a JSON object' },
    });
  });
});
