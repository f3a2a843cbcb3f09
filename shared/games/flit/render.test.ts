import { describe, expect, it } from 'vitest';
import { NEUTRAL } from './board.ts';
import { composeState } from './compose.ts';
import { renderState } from './render.ts';

describe('Flit rendering', () => {
  it('draws the header, counts, frozen bots and 32 rows of 32 cells', () => {
    const state = composeState({
      next: 2,
      turns: 57,
      seats: { 1: { frozen: { reason: 'timeouts', turn: 41 } } },
      pieces: [
        { x: 0, y: 0, c: 1 },
        { x: 31, y: 0, c: 2 },
        { x: 5, y: 3, c: 3 },
        { x: 6, y: 3, c: 3 },
        { x: 31, y: 31, c: 4 },
        { x: 10, y: 20, c: NEUTRAL },
      ],
    });
    const lines = renderState(state).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Flit · turn 57/32768 · bot 3 to move',
      'pieces 1: 1  2: 1  3: 2  4: 1  · neutral 1 · empty 1018',
      'bot 2 frozen since turn 41 (timeouts)',
    ]);
    const rows = lines.slice(3);
    expect(rows).toHaveLength(32);
    expect(rows.every((row) => row.length === 32)).toBe(true);
    expect(rows[0]).toBe(`1${'.'.repeat(30)}2`);
    expect(rows[3]).toBe(`.....33${'.'.repeat(25)}`);
    expect(rows[20]?.[10]).toBe('N');
    expect(rows[31]?.endsWith('.4')).toBe(true);
  });

  it('says how the game ended', () => {
    const state = composeState({ pieces: [{ x: 0, y: 0, c: 1 }], passStreak: 4, turns: 9 });
    expect(renderState(state).split('\n')[0]).toBe(
      'Flit · turn 9/32768 · game over: all four bots did not move in a row',
    );
  });
});
