import { describe, expect, it } from 'vitest';
import { NAMED_COLOURS, NEUTRAL_COLOUR, SEAT_PALETTE, seatColour, seatColours } from './palette.ts';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('the seat palette', () => {
  it('has four distinct colours and a neutral one, all #rrggbb', () => {
    expect(SEAT_PALETTE).toHaveLength(4);
    expect(new Set([...SEAT_PALETTE, NEUTRAL_COLOUR]).size).toBe(5);
    for (const colour of [...SEAT_PALETTE, NEUTRAL_COLOUR]) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('reads on a light and on a dark background (contrast at least 3:1 against both)', () => {
    for (const colour of [...SEAT_PALETTE, NEUTRAL_COLOUR]) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrast(colour, '#121212')).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives Less and More the colours their seats are named after', () => {
    expect(seatColours('less')).toEqual([
      NAMED_COLOURS.Yellow,
      NAMED_COLOURS.Black,
      NAMED_COLOURS.White,
      NAMED_COLOURS.Red,
    ]);
    expect(seatColours('more')).toEqual([NAMED_COLOURS.White, NAMED_COLOURS.Black]);
    expect(luminance(seatColour('more', 0))).toBeGreaterThan(0.9);
    expect(luminance(seatColour('more', 1))).toBeLessThan(0.05);
  });

  it('gives 6561 and Flit the seat palette, and a seat the game lacks the neutral colour', () => {
    expect(seatColours('flit')).toEqual(SEAT_PALETTE);
    expect(seatColours('6561')).toEqual(SEAT_PALETTE.slice(0, 2));
    expect(seatColour('flit', 3)).toBe(SEAT_PALETTE[3]);
    expect(seatColour('6561', 2)).toBe(NEUTRAL_COLOUR);
  });
});
