import { describe, expect, it } from 'vitest';
import { headerMessages, textProblems, translator } from '../../../test/helpers/board-texts.ts';
import { messageKeys, type Message } from '../message.ts';
import { parse6561Line, view6561 } from './board-view.ts';
import golden from './golden/seed-1.json' with { type: 'json' };
import { game6561, type State6561 } from './index.ts';
import { texts6561 } from './texts.ts';

/** Made-up colours: the renderer's palette gives the real ones. */
const colours = {
  seats: ['seat-a', 'seat-b'],
  neutral: 'gray',
  tiles: { blue: 'tile-blue', red: 'tile-red', gray: 'tile-gray' },
};
const seat = (name: string) => ({ key: `game.6561.seat.${name}` });
const moves = (n: number) => ({ key: 'game.6561.legend.moves', values: { n }, plural: n });
const english = translator('6561', texts6561, 'en');
const dutch = translator('6561', texts6561, 'nl');

function playAll(lines: readonly string[]): State6561 {
  const setup = game6561.setup({ seed: 1 });
  if (!setup.ok) throw new Error(setup.error.message);
  let state = setup.value;
  for (const line of lines) {
    const move = game6561.parseReply(state, line);
    if (!move.ok) throw new Error(move.error.message);
    expect(game6561.checkMove(state, move.value)).toBeNull();
    state = game6561.apply(state, move.value);
  }
  return state;
}

function viewOf(state: State6561, lastMove?: string) {
  const view = view6561(game6561.toJson(state), { colours, lastMove, players: ['ann', 'bob'] });
  if (!view.ok) throw new Error(view.error.message);
  return view.value;
}

describe('parse6561Line', () => {
  it("reads placements and slides with the game's codec, and nothing else", () => {
    const state = playAll([]);
    expect(parse6561Line(state, '23')).toEqual({ kind: 'place', row: 2, column: 3 });
    expect(parse6561Line(state, 'L\r')).toEqual({ kind: 'slide', direction: 'L' });
    for (const line of ['A', 'Quit', '55', 'u', null, undefined])
      expect(parse6561Line(state, line)).toBeNull();
  });
});

describe('view6561', () => {
  it('draws the first three placements as tiles and highlights the last one', () => {
    // The first moves of the elkasimi–omkelderman game: blue 1 on 22, red 1 on 44, gray 1 on 11.
    const view = viewOf(playAll(['22', '44', '11']), '11');
    expect(view.tiles.map((t) => [t.x, t.y, t.colour, t.value])).toEqual([
      [0, 0, 'gray', 1],
      [1, 1, 'blue', 1],
      [3, 3, 'red', 1],
    ]);
    expect(view.tiles[1]?.fill).toBe('tile-blue');
    expect(view.placed).toEqual({ x: 0, y: 0 });
    expect(view.slide).toBeNull();
    expect([view.sum, view.maxSum]).toEqual([3, 3]);
    expect(view.sums).toEqual({ key: 'game.6561.sums', values: { sum: 3, best: 3 } });
    expect([english(view.sums), dutch(view.sums)]).toEqual(['Sum 3 · best 3', 'Som 3 · beste 3']);
    expect(view.label).toEqual({ key: 'board.label', values: { game: '6561', ply: 3 } });
    expect(view.status).toEqual({
      key: 'game.6561.status.slide',
      values: { seat: seat('b'), move: 4, of: 1000 },
    });
    expect(english(view.status)).toBe('B to slide, move 4 of 1000');
    expect(dutch(view.status)).toBe('B moet schuiven, zet 4 van 1000');
    expect(view.legend.map((e) => [e.name, e.detail, e.toAct])).toEqual([
      [{ key: 'board.seatWithPlayer', values: { seat: seat('a'), player: 'ann' } }, moves(2), false],
      [{ key: 'board.seatWithPlayer', values: { seat: seat('b'), player: 'bob' } }, moves(1), true],
    ]);
    expect(view.legend.map((e) => [english(e.name), english(e.detail), dutch(e.detail)])).toEqual([
      ['A · ann', '2 moves', '2 zetten'],
      ['B · bob', '1 move', '1 zet'],
    ]);
  });

  it('marks the edge a slide tilted toward, and that blue and gray 1s vanish', () => {
    const up = viewOf(playAll(['22', '44', '11', 'U']), 'U');
    expect(up.slide).toEqual({ direction: 'U', x1: 0, y1: 0, x2: 4, y2: 0 });
    expect(up.placed).toBeNull();
    // Row 1 is now G1 B1 . R1; sliding left, G1 and B1 vanish and R1 goes to 11.
    const left = viewOf(playAll(['22', '44', '11', 'U', 'L']), 'L');
    expect(left.slide).toEqual({ direction: 'L', x1: 0, y1: 0, x2: 0, y2: 4 });
    expect(left.tiles.map((t) => [t.x, t.y, t.colour, t.value])).toEqual([[0, 0, 'red', 1]]);
    expect([left.sum, left.maxSum]).toEqual([1, 3]);
  });

  it('highlights nothing when the last move does not fit the state', () => {
    const state = playAll(['22', '44', '11']);
    expect(viewOf(state, 'U').slide).toBeNull(); // the rhythm's last move was a placement
    expect(viewOf(state, '33').placed).toBeNull(); // field 33 is empty
    expect(viewOf(state, 'Quit').placed).toBeNull();
  });

  it('shrinks the font of long values', () => {
    const board = Array.from({ length: 16 }, (): string | null => null);
    board[0] = 'B1';
    board[15] = 'R177147';
    const view = view6561({ board, moves: 10, maxSum: 177148 }, { colours });
    expect(view.ok && view.value.tiles.map((t) => [t.key, t.fontSize])).toEqual([
      [0, 0.42],
      [15, 1.3 / 6],
    ]);
  });

  it('returns only keys that have texts in English and Dutch, through a whole game', () => {
    const messages: Message[] = [];
    let state = playAll([]);
    messages.push(...headerMessages(viewOf(state)));
    for (const line of golden.replies) {
      const move = game6561.parseReply(state, line);
      if (!move.ok) throw new Error(move.error.message);
      state = game6561.apply(state, move.value);
      const view = viewOf(state, line);
      messages.push(...headerMessages(view), view.sums);
    }
    const keys = new Set(messages.flatMap(messageKeys));
    expect([...keys].filter((key) => key.startsWith('game.6561.')).sort()).toEqual([
      'game.6561.legend.moves',
      'game.6561.seat.a',
      'game.6561.seat.b',
      'game.6561.status.place.blue',
      'game.6561.status.place.gray',
      'game.6561.status.place.red',
      'game.6561.status.slide',
      'game.6561.sums',
    ]);
    expect(keys).toContain('board.over');
    expect(textProblems('6561', texts6561, messages)).toEqual([]);
    const blue = messages.find((m) => m.key === 'game.6561.status.place.blue');
    expect(blue && [english(blue), dutch(blue)]).toEqual([
      'A to place a blue 1, move 1 of 1000',
      'A moet een blauwe 1 plaatsen, zet 1 van 1000',
    ]);
  });

  it("fails with fromJson's message on a bad state", () => {
    expect(view6561({ board: [], moves: 0, maxSum: 0 }, { colours })).toEqual({
      ok: false,
      error: { code: 'bad-state', message: 'a 6561 state has a board of 16 fields' },
    });
  });
});
