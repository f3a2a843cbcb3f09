import { describe, expect, it } from 'vitest';
import { messageKeys, type Message } from '../message.ts';
import { headerMessages, textProblems, translator } from '../../../test/helpers/board-texts.ts';
import { lessView, parseLessLine } from './board-view.ts';
import { SAMPLE_BOARD } from './facts.ts';
import golden from './golden/seed-2.json' with { type: 'json' };
import { lessGame, type LessState } from './index.ts';
import { lessTexts } from './texts.ts';

/** Made-up seat colours: the renderer's palette gives the real ones. */
const colours = { seats: ['yellow', 'black', 'white', 'red'], neutral: 'gray' };
const seat = (name: string) => ({ key: `game.less.seat.${name}` });
const points = (n: number) => ({ key: 'game.less.legend.points', values: { n }, plural: n });
const english = translator('less', lessTexts, 'en');
const dutch = translator('less', lessTexts, 'nl');

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
  const view = lessView(lessGame.toJson(state), { colours, lastMove, players });
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
    expect(view.areas[0]).toEqual({ seat: 0, x: 6, y: 0, width: 2, height: 2, colour: 'yellow' });
    expect(view.areas.map((a) => [a.x, a.y])).toEqual([
      [6, 0],
      [6, 6],
      [0, 0],
      [0, 6],
    ]);
    expect(view.highlights).toEqual([]);
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'Less', ply: 0 } });
    expect(view.status).toEqual({
      key: 'game.less.status.toMove',
      values: { seat: seat('yellow'), turn: 1, of: 20 },
    });
    expect(english(view.status)).toBe('Yellow to move, turn 1 of 20');
    expect(dutch(view.status)).toBe('Geel aan zet, beurt 1 van 20');
    expect(dutch(view.label)).toBe('Less-bord, zet 0');
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
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'Less', ply: 1 } });
    expect(view.status).toEqual({
      key: 'game.less.status.toMove',
      values: { seat: seat('black'), turn: 1, of: 20 },
    });
    const detail = (n: number) => ({
      key: 'game.less.legend.detail',
      values: { points: points(n), home: 0, of: 4 },
    });
    expect(view.legend.map((e) => [e.name, e.detail, e.toAct])).toEqual([
      [{ key: 'board.seatWithPlayer', values: { seat: seat('yellow'), player: 'ann' } }, detail(3), false],
      [{ key: 'board.seatWithPlayer', values: { seat: seat('black'), player: 'bob' } }, detail(0), true],
      [seat('white'), detail(0), false],
      [seat('red'), detail(0), false],
    ]);
    expect(view.legend.map((e) => [english(e.name), english(e.detail)])).toEqual([
      ['Yellow · ann', '3 points, 0/4 home'],
      ['Black · bob', '0 points, 0/4 home'],
      ['White', '0 points, 0/4 home'],
      ['Red', '0 points, 0/4 home'],
    ]);
    expect(view.legend.map((e) => [dutch(e.name), dutch(e.detail)])).toEqual([
      ['Geel · ann', '3 punten, 0/4 thuis'],
      ['Zwart · bob', '0 punten, 0/4 thuis'],
      ['Wit', '0 punten, 0/4 thuis'],
      ['Rood', '0 punten, 0/4 thuis'],
    ]);
  });

  it('still shows the move that ended the game (parseReply would refuse it then)', () => {
    let state = setup(golden.board);
    for (const line of golden.replies) state = play(state, line);
    const last = golden.replies.at(-1) ?? '';
    expect(last).toBe('e7f7:f7g7');
    const view = viewOf(state, last);
    expect(view.status).toEqual({ key: 'board.over', values: { end: { key: 'board.end.allHome' } } });
    expect(english(view.status)).toBe('Game over: all pieces reached their target corners');
    expect(dutch(view.status)).toBe('Partij afgelopen: alle stukken hebben hun doelhoek bereikt');
    expect(view.highlights.map((h) => h.kind)).toEqual(['from', 'to', 'to']);
    expect(view.legend.map((e) => e.detail.values?.['home'])).toEqual([4, 4, 4, 4]);
  });

  it("draws the rusher's pieces on top and fades the others in the final rush", () => {
    const json = {
      ...(lessGame.toJson(setup()) as Record<string, unknown>),
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rush: { cause: { kind: 'turn-limit' }, queue: [1, 2] },
    };
    const result = lessView(json, { colours, lastMove: 'Move' });
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
    expect(view.status).toEqual({ key: 'game.less.status.rush', values: { seat: seat('black') } });
    expect(english(view.status)).toBe('Final rush: Black is rushing home');
    expect(dutch(view.status)).toBe('Eindsprint: Zwart gaat rechtstreeks naar huis');
    expect(view.highlights).toEqual([]);
  });

  it('returns only keys that have texts in English and Dutch, in every kind of position', () => {
    const messages: Message[] = [...headerMessages(viewOf(setup(), undefined, ['ann', 'bob']))];
    let state = setup(golden.board);
    for (const line of golden.replies) {
      state = play(state, line);
      messages.push(...headerMessages(viewOf(state, line, ['ann', 'bob', 'White', ''])));
    }
    const rush = {
      ...(lessGame.toJson(setup()) as Record<string, unknown>),
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rushPoints: [0, 3, 0, 0],
      rushFailed: [false, false, true, false],
    };
    for (const json of [
      { ...rush, rush: { cause: { kind: 'turn-limit' }, queue: [1, 2] } },
      { ...rush, rush: { cause: { kind: 'turn-limit' }, queue: [] } },
      { ...rush, rush: { cause: { kind: 'stuck', seat: 2 }, queue: [] } },
    ]) {
      const view = lessView(json, { colours, players: ['ann'] });
      if (!view.ok) throw new Error(view.error.message);
      messages.push(...headerMessages(view.value));
    }
    const keys = new Set(messages.flatMap(messageKeys));
    // Every text Less's view can say, and how the game can end in Less.
    expect([...keys].filter((key) => key.startsWith('game.less.')).sort()).toEqual([
      'game.less.legend.detail',
      'game.less.legend.detailRushFailed',
      'game.less.legend.points',
      'game.less.legend.pointsWithRush',
      'game.less.seat.black',
      'game.less.seat.red',
      'game.less.seat.white',
      'game.less.seat.yellow',
      'game.less.status.rush',
      'game.less.status.toMove',
    ]);
    expect(keys).toContain('board.end.stuckRush');
    expect(keys).toContain('board.end.turnLimitRush');
    expect(keys).toContain('board.end.allHome');
    expect(textProblems('less', lessTexts, messages)).toEqual([]);
    const stuck = messages.find((m) => m.key === 'board.over' && JSON.stringify(m).includes('stuckRush'));
    expect(stuck && dutch(stuck)).toBe(
      'Partij afgelopen: Wit had geen reglementaire zet; wie nog niet klaar was, ging rechtstreeks naar huis',
    );
    const failed = messages.find((m) => m.key === 'game.less.legend.detailRushFailed');
    expect(failed && [english(failed), dutch(failed)]).toEqual([
      '60 points, 0/4 home, rush failed',
      '60 punten, 0/4 thuis, eindsprint mislukt',
    ]);
  });

  it("fails with fromJson's message on a bad state", () => {
    const view = lessView({ board: 'nope' }, { colours });
    expect(view.ok).toBe(false);
    if (view.ok) return;
    expect(view.error.message).toMatch(/^invalid Less state: board: /);
    expect(lessView(null, { colours })).toEqual({
      ok: false,
      error: { code: 'bad-state', message: 'invalid Less state: a Less state is a JSON object' },
    });
  });
});
