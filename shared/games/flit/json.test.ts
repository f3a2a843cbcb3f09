import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { composeState } from './compose.ts';
import { stateFromJson, stateToJson } from './json.ts';
import { applyMove, legalMoves, missedTurn } from './rules.ts';
import { PASS, type FlitState } from './state.ts';
import { initialState } from './turn.ts';

/** A state with some history: moves, a frozen bot, invalid replies and timeouts. */
function playedState(): FlitState {
  let state = initialState(11);
  state = missedTurn(state, 'timeout');
  state = missedTurn(state, 'invalid');
  state = missedTurn(state, 'gone');
  for (let i = 0; i < 40; i++) state = applyMove(state, legalMoves(state)[1 + (i % 3)] ?? PASS);
  return state;
}

/** The JSON form of `state` as plain, freshly parsed data. */
const plainJson = (state: FlitState): Record<string, unknown> =>
  JSON.parse(JSON.stringify(stateToJson(state))) as Record<string, unknown>;

describe('Flit state serialisation', () => {
  it('round-trips a played state exactly, counts included', () => {
    const state = playedState();
    const restored = stateFromJson(plainJson(state));
    expect(restored).toEqual({ ok: true, value: state });
  });

  it('stores the board as 32 rows of digits and the last updates as protocol lines', () => {
    const json = plainJson(initialState(1));
    expect(json.board).toHaveLength(32);
    expect((json.board as string[])[6]).toBe('00000000000000010000000002000000');
    expect(json.changes).toEqual([
      '15 6 1',
      '25 6 2',
      '18 9 3',
      '9 13 4',
      '27 28 1',
      '22 18 2',
      '15 20 3',
      '2 22 4',
    ]);
    expect(json.seats).toHaveLength(4);
  });

  it('names what is wrong in a bad stored state', () => {
    const good = plainJson(playedState());
    const message = (json: unknown): string => {
      const result = stateFromJson(json);
      return result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`;
    };
    expect(message(null)).toMatch(/^bad-state: a stored Flit state is invalid: it must be an object/);
    expect(message({ ...good, board: ['0'] })).toMatch(/board must be a list of 32 rows/);
    const rows = [...(good.board as string[])];
    rows[3] = `${rows[3]?.slice(0, 31)}7`;
    expect(message({ ...good, board: rows })).toMatch(/board row 3 must be 32 digits 0–5/);
    expect(message({ ...good, rng: [1, 2, 3] })).toMatch(/rng must be four unsigned 32-bit integers/);
    expect(message({ ...good, rng: [1, 2, 3, -1] })).toMatch(/rng must be four/);
    expect(message({ ...good, turns: 40_000 })).toMatch(/turns must be a whole number 0–32768/);
    expect(message({ ...good, next: 4 })).toMatch(/next must be a seat 0–3/);
    expect(message({ ...good, passStreak: 1.5 })).toMatch(/passStreak/);
    expect(message({ ...good, seats: [] })).toMatch(/seats must list 4 seat records/);
    expect(message({ ...good, changes: ['1 2 6'] })).toMatch(/change 0 must be an update "x y c"/);
    expect(message({ ...good, changes: ['32 2 1'] })).toMatch(/change 0 must be an update/);
    const seats = good.seats as Record<string, unknown>[];
    const badSeat = (patch: Record<string, unknown>): unknown => ({
      ...good,
      seats: [{ ...seats[0], ...patch }, ...seats.slice(1)],
    });
    expect(message(badSeat({ moves: -1 }))).toMatch(/seat 0: moves must be a whole number/);
    expect(message(badSeat({ timeoutStreak: 6 }))).toMatch(
      /seat 0: timeoutStreak must be a whole number 0–5/,
    );
    expect(message(badSeat({ frozen: { reason: 'bored', turn: 3 } }))).toMatch(
      /seat 0: frozen must be null or/,
    );
    expect(message(badSeat({ frozen: { reason: 'gone', turn: 0 } }))).toMatch(
      /seat 0: frozen.turn must be a turn/,
    );
  });

  it('refuses a running game whose seat to move is frozen', () => {
    const frozen = { frozen: { reason: 'gone' as const, turn: 1 } };
    const json = plainJson(composeState({ pieces: [{ x: 1, y: 1, c: 1 }], turns: 3, seats: { 0: frozen } }));
    expect(stateFromJson(json)).toMatchObject({ ok: false, error: { code: 'bad-state' } });
    expect(stateFromJson({ ...json, next: 1 }).ok).toBe(true);
  });

  it('never throws on arbitrary data or damaged states', () => {
    const good = plainJson(playedState());
    const keys = Object.keys(good);
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.anything()), (value) => {
        const result = stateFromJson(value);
        if (!result.ok) expect(result.error.code).toBe('bad-state');
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.jsonValue(), (key, value) => {
        const result = stateFromJson({ ...good, [key]: value });
        if (!result.ok) expect(result.error.message).toMatch(/^a stored Flit state is invalid: /);
      }),
    );
  });
});
