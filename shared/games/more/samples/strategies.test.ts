import { describe, expect, it } from 'vitest';
import { Prng } from '../../../../shared/random/prng.ts';
import { game6561 } from '../../../../shared/games/6561/index.ts';
import { flitGame } from '../../../../shared/games/flit/index.ts';
import { composeState } from '../../../../shared/games/flit/compose.ts';
import { PASS } from '../../../../shared/games/flit/state.ts';
import { moreGame } from '../../../../shared/games/more/index.ts';
import { greedy6561Move, outlook, random6561Move } from './6561-strategies.ts';
import { greedyFlitMove, randomFlitMove } from './flit-strategies.ts';
import { greedyMoreMove } from './more-strategies.ts';

const rng = (): Prng => Prng.fromSeed(5);

describe('6561 strategies', () => {
  // A slides now (move 9). R would wipe the row out (B1 G1 and G1 R1 clash) and leave B no slide at all.
  const fromJson = game6561.fromJson({
    board: ['G1', 'R1', 'G1', 'B1', ...Array<null>(12).fill(null)],
    moves: 8,
    maxSum: 4,
  });
  if (!fromJson.ok) throw new Error(fromJson.error.message);
  const state = fromJson.value;

  it('greedy never picks a move that ends the game while another one keeps it going', () => {
    for (let seed = 0; seed < 20; seed++) {
      const move = greedy6561Move(state, Prng.fromSeed(seed));
      expect(move).not.toEqual({ kind: 'slide', direction: 'R' });
      expect(game6561.end(game6561.apply(state, move))).toBeNull();
    }
  });

  it('random picks only legal moves', () => {
    expect(game6561.checkMove(state, random6561Move(state, rng()))).toBeNull();
  });

  it('outlook rewards equal neighbours of one colour and punishes clashing ones', () => {
    const twins = game6561.fromJson({
      board: ['R3', 'R3', ...Array<null>(14).fill(null)],
      moves: 0,
      maxSum: 6,
    });
    const clash = game6561.fromJson({
      board: ['R3', 'B3', ...Array<null>(14).fill(null)],
      moves: 0,
      maxSum: 6,
    });
    if (!twins.ok || !clash.ok) throw new Error('board');
    expect(outlook(twins.value.board)).toBeGreaterThan(outlook(clash.value.board));
  });
});

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

describe('More strategies', () => {
  it('greedy prefers a free jump to a step on an open board', () => {
    const setup = moreGame.setup({ seed: 0, board: '0'.repeat(60) });
    if (!setup.ok) throw new Error(setup.error.message);
    const move = moreGame.formatMove(greedyMoreMove(setup.value, rng()));
    // From e5 e6 f5 f6 towards a1: the jumps f5d5 and e6e4 gain two squares for one point.
    expect(['f5d5', 'e6e4']).toContain(move);
  });
});
