import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lessGame } from './index.ts';
import { lessPosition } from './position.ts';
import type { LessState } from './state.ts';

function start(): LessState {
  const made = lessPosition({});
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

function rushing(): LessState {
  const made = lessPosition({
    pieces: { Yellow: ['a7', 'a8', 'b7', 'c8'] },
    turns: [20, 20, 20, 20],
    charged: [60, 60, 60, 60],
    rush: { cause: { kind: 'turn-limit' }, queue: [0, 1, 2, 3] },
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const square = fc
  .tuple(fc.constantFrom(...'abcdefgh'), fc.integer({ min: 1, max: 8 }))
  .map(([r, c]) => `${r}${c}`);
const moveText = fc.tuple(square, square).map(([a, b]) => a + b);

describe('Less reply lines', () => {
  it('reads one to three moves separated by colons, and writes them back the same', () => {
    const parsed = lessGame.parseReply(start(), 'h1f1:g1g3:h2f2');
    expect(parsed).toEqual({
      ok: true,
      value: {
        steps: [
          { from: 56, to: 40 },
          { from: 48, to: 50 },
          { from: 57, to: 41 },
        ],
      },
    });
    if (parsed.ok) expect(lessGame.formatMove(parsed.value)).toBe('h1f1:g1g3:h2f2');
    expect(lessGame.parseReply(start(), '  g1f1\r')).toEqual({
      ok: true,
      value: { steps: [{ from: 48, to: 40 }] },
    });
  });

  it('names what is wrong with a bad line', () => {
    const state = start();
    expect(lessGame.parseReply(state, '')).toEqual({
      ok: false,
      error: { code: 'empty-reply', message: 'the reply is empty; expected moves such as h1f1:g1g3' },
    });
    expect(lessGame.parseReply(state, 'a1a2:a2a3:a3a4:a4a5')).toEqual({
      ok: false,
      error: {
        code: 'too-many-moves',
        message: 'a turn has at most three moves separated by \':\'; got 4 in "a1a2:a2a3:a3a4:a4a5"',
      },
    });
    expect(lessGame.parseReply(state, 'h1f1:g1i3')).toEqual({
      ok: false,
      error: {
        code: 'move-syntax',
        message: 'move 2 of "h1f1:g1i3" is "g1i3"; a move is two squares a1..h8 in lower case, such as h1f1',
        index: 5,
      },
    });
    expect(lessGame.parseReply(state, 'H1F1')).toMatchObject({
      ok: false,
      error: { code: 'move-syntax', index: 0 },
    });
    expect(lessGame.parseReply(state, 'h1f1:')).toMatchObject({
      ok: false,
      error: { code: 'move-syntax', index: 5 },
    });
    expect(lessGame.parseReply(state, 'Quit')).toMatchObject({ ok: false, error: { code: 'move-syntax' } });
    expect(lessGame.parseReply(state, 'h1 f1')).toMatchObject({ ok: false, error: { code: 'move-syntax' } });
    expect(lessGame.parseReply(rushing(), 'c8b8:b8c8')).toEqual({
      ok: false,
      error: {
        code: 'rush-one-move',
        message: 'in the rush each line holds exactly one move such as h1f1, not several; got "c8b8:b8c8"',
        index: 4,
      },
    });
    expect(lessGame.parseReply(rushing(), 'c8b8')).toEqual({
      ok: true,
      value: { steps: [{ from: 23, to: 15 }] },
    });
  });

  it('refuses replies after the end', () => {
    const made = lessPosition({
      pieces: {
        Yellow: ['a7', 'a8', 'b7', 'b8'],
        Black: ['g7', 'g8', 'h7', 'h8'],
        White: ['a1', 'a2', 'b1', 'b2'],
        Red: ['g1', 'g2', 'h1', 'h2'],
      },
    });
    if (!made.ok) throw new Error('position');
    expect(lessGame.parseReply(made.value, 'a1a2')).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    });
    expect(lessGame.checkMove(made.value, { steps: [{ from: 0, to: 1 }] })).toBe('the game is over');
  });

  it('never throws on any line, and every failure carries a code and a message', () => {
    const states = [start(), rushing()];
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(0, 1), (line, k) => {
        const result = lessGame.parseReply(states[k] as LessState, line);
        if (!result.ok) {
          expect(result.error.code).toMatch(/^[a-z-]+$/);
          expect(result.error.message.length).toBeGreaterThan(10);
        } else {
          expect(lessGame.formatMove(result.value)).toBe(line.trim());
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every well-formed line of one to three moves back to the same text', () => {
    fc.assert(
      fc.property(fc.array(moveText, { minLength: 1, maxLength: 3 }), (moves) => {
        const line = moves.join(':');
        const result = lessGame.parseReply(start(), line);
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(result.value.steps).toHaveLength(moves.length);
          expect(lessGame.formatMove(result.value)).toBe(line);
          // checkMove always answers, legal or not.
          const verdict = lessGame.checkMove(start(), result.value);
          expect(verdict === null || verdict.length > 0).toBe(true);
        }
      }),
    );
  });

  it('checks any move structure without throwing', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ from: fc.integer({ min: -5, max: 70 }), to: fc.integer({ min: -5, max: 70 }) }),
          {
            maxLength: 5,
          },
        ),
        (steps) => {
          for (const state of [start(), rushing()]) {
            const verdict = lessGame.checkMove(state, { steps });
            expect(verdict === null || typeof verdict === 'string').toBe(true);
          }
        },
      ),
    );
  });
});

describe('Less stored states', () => {
  it('round-trips through JSON', () => {
    const state = rushing();
    const json = JSON.parse(JSON.stringify(lessGame.toJson(state))) as unknown;
    const back = lessGame.fromJson(json);
    expect(back.ok).toBe(true);
    if (back.ok) expect(lessGame.toJson(back.value)).toEqual(lessGame.toJson(state));
  });

  it('says what is wrong with a bad stored state', () => {
    const good = lessGame.toJson(start()) as Record<string, unknown>;
    const broken = (patch: Record<string, unknown>): string => {
      const result = lessGame.fromJson({ ...good, ...patch });
      return result.ok ? 'ok' : result.error.message;
    };
    expect(broken({})).toBe('ok');
    expect(broken({ board: '012' })).toBe(
      'invalid Less state: board: a 8×8 board string has 112 characters, this one has 3',
    );
    expect(broken({ pieces: [['a1', 'a2', 'b1', 'b2']] })).toBe(
      'invalid Less state: pieces must list four seats',
    );
    expect(broken({ pieces: [['g1', 'g2', 'h1', 'h9'], [], [], []] })).toBe(
      'invalid Less state: pieces of Yellow: "h9" is not a square a1..h8',
    );
    expect(
      broken({
        pieces: [
          ['g1', 'g2', 'h1', 'h2'],
          ['a1', 'a2', 'b1', 'h2'],
          ['g7', 'g8', 'h7', 'h8'],
          ['a7', 'a8', 'b7', 'b8'],
        ],
      }),
    ).toBe('invalid Less state: two pieces stand on h2');
    expect(broken({ turns: [0, 0, 0, 21] })).toBe(
      'invalid Less state: turns must be four whole numbers from 0 to 20',
    );
    expect(broken({ turns: [20, 20, 20, 20] })).toBe(
      'invalid Less state: Yellow is to move but has played all 20 turns; the rush should have begun',
    );
    expect(broken({ rushFailed: [false] })).toBe('invalid Less state: rushFailed must be four booleans');
    expect(broken({ rush: { cause: { kind: 'stuck', seat: 7 }, queue: [] } })).toBe(
      'invalid Less state: rush.cause must be {"kind":"turn-limit"} or {"kind":"stuck","seat":0..3}',
    );
    expect(broken({ rush: { cause: { kind: 'turn-limit' }, queue: [1, 1] } })).toBe(
      'invalid Less state: rush.queue must list distinct seats 0..3',
    );
  });

  it('never throws on any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const result = lessGame.fromJson(json);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('bad-state');
      }),
    );
    const good = lessGame.toJson(start()) as Record<string, unknown>;
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(good)), fc.jsonValue(), (key, value) => {
        const result = lessGame.fromJson({ ...good, [key]: value });
        if (!result.ok) expect(result.error.message).toMatch(/^invalid Less state: /);
      }),
    );
  });
});
