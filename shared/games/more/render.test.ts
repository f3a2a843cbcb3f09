import { describe, expect, it } from 'vitest';
import { moreGame as game } from './index.ts';
import { SAMPLE_BOARD } from './state.ts';

describe('More rendering', () => {
  it('draws the Figure 1 board with its single and double walls and the start position', () => {
    const setup = game.setup({ seed: 0, board: SAMPLE_BOARD });
    if (!setup.ok) throw new Error(setup.error.message);
    expect(game.render(setup.value)).toBe(
      [
        '     1   2   3   4   5   6',
        '   +---+---+---+---+---+---+',
        ' a | B   B | .   . # .   . |',
        '   +   +---+   +   +   +---+',
        ' b | B   B   . | .   . | . |',
        '   +   +   +---+---+   +   +',
        ' c | .   . | .   .   .   . |',
        '   +   +---+---+   +   +   +',
        ' d | .   . | .   .   .   . |',
        '   +   +   +   +   +   +   +',
        ' e | .   . | .   . | W   W |',
        '   +---+   +---+   +   +---+',
        ' f | .   .   .   .   W   W |',
        '   +---+---+---+---+---+---+',
        'White (W): 0 moves + 0 penalties = 0 points, to move',
        'Black (B): 0 moves + 0 penalties = 0 points',
      ].join('\n'),
    );
  });

  it('shows double horizontal walls, points, home seats and how the game ended', () => {
    const board = '0'.repeat(5) + '220000' + '0'.repeat(49);
    const result = game.fromJson({
      board,
      white: ['a1', 'a2', 'b1', 'b2'],
      black: ['e5', 'e6', 'f5', 'd6'],
      moves: [30, 50],
      penalties: [1, 4],
    });
    if (!result.ok) throw new Error(result.error.message);
    const lines = game.render(result.value).split('\n');
    expect(lines[3]).toBe('   +===+===+   +   +   +   +');
    expect(lines.slice(-3)).toEqual([
      'White (W): 30 moves + 1 penalty = 31 points, home',
      'Black (B): 50 moves + 4 penalties + 1 remaining = 55 points',
      'Game over: cut off after 80 moves; remaining distances were added.',
    ]);
  });
});
