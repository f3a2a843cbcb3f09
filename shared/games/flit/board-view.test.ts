import { describe, expect, it } from 'vitest';
import { headerMessages, textProblems, translator } from '../../../test/helpers/board-texts.ts';
import { Prng } from '../../random/prng.ts';
import { messageKeys, type Message } from '../message.ts';
import { CELLS, cellAt, SIZE } from './board.ts';
import { cellsPath, changesPath, flitView, parseFlitLine } from './board-view.ts';
import golden from './golden/seed-13.json' with { type: 'json' };
import { flitGame, type FlitState } from './index.ts';
import { missedTurn } from './rules.ts';
import { flitTexts } from './texts.ts';

/** Made-up colours: the renderer's palette gives the real ones. */
const SEAT_PALETTE = ['seat-1', 'seat-2', 'seat-3', 'seat-4'];
const NEUTRAL_COLOUR = 'neutral';
const colours = { seats: SEAT_PALETTE, neutral: NEUTRAL_COLOUR };
const english = translator('flit', flitTexts, 'en');
const dutch = translator('flit', flitTexts, 'nl');

/** The cells a path of `M x y h n v1 h-n z` rectangles covers, as sorted cell numbers; throws on anything else. */
function coveredCells(d: string): number[] {
  const cells: number[] = [];
  const rest = d.replace(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g, (_all, x, y, w, back) => {
    expect(back).toBe(w);
    for (let k = 0; k < Number(w); k++) cells.push(cellAt(Number(x) + k, Number(y)));
    return '';
  });
  expect(rest).toBe('');
  return cells.sort((a, b) => a - b);
}

function setup(): FlitState {
  const state = flitGame.setup({ seed: 1 });
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

function play(state: FlitState, line: string): FlitState {
  const move = flitGame.parseReply(state, line);
  if (!move.ok) throw new Error(move.error.message);
  expect(flitGame.checkMove(state, move.value)).toBeNull();
  return flitGame.apply(state, move.value);
}

function viewOf(state: FlitState, lastMove?: string) {
  const view = flitView(flitGame.toJson(state), { colours, lastMove, players: ['ann'] });
  if (!view.ok) throw new Error(view.error.message);
  return view.value;
}

describe('cellsPath', () => {
  it('draws a run of cells in a row as one rectangle', () => {
    const board = new Uint8Array(CELLS);
    board.set([1, 1, 1, 0, 1], cellAt(0, 2));
    board[cellAt(31, 31)] = 1;
    expect(cellsPath(board, 1)).toBe('M0 2h3v1h-3zM4 2h1v1h-1zM31 31h1v1h-1z');
    expect(cellsPath(board, 2)).toBe('');
  });

  it('outlines every changed cell', () => {
    expect(changesPath([{ x: 3, y: 4, c: 5 }])).toBe('M3 4h1v1h-1z');
  });
});

describe('flitView', () => {
  it("draws seed 1's initial pieces: two cells per bot, each in its seat's colour", () => {
    const view = viewOf(setup());
    expect(view.layers.map((l) => [l.key, l.colour, l.cells])).toEqual([
      ['seat-0', SEAT_PALETTE[0], 2],
      ['seat-1', SEAT_PALETTE[1], 2],
      ['seat-2', SEAT_PALETTE[2], 2],
      ['seat-3', SEAT_PALETTE[3], 2],
      ['neutral', NEUTRAL_COLOUR, 0],
    ]);
    // docs/rules/flit.md: bot 1 starts on 15 6 and 27 28.
    expect(view.layers[0]?.d).toBe('M15 6h1v1h-1zM27 28h1v1h-1z');
    expect(view.layers[4]?.d).toBe('');
    expect(coveredCells(view.changed)).toHaveLength(8);
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'Flit', ply: 0 } });
    expect(view.status).toEqual({
      key: 'game.flit.status.toMove',
      values: { n: 1, turn: 1, of: 32768, neutral: 0 },
    });
    expect(english(view.status)).toBe('Bot 1 to move, turn 1 of 32768, 0 neutral');
    expect(dutch(view.status)).toBe('Bot 1 aan zet, beurt 1 van 32768, 0 neutraal');
    expect(view.legend[0]).toEqual({
      seat: 0,
      colour: SEAT_PALETTE[0],
      name: {
        key: 'board.seatWithPlayer',
        values: { seat: { key: 'game.flit.seat', values: { n: 1 } }, player: 'ann' },
      },
      detail: { key: 'game.flit.legend.pieces', values: { n: 2 }, plural: 2 },
      toAct: true,
    });
    expect([english(view.legend[0]!.name), english(view.legend[0]!.detail)]).toEqual(['1 · ann', '2 pieces']);
    expect([dutch(view.legend[1]!.name), dutch(view.legend[1]!.detail)]).toEqual(['2', '2 stukken']);
  });

  it('highlights the documented first move 27 28 15 7 and the cells it changed', () => {
    const view = viewOf(play(setup(), '27 28 15 7'), '27 28 15 7');
    expect(view.move).toEqual({ from: { x: 27, y: 28 }, to: { x: 15, y: 7 } });
    expect(coveredCells(view.layers[0]?.d ?? '')).toEqual([cellAt(15, 6), cellAt(15, 7)]);
    expect(coveredCells(view.changed)).toEqual(expect.arrayContaining([cellAt(27, 28), cellAt(15, 7)]));
    expect(view.label).toEqual({ key: 'board.label', values: { game: 'Flit', ply: 1 } });
  });

  it('highlights no move for a non-move, a garbled line or a move that does not fit the state', () => {
    const state = play(setup(), '27 28 15 7');
    const parsed = (line: string | null) => parseFlitLine(state, line);
    expect(parsed('18 9 18 9')).toBeNull();
    expect(parsed('M')).toBeNull();
    expect(parsed(null)).toBeNull();
    expect(parsed('0 0 1 1')).toBeNull(); // nothing stands on 1 1
  });

  it('covers exactly the cells of every colour with one path each, on a busy random board', () => {
    const rng = Prng.fromSeed(7);
    const rows = Array.from({ length: SIZE }, () =>
      Array.from({ length: SIZE }, () => String(rng.below(6))).join(''),
    );
    const json = { ...(flitGame.toJson(setup()) as Record<string, unknown>), board: rows, changes: [] };
    const result = flitView(json, { colours });
    if (!result.ok) throw new Error(result.error.message);
    const covered = result.value.layers.map((layer) => coveredCells(layer.d));
    const holding = (value: number): number[] =>
      [...Array(CELLS).keys()].filter(
        (cell) => rows[Math.floor(cell / SIZE)]?.[cell % SIZE] === String(value),
      );
    expect(covered).toEqual([1, 2, 3, 4, 5].map(holding));
    expect(result.value.layers.map((l) => l.cells)).toEqual(covered.map((cells) => cells.length));
    expect(covered.flat().length + holding(0).length).toBe(CELLS);
    expect(holding(5).length).toBeGreaterThan(100);
    expect(result.value.changed).toBe('');
  });

  it('returns only keys that have texts in English and Dutch, through a whole game and a frozen bot', () => {
    const messages: Message[] = [...headerMessages(viewOf(setup()))];
    const start = flitGame.setup({ seed: golden.seed });
    if (!start.ok) throw new Error(start.error.message);
    let state = start.value;
    for (const line of golden.replies) {
      const move = flitGame.parseReply(state, line);
      const legal = move.ok && flitGame.checkMove(state, move.value) === null;
      state = move.ok && legal ? flitGame.apply(state, move.value) : missedTurn(state, 'invalid');
      messages.push(...headerMessages(viewOf(state, line)));
    }
    expect(flitGame.end(state)).toEqual(golden.end);
    const frozen = viewOf(missedTurn(setup(), 'gone'));
    messages.push(...headerMessages(frozen));
    const keys = new Set(messages.flatMap(messageKeys));
    expect([...keys].filter((key) => key.startsWith('game.flit.')).sort()).toEqual([
      'game.flit.legend.frozen',
      'game.flit.legend.pieces',
      'game.flit.seat',
      'game.flit.status.toMove',
    ]);
    expect(keys).toContain('board.end.allPassed');
    expect(textProblems('flit', flitTexts, messages)).toEqual([]);
    expect([english(frozen.legend[0]!.detail), dutch(frozen.legend[0]!.detail)]).toEqual([
      '2 pieces, frozen',
      '2 stukken, bevroren',
    ]);
  });

  it("fails with fromJson's message on a bad state", () => {
    const json = { ...(flitGame.toJson(setup()) as Record<string, unknown>), next: 7 };
    expect(flitView(json, { colours })).toEqual({
      ok: false,
      error: { code: 'bad-state', message: 'a stored Flit state is invalid: next must be a seat 0–3' },
    });
  });
});
