import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardSum,
  DIRECTIONS,
  sameBoard,
  slideChanges,
  slideBoard,
  slideLine,
  slideLines,
  type Board,
  type Direction,
  type Piece,
} from './board.ts';
import { boardFromRows } from './state.ts';

function board(...rows: string[]): Board {
  const parsed = boardFromRows(rows);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function rows(b: Board): string[] {
  const out: string[] = [];
  for (let r = 0; r < 4; r++) {
    out.push(
      b
        .slice(r * 4, r * 4 + 4)
        .map((p) => (p === null ? '.' : `${p.colour[0]?.toUpperCase()}${p.value}`))
        .join(' '),
    );
  }
  return out;
}

const p = (text: string): Piece => {
  const parsed = boardFromRows([`${text} . . .`, '. . . .', '. . . .', '. . . .']);
  if (!parsed.ok || parsed.value[0] === null || parsed.value[0] === undefined) throw new Error(text);
  return parsed.value[0];
};

describe('the worked slide example of the rules (slid up)', () => {
  // Column 1: two red 3s and a blue 3 below them; column 2: gray 1, blue 1, blue 1, red 1;
  // column 3: two blue 9s with a gap; column 4: gray 1, gray 1, gray 3.
  const before = board('R3 G1 B9 G1', 'R3 B1 .  G1', 'B3 B1 B9 G3', '.  R1 .  .');
  const after = slideBoard(before, 'U');

  it('gives the board the text describes', () => {
    expect(rows(after)).toEqual(['R9 . B27 G3', 'B3 . . G3', '. . . .', '. . . .']);
  });

  it('merges the two red 3s from the edge and leaves the blue piece alone', () => {
    expect(after[0]).toEqual({ colour: 'red', value: 9 });
    expect(after[4]).toEqual({ colour: 'blue', value: 3 });
  });

  it('removes gray 1 with the first blue 1, and the last two pieces, emptying column 2', () => {
    expect([after[1], after[5], after[9], after[13]]).toEqual([null, null, null, null]);
  });

  it('does not merge the new gray 3 with the old one until the next slide up', () => {
    expect([after[3], after[7]]).toEqual([
      { colour: 'gray', value: 3 },
      { colour: 'gray', value: 3 },
    ]);
    const again = slideBoard(after, 'U');
    expect(rows(again)).toEqual(['R9 . B27 G9', 'B3 . . .', '. . . .', '. . . .']);
  });

  it('changes the board sum from 36 to 45 (merging triples, removal subtracts both)', () => {
    expect(boardSum(before)).toBe(36);
    expect(boardSum(after)).toBe(45);
  });
});

describe('slideLine', () => {
  it('keeps unequal pieces in order', () => {
    expect(slideLine([p('B1'), p('B3'), p('B9')])).toEqual([p('B1'), p('B3'), p('B9')]);
  });
  it('merges the pair nearest the edge first: B1 B1 B1 gives B3 B1', () => {
    expect(slideLine([p('B1'), p('B1'), p('B1')])).toEqual([p('B3'), p('B1')]);
  });
  it('merges two pairs in one line: R1 R1 R1 R1 gives R3 R3, not R9', () => {
    expect(slideLine([p('R1'), p('R1'), p('R1'), p('R1')])).toEqual([p('R3'), p('R3')]);
  });
  it('does not pair a piece with one that came next to it by a removal: R3 B1 G1 R3 gives R3 R3', () => {
    expect(slideLine([p('R3'), p('B1'), p('G1'), p('R3')])).toEqual([p('R3'), p('R3')]);
  });
  it('does not pair a new piece again: G1 G1 G3 gives G3 G3', () => {
    expect(slideLine([p('G1'), p('G1'), p('G3')])).toEqual([p('G3'), p('G3')]);
  });
  it('removes a pair of different colours and equal value: B9 R9 gives nothing', () => {
    expect(slideLine([p('B9'), p('R9')])).toEqual([]);
  });
  it('does not pair equal colours of different values', () => {
    expect(slideLine([p('G3'), p('G1')])).toEqual([p('G3'), p('G1')]);
  });
});

describe('slideBoard', () => {
  const start = board('. B1 . .', '. . . R1', 'G1 . . .', '. . B3 .');

  it.each<[Direction, string[]]>([
    ['U', ['G1 B1 B3 R1', '. . . .', '. . . .', '. . . .']],
    ['D', ['. . . .', '. . . .', '. . . .', 'G1 B1 B3 R1']],
    ['L', ['B1 . . .', 'R1 . . .', 'G1 . . .', 'B3 . . .']],
    ['R', ['. . . B1', '. . . R1', '. . . G1', '. . . B3']],
  ])('slides %s toward its edge (U row 1, D row 4, L column 1, R column 4)', (direction, expected) => {
    expect(rows(slideBoard(start, direction))).toEqual(expected);
  });

  it('pairs from the edge it slides to: a row B1 B1 B1 . gives B3 B1 left and B1 B3 right', () => {
    const line = board('B1 B1 B1 .', '. . . .', '. . . .', '. . . .');
    expect(rows(slideBoard(line, 'L'))[0]).toBe('B3 B1 . .');
    expect(rows(slideBoard(line, 'R'))[0]).toBe('. . B1 B3');
  });

  it('does not change its argument', () => {
    const copy = JSON.stringify(start);
    slideBoard(start, 'U');
    expect(JSON.stringify(start)).toBe(copy);
  });

  it('lists the lines from the edge pieces move toward', () => {
    expect(slideLines('U')[0]).toEqual([0, 4, 8, 12]);
    expect(slideLines('D')[3]).toEqual([15, 11, 7, 3]);
    expect(slideLines('L')[1]).toEqual([4, 5, 6, 7]);
    expect(slideLines('R')[2]).toEqual([11, 10, 9, 8]);
  });
});

describe('slideChanges', () => {
  const piece = fc.oneof(
    fc.constant(null),
    fc.record({
      colour: fc.constantFrom('blue' as const, 'red' as const, 'gray' as const),
      value: fc.constantFrom(1, 3, 9, 27),
    }),
  );

  it('says exactly whether slideBoard changes the board, on random boards of few values', () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 16, maxLength: 16 }), (b) => {
        for (const d of DIRECTIONS) expect(slideChanges(b, d)).toBe(!sameBoard(slideBoard(b, d), b));
      }),
      { numRuns: 3000 },
    );
  });

  it('sees a piece that only moves, a pair that vanishes and a line that stays', () => {
    expect(slideChanges(board('. R1 . .', '. . . .', '. . . .', '. . . .'), 'L')).toBe(true);
    expect(slideChanges(board('R3 B3 . .', '. . . .', '. . . .', '. . . .'), 'L')).toBe(true);
    expect(slideChanges(board('R3 B9 R3 .', '. . . .', '. . . .', '. . . .'), 'L')).toBe(false);
    expect(slideChanges(board('R3 B9 R3 .', '. . . .', '. . . .', '. . . .'), 'R')).toBe(true);
  });
});
