import { describe, expect, it } from 'vitest';
import { Prng } from '../../random/prng.ts';
import { CELLS, countCells, EMPTY, NEUTRAL, neighbour } from './board.ts';
import { flitGame } from './index.ts';
import type { FlitState } from './state.ts';

/** How many turns seat `seat` has had after `turns` turns in all (seat 0 takes turn 1). */
const turnsOf = (seat: number, turns: number): number => Math.max(0, Math.ceil((turns - seat) / 4));

function checkInvariants(state: FlitState): void {
  expect(state.counts).toEqual(countCells(state.board));
  // A neutral piece never has a neighbour: it appears only on available squares, and a piece that
  // lands next to one converts it at once.
  for (let cell = 0; cell < CELLS; cell++) {
    if (state.board[cell] !== NEUTRAL) continue;
    for (let k = 0; k < 4; k++) expect(state.board[neighbour(cell, k)]).toBe(EMPTY);
  }
  state.seats.forEach((r, seat) => {
    const gone = r.frozen?.reason === 'gone' ? 1 : 0;
    expect(r.moves + r.passes + r.invalid + r.timeouts + r.frozenTurns + gone).toBe(
      turnsOf(seat, state.turns),
    );
    if (r.frozen === null) expect(r.timeoutStreak).toBeLessThan(5);
  });
  for (let seat = 0; seat < 4; seat++) expect(state.counts[seat + 1]).toBeGreaterThanOrEqual(2);
}

describe('Flit under a referee that sees programs fail', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`keeps its invariants with moves, non-moves, timeouts, invalid replies and crashes (seed ${seed})`, () => {
      const chooser = Prng.fromSeed(seed * 7919);
      const setup = flitGame.setup({ seed });
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value;
      let plies = 0;
      for (let actor = flitGame.toAct(state); actor !== null && plies < 3000; actor = flitGame.toAct(state)) {
        plies++;
        expect(state.seats[actor]?.frozen).toBeNull();
        const roll = chooser.float();
        const before = state;
        if (roll < 0.08) state = flitGame.missedTurn?.(state, 'timeout') ?? state;
        else if (roll < 0.12) state = flitGame.missedTurn?.(state, 'invalid') ?? state;
        else if (roll < 0.125) state = flitGame.missedTurn?.(state, 'gone') ?? state;
        else if (roll < 0.3) state = flitGame.apply(state, chooser.pick(flitGame.legalMoves(state)));
        else state = flitGame.apply(state, flitGame.takeover(state, plies));
        expect(state.turns).toBeGreaterThan(before.turns);
        const out = flitGame.afterMove(before, { x0: 0, y0: 0, x1: 0, y1: 0 }, state);
        for (const d of out) expect(state.seats[d.seat]?.frozen?.reason).not.toBe('gone');
        const prompts = out.filter((d) => d.line === 'M');
        const next = flitGame.toAct(state);
        expect(prompts).toEqual(next === null ? [] : [{ seat: next, line: 'M' }]);
        expect(out.at(-1)?.line === 'M').toBe(next !== null);
        checkInvariants(state);
      }
    });
  }
});
