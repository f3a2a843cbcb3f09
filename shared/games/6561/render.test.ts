import { describe, expect, it } from 'vitest';
import { game6561 as game } from './index.ts';
import { boardFromRows } from './state.ts';

describe('render', () => {
  it('shows moves, the next turn of the rhythm, sums and the grid', () => {
    const board = boardFromRows(['R3 . . G1', '. B27 . .', '. . . .', '. . . R2187']);
    if (!board.ok) throw new Error(board.error.message);
    expect(game.render({ board: board.value, moves: 417, maxSum: 3000 })).toBe(
      [
        '6561 · 417/1000 moves · next: move 418, turn 8/10, B places a gray 1',
        'sum 2218 · max sum 3000',
        '        1      2      3      4',
        '1      R3      .      .     G1',
        '2       .    B27      .      .',
        '3       .      .      .      .',
        '4       .      .      .  R2187',
      ].join('\n'),
    );
  });

  it('says how the game ended', () => {
    const setup = game.setup({ seed: 1 });
    if (!setup.ok) throw new Error(setup.error.message);
    const text = game.render({ ...setup.value, moves: 4 });
    expect(text.split('\n')[0]).toBe('6561 · 4/1000 moves · game over: A had no valid move');
  });
});
