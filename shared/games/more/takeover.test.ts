import { describe, expect, it } from 'vitest';
import { homeDistances } from '../walls/home-distances.ts';
import { moreGame as game } from './index.ts';
import { SAMPLE_BOARD, TARGET_SQUARES, type MoreState } from './state.ts';

const EMPTY_BOARD = '0'.repeat(60);

function position(
  white: readonly string[],
  black: readonly string[],
  moves: readonly [number, number],
  board = EMPTY_BOARD,
): MoreState {
  const result = game.fromJson({ board, white, black, moves, penalties: [0, 0] });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const remaining = (state: MoreState, seat: 0 | 1): number =>
  homeDistances(state.board, state.grid, TARGET_SQUARES[seat] as number[]).cost(state.stones[seat]);

describe('More takeover player', () => {
  it('plays two takeover players to the end with every move legal and the same game for the same seed', () => {
    for (const seed of [1, 2, 3]) {
      const setup = game.setup({ seed });
      if (!setup.ok) throw new Error(setup.error.message);
      const play = (): string[] => {
        let state = setup.value;
        const lines: string[] = [];
        while (game.toAct(state) !== null) {
          const move = game.takeover(state, seed);
          expect(game.checkMove(state, move)).toBeNull();
          lines.push(game.formatMove(move));
          state = game.apply(state, move);
        }
        expect(game.end(state)).toEqual({ kind: 'all-home' });
        return lines;
      };
      expect(play()).toEqual(play());
    }
  });

  it('brings its stones home at exactly the minimum points when nothing is in the way', () => {
    // Black is home in the bottom-right corner; White's stones are spread over the left half.
    let state = position(['c1', 'd3', 'f2', 'b3'], ['e5', 'e6', 'f5', 'f6'], [20, 20], SAMPLE_BOARD);
    const minimum = remaining(state, 0);
    expect(minimum).toBeGreaterThan(5);
    while (game.toAct(state) !== null) state = game.apply(state, game.takeover(state, 9));
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(state.moves[0] + state.penalties[0]).toBe(20 + minimum);
  });

  it("jumps over an opponent's stone when that is the cheapest way home", () => {
    const state = position(['a1', 'a2', 'b1', 'd2'], ['c2', 'e6', 'f5', 'f6'], [20, 20]);
    expect(game.formatMove(game.takeover(state, 0))).toBe('d2b2');
  });

  it('still makes a legal move when an opponent stone sits on its target square', () => {
    const state = position(['a1', 'a2', 'b1', 'c2'], ['b2', 'e6', 'f5', 'f6'], [20, 20]);
    const move = game.takeover(state, 0);
    expect(game.checkMove(state, move)).toBeNull();
  });

  it('only ever picks a cheapest move, and breaks ties by the seed', () => {
    const setup = game.setup({ seed: 0, board: EMPTY_BOARD });
    if (!setup.ok) throw new Error(setup.error.message);
    const state = setup.value;
    const best = remaining(state, 0);
    const chosen = new Set<string>();
    for (let seed = 0; seed < 24; seed++) {
      const move = game.takeover(state, seed);
      expect(game.takeover(state, seed)).toEqual(move);
      const own = state.stones[0].map((s) => (s === move.from ? move.to : s));
      const after = homeDistances(state.board, state.grid, TARGET_SQUARES[0] as number[]).cost(own);
      // On a board without walls every move costs 1.
      expect(1 + after).toBe(best);
      chosen.add(game.formatMove(move));
    }
    expect(chosen.size).toBeGreaterThan(1);
  });

  it('resolves a standoff where each side stands in the way of the other, instead of waiting for the cut-off', () => {
    // From a game between two players that counted distances without the opponent: White's way to the
    // top left runs through Black's d1 d2 and Black's way through White's d3 d4, so both waited.
    const board = '000110100000000000111101000000001000001010000011001000000000';
    let state = position(['a2', 'c1', 'd3', 'd4'], ['d1', 'd2', 'e6', 'f6'], [20, 20], board);
    const lines: string[] = [];
    while (game.toAct(state) !== null) {
      const move = game.takeover(state, 44);
      lines.push(game.formatMove(move));
      state = game.apply(state, move);
    }
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(lines).toEqual([
      'd3c3',
      'd1d3',
      'd4c4',
      'd2d4',
      'c4b4',
      'd3d5',
      'c3b3',
      'd5e5',
      'b4b2',
      'd4d5',
      'b3b1',
      'd5f5',
      'c1a1',
    ]);
  });

  it('returns a move the rules reject once the game is over', () => {
    const done = position(['a1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f6'], [20, 20]);
    expect(game.toAct(done)).toBeNull();
    expect(game.checkMove(done, game.takeover(done, 0))).toBe('the game is over');
  });
});
