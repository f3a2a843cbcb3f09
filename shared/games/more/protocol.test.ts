import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSquare } from '../walls/grid.ts';
import { moreGame as game } from './index.ts';
import { SAMPLE_BOARD, type MoreState } from './state.ts';

const sq = (name: string): number => parseSquare(6, name) as number;

function start(): MoreState {
  const result = game.setup({ seed: 0, board: SAMPLE_BOARD });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function position(
  white: readonly string[],
  black: readonly string[],
  moves: readonly [number, number],
): MoreState {
  const result = game.fromJson({ board: SAMPLE_BOARD, white, black, moves, penalties: [0, 0] });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** Plays reply lines and returns every line written, as `seat:line` (`seat!:line` for a last line). */
function transcript(state: MoreState, replies: readonly string[]): { lines: string[]; state: MoreState } {
  const lines: string[] = [];
  let current = state;
  for (const reply of replies) {
    const parsed = game.parseReply(current, reply);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const reason = game.checkMove(current, parsed.value);
    if (reason !== null) throw new Error(`${reply}: ${reason}`);
    const next = game.apply(current, parsed.value);
    for (const d of game.afterMove(current, parsed.value, next))
      lines.push(`${d.seat}${d.last ? '!' : ''}:${d.line}`);
    current = next;
  }
  return { lines, state: current };
}

describe('More protocol', () => {
  it('sends the board to both, then Start to White', () => {
    expect(game.opening(start())).toEqual([
      { seat: 0, line: SAMPLE_BOARD },
      { seat: 1, line: SAMPLE_BOARD },
      { seat: 0, line: 'Start' },
    ]);
  });

  it("replays the opening of the text's dialogue example on the Figure 1 board", () => {
    const { lines, state } = transcript(start(), ['f6f4', 'a1c1', 'f5d5', 'b1d1', 'e5c5', 'c1e1']);
    expect(lines).toEqual(['1:f6f4', '0:a1c1', '1:f5d5', '0:b1d1', '1:e5c5', '0:c1e1']);
    // All six are jumps: one move each, no penalties.
    expect(state.moves).toEqual([3, 3]);
    expect(state.penalties).toEqual([0, 0]);
    expect(game.toJson(state)).toMatchObject({
      white: ['c5', 'e6', 'd5', 'f4'],
      black: ['e1', 'a2', 'd1', 'b2'],
    });
  });

  it("replays the end of the dialogue example: White's last move b3b2, then Nil, Nil, Quit to both", () => {
    const before = position(['a1', 'a2', 'b1', 'b3'], ['e6', 'f5', 'f3', 'e4'], [24, 24]);
    const { lines, state } = transcript(before, ['b3b2', 'f3f4', 'f4f6', 'e4e5']);
    // Black reads White's final move itself, then Nil in place of each move White no longer makes.
    expect(lines).toEqual(['1:b3b2', '1:Nil', '1:Nil', '0!:Quit', '1!:Quit']);
    expect(game.end(state)).toEqual({ kind: 'all-home' });
    expect(state.moves).toEqual([25, 27]);
  });

  it('sends White Nil in the same way when Black is home first', () => {
    const before = position(['c1', 'a2', 'b1', 'b2'], ['e5', 'e6', 'f5', 'f4'], [14, 13]);
    const { lines } = transcript(before, ['f4f6', 'c1d1', 'd1c1', 'c1a1']);
    expect(lines).toEqual(['0:f4f6', '0:Nil', '0:Nil', '0!:Quit', '1!:Quit']);
  });

  it('formats moves as from and to squares', () => {
    expect(game.formatMove({ from: sq('a1'), to: sq('c1') })).toBe('a1c1');
    expect(game.formatMove({ from: sq('f6'), to: sq('f4') })).toBe('f6f4');
  });

  it('parses a move, forgiving surrounding whitespace such as a Windows \\r', () => {
    expect(game.parseReply(start(), 'a1c1')).toEqual({ ok: true, value: { from: 0, to: 12 } });
    expect(game.parseReply(start(), ' f6f4\r')).toEqual({ ok: true, value: { from: 35, to: 33 } });
  });

  it('names exactly what is wrong with a bad reply', () => {
    const s = start();
    expect(game.parseReply(s, '')).toEqual({
      ok: false,
      error: { code: 'empty-reply', message: 'expected a move such as a1c1, got an empty line' },
    });
    expect(game.parseReply(s, 'Nil')).toEqual({
      ok: false,
      error: {
        code: 'move-format',
        message: 'a move is four characters, the from and to squares such as a1c1; got "Nil"',
      },
    });
    expect(game.parseReply(s, 'a1 c1')).toMatchObject({ ok: false, error: { code: 'move-format' } });
    expect(game.parseReply(s, 'A1C1')).toEqual({
      ok: false,
      error: {
        code: 'move-square',
        message: 'squares are written in lower case, such as a1; got "A1" in "A1C1"',
        index: 0,
      },
    });
    expect(game.parseReply(s, 'a1g1')).toEqual({
      ok: false,
      error: {
        code: 'move-square',
        message: '"g1" in "a1g1" is not a square: rows are a–f and columns 1–6',
        index: 2,
      },
    });
    expect(game.parseReply(s, ' a0a1')).toMatchObject({
      ok: false,
      error: { code: 'move-square', index: 1 },
    });
  });

  it('parses every formatted move back to the same move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 35 }), fc.integer({ min: 0, max: 35 }), (from, to) => {
        expect(game.parseReply(start(), game.formatMove({ from, to }))).toEqual({
          ok: true,
          value: { from, to },
        });
      }),
    );
  });

  it('never throws on any reply: a move that formats back to the text, or an error with a code and message', () => {
    const state = start();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.stringMatching(/^\s?[a-hA-H][0-8][a-h][0-8]\s?$/),
        ),
        (line) => {
          const result = game.parseReply(state, line);
          if (result.ok) {
            expect(game.formatMove(result.value)).toBe(line.trim());
          } else {
            expect(['empty-reply', 'move-format', 'move-square']).toContain(result.error.code);
            expect(result.error.message.length).toBeGreaterThan(10);
          }
        },
      ),
    );
  });
});
