import { describe, expect, it } from 'vitest';
import { Prng } from '../../../random/prng.ts';
import { game6561 } from '../index.ts';
import { greedy6561Move, outlook, random6561Move } from './strategies.ts';

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
