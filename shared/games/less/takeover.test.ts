import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import { parseWallGrid } from '../walls/grid.ts';
import { homeCost } from '../walls/home-cost.ts';
import { pieceMoves } from '../walls/moves.ts';
import { SAMPLE_BOARD, TARGET_SQUARES, TURN_LIMIT } from './facts.ts';
import { lessGame } from './index.ts';
import { lessPosition, type LessPositionSpec } from './position.ts';
import { rushPlan } from './rush-plan.ts';
import type { LessState } from './state.ts';

function position(spec: LessPositionSpec): LessState {
  const made = lessPosition(spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

function playOut(state: LessState, seed: number): LessState {
  let s = state;
  for (let ply = 0; lessGame.toAct(s) !== null; ply++) {
    const move = lessGame.takeover(s, seed + ply);
    expect(lessGame.checkMove(s, move)).toBeNull();
    s = lessGame.apply(s, move);
  }
  return s;
}

describe('Less takeover player', () => {
  it('brings all four colours home within the turn limit on the sample board and on generated boards', () => {
    const boards = [
      SAMPLE_BOARD,
      ...[1, 2, 3, 4, 5, 6].map((seed) => lessGame.generateBoard(seed) as string),
    ];
    for (const [i, board] of boards.entries()) {
      const setup = lessGame.setup({ seed: i, board });
      if (!setup.ok) throw new Error(setup.error.message);
      const end = playOut(setup.value, i);
      expect(lessGame.end(end)).toEqual({ kind: 'all-home' });
      expect(Math.max(...end.turns)).toBeLessThan(TURN_LIMIT);
      const scores = lessGame.scores(end, [false, false, false, false]);
      expect((scores[0] as number) + (scores[1] as number)).toBe(20);
    }
  });

  it('completes its team with the fewest points when it can', () => {
    // Yellow is home and moves White's pieces; c2b2 (1 point) completes the team.
    const state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['e4', 'e5', 'f4', 'f5'],
        White: ['a1', 'a2', 'b1', 'c2'],
        Red: ['d6', 'd7', 'e6', 'e7'],
      },
      turns: [9, 9, 9, 9],
    });
    for (let seed = 0; seed < 5; seed++)
      expect(lessGame.formatMove(lessGame.takeover(state, seed))).toBe('c2b2');
  });

  it('gets a piece out of a corner where others box it in', () => {
    // Red's piece on a1 sits in White's corner; White waits on c1. Only a jump to a3 lets it out.
    const state = position({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['g7', 'g8', 'h7', 'h8'],
        White: ['a2', 'b1', 'b2', 'c1'],
        Red: ['a1', 'g2', 'h1', 'h2'],
      },
      turns: [12, 12, 12, 11],
    });
    expect(lessGame.toAct(state)).toBe(3);
    const move = lessGame.takeover(state, 1);
    expect(lessGame.formatMove(move).slice(0, 4)).toBe('a1a3');
  });

  it('is deterministic for a state and seed', () => {
    const setup = lessGame.setup({ seed: 77 });
    if (!setup.ok) throw new Error('setup');
    const a = lessGame.takeover(setup.value, 5);
    expect(lessGame.takeover(setup.value, 5)).toEqual(a);
  });

  it('rushes home along a cheapest plan', () => {
    const rng = Prng.fromSeed(2024);
    for (let k = 0; k < 12; k++) {
      const board = lessGame.generateBoard(100 + k) as string;
      const grid = parseWallGrid(8, board);
      if (!grid.ok) throw new Error('board');
      // Four distinct squares in the top-right quarter, near Yellow's target a7 a8 b7 b8.
      const near = rng
        .shuffle([...Array(16).keys()].map((i) => Math.floor(i / 4) * 8 + 4 + (i % 4)))
        .slice(0, 4);
      const targets = TARGET_SQUARES[0] as number[];
      const plan = rushPlan(grid.value, near, targets);
      expect(plan.cost).toBe(homeCost(grid.value, near, targets));
      // The plan is a sequence of legal rush moves whose costs add up and that ends home.
      let squares = [...near];
      let spent = 0;
      for (const [from, to] of plan.moves) {
        const found = pieceMoves(grid.value, (sq) => squares.includes(sq), from).find((m) => m.to === to);
        expect(found).toBeDefined();
        spent += found?.cost ?? 0;
        squares = squares.map((sq) => (sq === from ? to : sq));
      }
      expect(spent).toBe(plan.cost);
      expect(squares.sort((a, b) => a - b)).toEqual(targets);
    }
  });

  it('plays the first move of that plan in the rush', () => {
    const state = position({
      board: SAMPLE_BOARD,
      pieces: { Yellow: ['a5', 'b6', 'c7', 'c8'] },
      turns: [20, 20, 20, 20],
      charged: [60, 60, 60, 60],
      rush: { cause: { kind: 'turn-limit' }, queue: [0] },
    });
    const plan = rushPlan(state.grid, state.pieces[0] as number[], TARGET_SQUARES[0] as number[]);
    const [from, to] = plan.moves[0] as [number, number];
    expect(lessGame.takeover(state, 3)).toEqual({ steps: [{ from, to }] });
    const end = playOut(state, 0);
    expect(lessGame.end(end)).toEqual({ kind: 'turn-limit-rush' });
    expect(end.rushPoints[0]).toBe(plan.cost);
  });
});
