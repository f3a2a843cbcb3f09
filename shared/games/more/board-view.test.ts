import { describe, expect, it } from 'vitest';
import { headerMessages, textProblems, translator } from '../../../test/helpers/board-texts.ts';
import { messageKeys, type Message } from '../message.ts';
import { moreView, parseMoreLine } from './board-view.ts';
import cutoff from './golden/seed-10-cutoff.json' with { type: 'json' };
import allHome from './golden/seed-4-all-home.json' with { type: 'json' };
import { moreGame, type MoreState } from './index.ts';
import { SAMPLE_BOARD } from './state.ts';
import { moreTexts } from './texts.ts';

/** Made-up seat colours: the renderer's palette gives the real ones. */
const colours = { seats: ['white', 'black'], neutral: 'gray' };
const seat = (name: string) => ({ key: `game.more.seat.${name}` });
const points = (n: number) => ({ key: 'game.more.legend.points', values: { n }, plural: n });
const english = translator('more', moreTexts, 'en');
const dutch = translator('more', moreTexts, 'nl');

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
  const view = moreView(moreGame.toJson(state), { colours, lastMove, players });
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
      { seat: 0, x: 0, y: 0, width: 2, height: 2, colour: 'white' },
      { seat: 1, x: 4, y: 4, width: 2, height: 2, colour: 'black' },
    ]);
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'More', ply: 0 } });
    expect(view.status).toEqual({
      key: 'game.more.status.toMove',
      values: { seat: seat('white'), move: 1, of: 80 },
    });
    expect(english(view.status)).toBe('White to move, move 1 of 80 (fewest penalty points wins)');
    expect(dutch(view.status)).toBe('Wit aan zet, zet 1 van 80 (de minste strafpunten wint)');
  });

  it("highlights the text's first move f6f4, a jump", () => {
    const view = viewOf(play(setup(), 'f6f4'), 'f6f4', ['ann', 'bob']);
    expect(view.highlights).toEqual([
      { x: 5, y: 5, kind: 'from' },
      { x: 3, y: 5, kind: 'to' },
    ]);
    expect(view.steps).toEqual([{ x1: 5.5, y1: 5.5, x2: 3.5, y2: 5.5 }]);
    expect(view.pieces.filter((p) => p.seat === 0).map((p) => [p.cx, p.cy])).toContainEqual([3.5, 5.5]);
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'More', ply: 1 } });
    expect(view.legend.map((e) => [e.name, e.detail, e.toAct])).toEqual([
      [{ key: 'board.seatWithPlayer', values: { seat: seat('white'), player: 'ann' } }, points(1), false],
      [{ key: 'board.seatWithPlayer', values: { seat: seat('black'), player: 'bob' } }, points(0), true],
    ]);
    expect(view.legend.map((e) => [english(e.name), english(e.detail)])).toEqual([
      ['White · ann', '1 penalty point'],
      ['Black · bob', '0 penalty points'],
    ]);
    expect(view.legend.map((e) => [dutch(e.name), dutch(e.detail)])).toEqual([
      ['Wit · ann', '1 strafpunt'],
      ['Zwart · bob', '0 strafpunten'],
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
    const view = moreView(json, { colours, lastMove: 'e4e5' });
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.status).toEqual({ key: 'board.over', values: { end: { key: 'board.end.allHome' } } });
    expect(english(view.value.status)).toBe('Game over: all pieces reached their target corners');
    const home = { key: 'game.more.legend.home', values: { points: points(21) } };
    expect(view.value.legend.map((e) => e.detail)).toEqual([home, home]);
    expect(view.value.legend.map((e) => english(e.detail))).toEqual([
      '21 penalty points, home',
      '21 penalty points, home',
    ]);
    expect(view.value.legend.map((e) => dutch(e.detail))).toEqual([
      '21 strafpunten, thuis',
      '21 strafpunten, thuis',
    ]);
  });

  it('returns only keys that have texts in English and Dutch, through whole games to either end', () => {
    const messages: Message[] = [];
    for (const golden of [allHome, cutoff]) {
      const setup = moreGame.setup({ seed: golden.seed });
      if (!setup.ok) throw new Error(setup.error.message);
      let current = setup.value;
      messages.push(...headerMessages(viewOf(current, undefined, ['ann', 'White'])));
      for (const line of golden.replies) {
        current = play(current, line);
        messages.push(...headerMessages(viewOf(current, line, ['ann', 'bob'])));
      }
    }
    const keys = new Set(messages.flatMap(messageKeys));
    expect([...keys].filter((key) => key.startsWith('game.more.')).sort()).toEqual([
      'game.more.legend.home',
      'game.more.legend.points',
      'game.more.seat.black',
      'game.more.seat.white',
      'game.more.status.toMove',
    ]);
    expect(keys).toContain('board.end.allHome');
    expect(keys).toContain('board.end.moveCutoff');
    expect(textProblems('more', moreTexts, messages)).toEqual([]);
    const over = messages.findLast((m) => m.key === 'board.over');
    expect(over && dutch(over)).toBe(
      'Partij afgelopen: afgebroken na 80 zetten; de resterende afstanden zijn opgeteld',
    );
  });

  it("fails with fromJson's message on a bad state", () => {
    const view = moreView(
      {
        board: SAMPLE_BOARD,
        white: ['a1'],
        black: [],
        moves: [0, 0],
        penalties: [0, 0],
      },
      { colours },
    );
    expect(view.ok).toBe(false);
    expect(!view.ok && view.error.message).toBe(
      'white must list the squares of 4 stones, such as ["a1","a2","b1","b2"]',
    );
  });
});
