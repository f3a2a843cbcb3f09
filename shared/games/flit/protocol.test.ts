import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Prng } from '../../random/prng.ts';
import { NEUTRAL } from './board.ts';
import { composeState } from './compose.ts';
import {
  afterMove,
  formatMove,
  opening,
  parseReply,
  readReply,
  scanMove,
  turnDeliveries,
} from './protocol.ts';
import { applyMove, checkMove, missedTurn } from './rules.ts';
import { PASS, type FlitMove, type FlitState } from './state.ts';
import { initialState } from './turn.ts';

const lines = (deliveries: readonly { seat: number; line: string; last?: boolean }[]): string[] =>
  deliveries.map((d) => `${d.seat}${d.last === true ? '!' : ''}:${d.line}`);

/** The first seed from which a transition's neutral draw on an open board places nothing. */
function quietSeed(): number {
  for (let seed = 0; ; seed++) {
    const rng = Prng.fromSeed(seed);
    rng.below(1024);
    if (rng.below(16) !== 0) return seed;
  }
}

describe('Flit opening', () => {
  it('sends each bot its number, then the 8 initial pieces in placement order, then M to bot 1', () => {
    const state = initialState(1);
    const updates = state.changes.map((u) => `${u.x} ${u.y} ${u.c}`);
    expect(updates.map((u) => u.split(' ')[2])).toEqual(['1', '2', '3', '4', '1', '2', '3', '4']);
    expect(lines(opening(state))).toEqual([
      '0:1',
      '1:2',
      '2:3',
      '3:4',
      ...updates.flatMap((u) => [0, 1, 2, 3].map((seat) => `${seat}:${u}`)),
      '0:M',
    ]);
  });

  it('is exactly this for seed 1', () => {
    const perSeat = (seat: number): string[] =>
      opening(initialState(1))
        .filter((d) => d.seat === seat)
        .map((d) => d.line);
    expect(perSeat(0)).toEqual([
      '1',
      '15 6 1',
      '25 6 2',
      '18 9 3',
      '9 13 4',
      '27 28 1',
      '22 18 2',
      '15 20 3',
      '2 22 4',
      'M',
    ]);
    expect(perSeat(3)).toEqual(['4', ...perSeat(0).slice(1, 9)]);
  });
});

describe('Flit lines after a turn', () => {
  const seed = quietSeed();
  const state = composeState({
    seed,
    pieces: [
      { x: 5, y: 5, c: 1 },
      { x: 5, y: 6, c: 1 },
      { x: 6, y: 4, c: NEUTRAL },
      { x: 7, y: 5, c: NEUTRAL },
      { x: 20, y: 20, c: 2 },
      { x: 20, y: 21, c: 2 },
    ],
  });

  it('broadcasts the move to every bot, the mover too: origin, destination, conversions; then M', () => {
    const move: FlitMove = { x0: 5, y0: 6, x1: 6, y1: 5 };
    const after = applyMove(state, move);
    const each = (line: string): string[] => [0, 1, 2, 3].map((seat) => `${seat}:${line}`);
    expect(lines(afterMove(state, move, after))).toEqual([
      ...each('5 6 0'),
      ...each('6 5 1'),
      ...each('6 4 1'),
      ...each('7 5 1'),
      '1:M',
    ]);
  });

  it('broadcasts nothing of a non-move', () => {
    expect(lines(afterMove(state, PASS, applyMove(state, PASS)))).toEqual(['1:M']);
  });

  it('sends a new neutral piece to every bot after the move, before M', () => {
    let placing = 0;
    for (; ; placing++) {
      const rng = Prng.fromSeed(placing);
      const cell = rng.below(1024);
      if (cell % 32 > 10 && cell % 32 < 18 && rng.below(16) === 0) break;
    }
    const before: FlitState = { ...state, rng: Prng.fromSeed(placing).state() };
    const after = applyMove(before, PASS);
    const neutral = after.changes[0];
    expect(neutral?.c).toBe(NEUTRAL);
    const line = `${neutral?.x} ${neutral?.y} 5`;
    expect(lines(afterMove(before, PASS, after))).toEqual([
      '0:' + line,
      '1:' + line,
      '2:' + line,
      '3:' + line,
      '1:M',
    ]);
  });

  it('gives the same lines after a missed turn, from the state alone', () => {
    const after = missedTurn(state, 'timeout');
    expect(lines(turnDeliveries(after))).toEqual(['1:M']);
    expect(afterMove(state, PASS, after)).toEqual(turnDeliveries(after));
  });

  it('writes nothing more to a program that is gone', () => {
    const after = missedTurn({ ...state, next: 1 }, 'gone');
    const move: FlitMove = { x0: 5, y0: 6, x1: 6, y1: 5 };
    const next = applyMove({ ...after, next: 0 }, move);
    expect(lines(turnDeliveries(next)).filter((l) => l.startsWith('1'))).toEqual([]);
    expect(lines(turnDeliveries(next))).toContain('2:6 5 1');
  });

  it('writes the last updates but no M and no closing line when the game ends', () => {
    const move: FlitMove = { x0: 5, y0: 6, x1: 6, y1: 5 };
    const after = applyMove({ ...state, passStreak: 0, turns: 32_767 }, move);
    const out = lines(afterMove(state, move, after));
    expect(out).toHaveLength(16);
    expect(out.every((l) => !l.endsWith(':M') && !l.includes('!'))).toBe(true);
  });
});

describe('Flit protocol example of docs/rules/flit.md (seed 1)', () => {
  it('gives exactly the documented dialogue', () => {
    let state = initialState(1);
    const turn = (reply: string | null): string[] => {
      const before = state;
      if (reply === null) {
        state = missedTurn(state, 'timeout');
      } else {
        const parsed = parseReply(state, reply);
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(checkMove(state, parsed.value)).toBeNull();
        state = applyMove(state, parsed.value);
      }
      return lines(afterMove(before, PASS, state));
    };
    const all = (...updates: string[]): string[] =>
      updates.flatMap((u) => [0, 1, 2, 3].map((seat) => `${seat}:${u}`));
    expect(turn('27 28 15 7')).toEqual([...all('27 28 0', '15 7 1'), '1:M']);
    expect(turn('22 18 25 7')).toEqual([...all('22 18 0', '25 7 2'), '2:M']);
    expect(turn('18 9 18 9')).toEqual(['3:M']);
    expect(turn(null)).toEqual([...all('28 4 5'), '0:M']);
  });
});

describe('Flit reply parser', () => {
  const start = initialState(0);
  const parse = (line: string): ReturnType<typeof parseReply> => parseReply(start, line);

  it('reads x0 y0 x1 y1', () => {
    expect(parse('1 2 3 4')).toEqual({ ok: true, value: { x0: 1, y0: 2, x1: 3, y1: 4 } });
    expect(parse('31 0 0 31')).toEqual({ ok: true, value: { x0: 31, y0: 0, x1: 0, y1: 31 } });
    expect(parse('7 7 7 7')).toEqual({ ok: true, value: { x0: 7, y0: 7, x1: 7, y1: 7 } });
  });

  it('forgives spacing, tabs, a Windows line ending and leading zeros', () => {
    expect(parse('  1\t2   3 4 \r')).toEqual({ ok: true, value: { x0: 1, y0: 2, x1: 3, y1: 4 } });
    expect(parse('01 002 3 4')).toEqual({ ok: true, value: { x0: 1, y0: 2, x1: 3, y1: 4 } });
  });

  it('says exactly what is wrong', () => {
    expect(parse('')).toMatchObject({ ok: false, error: { code: 'empty-reply' } });
    expect(parse('   ')).toMatchObject({ ok: false, error: { code: 'empty-reply' } });
    expect(parse('1 2 3')).toEqual({
      ok: false,
      error: {
        code: 'field-count',
        message:
          'a move is four numbers "x0 y0 x1 y1", each 0–31, separated by spaces; got 3 fields in "1 2 3"',
      },
    });
    expect(parse('1 2 3 4 5')).toMatchObject({ ok: false, error: { code: 'field-count' } });
    expect(parse('1 2 3 x')).toEqual({
      ok: false,
      error: { code: 'not-a-number', message: 'y1 must be a number 0–31, got "x"', index: 6 },
    });
    expect(parse('-1 2 3 4')).toMatchObject({ ok: false, error: { code: 'not-a-number', index: 0 } });
    expect(parse('1,2 3 4 5')).toMatchObject({ ok: false, error: { code: 'not-a-number' } });
    expect(parse('1 32 3 4')).toEqual({
      ok: false,
      error: { code: 'off-board', message: 'y0 must be 0–31 (the board is 32×32), got "32"', index: 2 },
    });
    expect(parse('M')).toMatchObject({ ok: false, error: { code: 'field-count' } });
  });

  it('never throws, and either reads four coordinates 0–31 or gives a coded error', () => {
    const codes = new Set(['empty-reply', 'field-count', 'not-a-number', 'off-board']);
    const noisy = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc
        .array(fc.oneof(fc.nat(40).map(String), fc.constantFrom(' ', '\t', '\r', '-', 'x', '')), {
          maxLength: 9,
        })
        .map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(noisy, (line) => {
        const result = parse(line);
        if (result.ok) {
          for (const v of Object.values(result.value))
            expect(v >= 0 && v <= 31 && Number.isInteger(v)).toBe(true);
        } else {
          expect(codes.has(result.error.code)).toBe(true);
          expect(result.error.message.length).toBeGreaterThan(10);
        }
      }),
    );
  });

  it('reads a well-formed reply without building anything, exactly as the full reading does', () => {
    const lines = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.oneof(
            fc.nat(40).map(String),
            fc.nat(40).map((n) => `00${n}`),
            fc.constantFrom(' ', '\t', '\r', '\n', '\u00a0', '-', 'x', '', '1e1', '99999999999999999999'),
          ),
          { maxLength: 7 },
        )
        .map((parts) => parts.join(' ')),
    );
    fc.assert(
      fc.property(lines, (line) => {
        const full = readReply(line);
        expect(scanMove(line)).toEqual(full.ok ? full.value : null);
      }),
      { numRuns: 2000 },
    );
    expect(scanMove(' 01\t2 31 0\r')).toEqual({ x0: 1, y0: 2, x1: 31, y1: 0 });
    for (const bad of ['1 2 3', '1 2 3 4 5', '1 2 3 32', '1 2 3 4\n', '1 2 3 4\u00a0', '+1 2 3 4', ''])
      expect(scanMove(bad)).toBeNull();
  });

  it('reads back every move it formats', () => {
    const coordinate = fc.integer({ min: 0, max: 31 });
    fc.assert(
      fc.property(coordinate, coordinate, coordinate, coordinate, (x0, y0, x1, y1) => {
        const move = { x0, y0, x1, y1 };
        expect(parse(formatMove(move))).toEqual({ ok: true, value: move });
      }),
    );
  });
});
