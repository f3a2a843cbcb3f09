import { describe, expect, it } from 'vitest';
import { Prng } from '../../../random/prng.ts';
import { flitGame } from '../index.ts';
import { composeState } from '../compose.ts';
import { PASS } from '../state.ts';
import { greedyFlitMove, randomFlitMove } from './strategies.ts';

const rng = (): Prng => Prng.fromSeed(5);

describe('Flit strategies', () => {
  it('greedy converts a neutral piece, moving its piece farthest from it', () => {
    // Bot 1 on 0 0 and 1 0, a neutral piece on 3 0: only the piece on 0 0 may land on 2 0 (next to 1 0).
    const state = composeState({
      pieces: [
        { x: 0, y: 0, c: 1 },
        { x: 1, y: 0, c: 1 },
        { x: 3, y: 0, c: 5 },
      ],
    });
    expect(greedyFlitMove(state.board, 1, rng())).toEqual({ x0: 0, y0: 0, x1: 2, y1: 0 });
  });

  it('greedy moves towards the nearest neutral piece, and stays when there is none', () => {
    const pieces = [
      { x: 10, y: 10, c: 1 as const },
      { x: 11, y: 10, c: 1 as const },
    ];
    expect(greedyFlitMove(composeState({ pieces }).board, 1, rng())).toEqual(PASS);
    const state = composeState({ pieces: [...pieces, { x: 20, y: 10, c: 5 }] });
    const move = greedyFlitMove(state.board, 1, rng());
    expect(move).toEqual({ x0: 10, y0: 10, x1: 12, y1: 10 });
    expect(flitGame.checkMove(state, move)).toBeNull();
  });

  it('random makes legal moves, and never stays while it can move', () => {
    const setup = flitGame.setup({ seed: 3 });
    if (!setup.ok) throw new Error(setup.error.message);
    let state = setup.value;
    const chooser = rng();
    for (let turn = 0; turn < 400; turn++) {
      const move = randomFlitMove(state.board, state.next + 1, chooser);
      expect(flitGame.checkMove(state, move)).toBeNull();
      expect(move).not.toEqual(PASS);
      state = flitGame.apply(state, move);
    }
  });
});
