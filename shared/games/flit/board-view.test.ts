import { describe, expect, it } from 'vitest';
import { CELLS, cellAt, SIZE } from '../../shared/games/flit/board.ts';
import { flitGame, type FlitState } from '../../shared/games/flit/index.ts';
import { Prng } from '../../shared/random/prng.ts';
import { NEUTRAL_COLOUR, SEAT_PALETTE } from './palette.ts';
import { cellsPath, changesPath, flitView, parseFlitLine } from './flit-view.ts';

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
  const view = flitView(flitGame.toJson(state), lastMove, ['ann']);
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
    expect(view.label).toBe('Flit board, ply 0');
    expect(view.status).toBe('Bot 1 to move, turn 1 of 32768, 0 neutral');
    expect(view.legend[0]).toEqual({
      seat: 0,
      colour: SEAT_PALETTE[0],
      name: '1 · ann',
      detail: '2 pieces',
      toAct: true,
    });
  });

  it('highlights the documented first move 27 28 15 7 and the cells it changed', () => {
    const view = viewOf(play(setup(), '27 28 15 7'), '27 28 15 7');
    expect(view.move).toEqual({ from: { x: 27, y: 28 }, to: { x: 15, y: 7 } });
    expect(coveredCells(view.layers[0]?.d ?? '')).toEqual([cellAt(15, 6), cellAt(15, 7)]);
    expect(coveredCells(view.changed)).toEqual(expect.arrayContaining([cellAt(27, 28), cellAt(15, 7)]));
    expect(view.label).toBe('Flit board, ply 1');
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
    const result = flitView(json);
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

  it("fails with fromJson's message on a bad state", () => {
    const json = { ...(flitGame.toJson(setup()) as Record<string, unknown>), next: 7 };
    expect(flitView(json)).toEqual({
      ok: false,
      error: { code: 'bad-state', message: 'a stored Flit state is invalid: next must be a seat 0–3' },
    });
  });
});
