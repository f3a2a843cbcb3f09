import { describe, expect, it } from 'vitest';
import { Prng, type PrngState } from '../../random/prng.ts';
import { cellAt, NEUTRAL, type Board } from './board.ts';
import { composeState } from './compose.ts';
import { applyMove, legalMoves, missedTurn, toAct } from './rules.ts';
import { PASS, type FlitState, type Update } from './state.ts';
import { initialState } from './turn.ts';

/** An independent model of "available": the square and its four torus neighbours are empty. */
function modelAvailable(board: Board, x: number, y: number): boolean {
  const v = (dx: number, dy: number): number => board[((y + dy + 32) % 32) * 32 + ((x + dx + 32) % 32)] ?? 0;
  return v(0, 0) === 0 && v(0, -1) === 0 && v(-1, 0) === 0 && v(1, 0) === 0 && v(0, 1) === 0;
}

/**
 * The documented neutral draw on `board` from generator state `rng`: a square by below(1024); if it is
 * available, below(16) and a neutral when 0. Returns the placed neutral (or null) and the generator after.
 */
function modelNeutralDraw(board: Board, rng: PrngState): { neutral: Update | null; rng: PrngState } {
  const prng = Prng.fromState(rng);
  const cell = prng.below(1024);
  const x = cell % 32;
  const y = Math.floor(cell / 32);
  const neutral =
    modelAvailable(board, x, y) && prng.below(16) === 0 ? { x, y, c: NEUTRAL as Update['c'] } : null;
  return { neutral, rng: prng.state() };
}

/** Bot k (seat k-1) has two adjacent pieces on row 4k: each can always make a real move. */
const pairs = (): Update[] =>
  [1, 2, 3, 4].flatMap((c) => [
    { x: 2, y: 4 * c, c: c as Update['c'] },
    { x: 3, y: 4 * c, c: c as Update['c'] },
  ]);

/** The first real move of the bot to move. */
const moveSomething = (state: FlitState): FlitState => applyMove(state, legalMoves(state)[1] ?? PASS);

describe('Flit initial placement', () => {
  it('places one piece per bot, then a second per bot, each uniformly among the available squares', () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const state = initialState(seed);
      const rng = Prng.fromSeed(seed);
      const board = new Uint8Array(1024);
      const expected: Update[] = [];
      for (const c of [1, 2, 3, 4, 1, 2, 3, 4] as const) {
        const available: number[] = [];
        for (let y = 0; y < 32; y++)
          for (let x = 0; x < 32; x++) if (modelAvailable(board, x, y)) available.push(y * 32 + x);
        const cell = available[rng.below(available.length)] ?? -1;
        board[cell] = c;
        expected.push({ x: cell % 32, y: Math.floor(cell / 32), c });
      }
      expect(state.changes).toEqual(expected);
      expect(state.board).toEqual(board);
      expect(state.rng).toEqual(rng.state());
      expect(state.counts).toEqual([1016, 2, 2, 2, 2, 0]);
      expect(state).toMatchObject({ turns: 0, next: 0, passStreak: 0 });
    }
  });

  it('never puts two initial pieces next to each other', () => {
    for (let seed = 0; seed < 50; seed++) {
      const { board, changes } = initialState(seed);
      for (const { x, y } of changes) {
        const copy = new Uint8Array(board);
        copy[cellAt(x, y)] = 0;
        expect(modelAvailable(copy, x, y)).toBe(true);
      }
    }
  });
});

describe('Flit neutral pieces', () => {
  const base = composeState({ pieces: pairs() });

  /** The first seed whose neutral draw after a turn on `base` has the given outcome. */
  function seedWhere(outcome: 'placed' | 'not-placed' | 'unavailable'): number {
    for (let seed = 0; ; seed++) {
      const rng = Prng.fromSeed(seed);
      const cell = rng.below(1024);
      const available = modelAvailable(base.board, cell % 32, Math.floor(cell / 32));
      const placed = available && rng.below(16) === 0;
      if (outcome === (placed ? 'placed' : available ? 'not-placed' : 'unavailable')) return seed;
    }
  }

  it('draws a square and, as it is available, places a neutral piece with the second draw', () => {
    const state = composeState({ pieces: pairs(), seed: seedWhere('placed') });
    const model = modelNeutralDraw(state.board, state.rng);
    expect(model.neutral).not.toBeNull();
    const after = applyMove(state, PASS); // a non-move still gets its neutral draw
    expect(after.changes).toEqual([model.neutral]);
    expect(after.counts[NEUTRAL]).toBe(1);
    expect(after.rng).toEqual(model.rng);
  });

  it('consumes the second draw even when it decides against the neutral piece', () => {
    const state = composeState({ pieces: pairs(), seed: seedWhere('not-placed') });
    const after = applyMove(state, PASS);
    expect(after.changes).toEqual([]);
    const rng = Prng.fromState(state.rng);
    rng.below(1024);
    rng.below(16);
    expect(after.rng).toEqual(rng.state());
  });

  it('makes no second draw and tries no second square when the square is unavailable', () => {
    const state = composeState({ pieces: pairs(), seed: seedWhere('unavailable') });
    const after = missedTurn(state, 'timeout'); // a missed turn also gets its neutral draw
    expect(after.changes).toEqual([]);
    const rng = Prng.fromState(state.rng);
    rng.below(1024);
    expect(after.rng).toEqual(rng.state());
  });

  it('adds about one neutral piece per 16 turns on an open board, only on available squares', () => {
    let state = composeState({ pieces: pairs(), seed: 99 });
    let placed = 0;
    for (let turn = 0; turn < 1600; turn++) {
      state = moveSomething(state);
      for (const u of state.changes.filter((c) => c.c === NEUTRAL)) {
        placed++;
        const board = new Uint8Array(state.board);
        board[cellAt(u.x, u.y)] = 0;
        expect(modelAvailable(board, u.x, u.y)).toBe(true);
      }
    }
    expect(placed).toBeGreaterThan(60);
    expect(placed).toBeLessThan(140);
  });
});

describe('Flit missed turns and freezing', () => {
  const base = composeState({ pieces: pairs(), seed: 5 });

  it('freezes a bot after 5 consecutive timeouts and then skips its turns as non-moves', () => {
    let state = base;
    for (let round = 1; round <= 5; round++) {
      expect(toAct(state)).toBe(0);
      expect(state.seats[0]?.frozen).toBeNull();
      state = missedTurn(state, 'timeout');
      expect(state.seats[0]).toMatchObject({ timeouts: round, timeoutStreak: round });
      for (let k = 0; k < 3; k++) state = moveSomething(state);
    }
    expect(state.seats[0]?.frozen).toEqual({ reason: 'timeouts', turn: 17 });
    // Bot 4 moved on turn 20; bot 1's turn 21 was taken at once as a non-move.
    expect(state.turns).toBe(21);
    expect(state.passStreak).toBe(1);
    expect(state.seats[0]?.frozenTurns).toBe(1);
    expect(toAct(state)).toBe(1);
    for (let k = 0; k < 30; k++) {
      expect(toAct(state)).not.toBe(0);
      state = moveSomething(state);
    }
    expect(state.seats[0]?.frozenTurns).toBe(11);
  });

  it('lets an on-time invalid reply break the run of timeouts, and records it', () => {
    let state = base;
    const causes = [
      'timeout',
      'timeout',
      'timeout',
      'timeout',
      'invalid',
      'timeout',
      'timeout',
      'timeout',
      'timeout',
    ];
    for (const cause of causes) {
      state = missedTurn(state, cause as 'timeout' | 'invalid');
      for (let k = 0; k < 3; k++) state = moveSomething(state);
    }
    expect(state.seats[0]).toMatchObject({ timeouts: 8, invalid: 1, timeoutStreak: 4, frozen: null });
    state = missedTurn(state, 'timeout');
    expect(state.seats[0]?.frozen).toEqual({ reason: 'timeouts', turn: 37 });
  });

  it('lets a real move or a non-move break the run of timeouts', () => {
    let state = missedTurn(base, 'timeout');
    for (let k = 0; k < 3; k++) state = moveSomething(state);
    state = applyMove(state, PASS);
    expect(state.seats[0]).toMatchObject({ timeouts: 1, timeoutStreak: 0, passes: 1 });
    for (let k = 0; k < 3; k++) state = moveSomething(state);
    state = missedTurn(state, 'timeout');
    for (let k = 0; k < 3; k++) state = moveSomething(state);
    state = moveSomething(state);
    expect(state.seats[0]).toMatchObject({ timeouts: 2, timeoutStreak: 0, moves: 1 });
  });

  it('freezes a program that is gone at once', () => {
    const state = missedTurn({ ...base, next: 2 }, 'gone');
    expect(state.seats[2]?.frozen).toEqual({ reason: 'gone', turn: 1 });
    expect(state.passStreak).toBe(1);
    expect(toAct(state)).toBe(3);
  });

  it('counts each missed turn as not moving: four in a row end the game', () => {
    let state = base;
    state = missedTurn(state, 'timeout');
    state = missedTurn(state, 'invalid');
    state = applyMove(state, PASS);
    expect(toAct(state)).toBe(3);
    state = missedTurn(state, 'gone');
    expect(state.passStreak).toBe(4);
    expect(toAct(state)).toBeNull();
  });

  it('ends the game when the last unfrozen bot is gone, however the streak stood', () => {
    const frozen = { frozen: { reason: 'gone' as const, turn: 1 } };
    const state = composeState({
      pieces: pairs(),
      next: 3,
      turns: 40,
      seats: { 0: frozen, 1: frozen, 2: frozen },
    });
    const after = missedTurn(state, 'gone');
    expect(toAct(after)).toBeNull();
    expect(after.turns).toBe(44);
    expect(after.passStreak).toBe(4);
    expect(after.seats.map((s) => s.frozenTurns)).toEqual([1, 1, 1, 0]);
  });

  it('does nothing once the game is over', () => {
    const over = { ...base, passStreak: 4 };
    expect(missedTurn(over, 'timeout')).toBe(over);
  });
});
