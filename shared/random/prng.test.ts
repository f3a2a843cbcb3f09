import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Prng, deriveSeed } from './prng.ts';

describe('Prng', () => {
  it('produces a fixed sequence for a seed (recorded games depend on it never changing)', () => {
    const rng = Prng.fromSeed(42);
    const first = [rng.nextU32(), rng.nextU32(), rng.nextU32()];
    expect(first).toEqual(FIXED_42);
  });

  it('continues exactly from a stored state', () => {
    const a = Prng.fromSeed(7);
    a.nextU32();
    const b = Prng.fromState(a.state());
    expect(a.state().every((w) => w >= 0 && w <= 0xffffffff)).toBe(true);
    expect([b.nextU32(), b.nextU32()]).toEqual([a.nextU32(), a.nextU32()]);
  });

  it('rejects a malformed state with a clear error', () => {
    expect(() => Prng.fromState([1, 2, 3] as unknown as [number, number, number, number])).toThrow(
      /four unsigned/,
    );
    expect(() => Prng.fromState([1, 2, 3, -1])).toThrow(/four unsigned/);
  });

  it('draws below(n) uniformly enough and always in range', () => {
    const rng = Prng.fromSeed(1);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.below(6)]! += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(() => rng.below(0)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer(), (n, seed) => {
        const x = Prng.fromSeed(seed).below(n);
        return Number.isInteger(x) && x >= 0 && x < n;
      }),
    );
  });

  it('shuffles into a permutation without touching the input', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = Prng.fromSeed(3).shuffle(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...out].sort()).toEqual(input);
    expect(out).not.toEqual(input);
    expect(() => Prng.fromSeed(3).pick([])).toThrow(/empty/);
  });

  it('gives floats in [0, 1)', () => {
    const rng = Prng.fromSeed(9);
    for (let i = 0; i < 1000; i++) {
      const f = rng.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });
});

describe('deriveSeed', () => {
  it('is stable and separates paths', () => {
    expect(deriveSeed(1, 'round', 3)).toBe(deriveSeed(1, 'round', 3));
    const seeds = new Set([
      deriveSeed(1, 1, 2),
      deriveSeed(1, 2, 1),
      deriveSeed(2, 1, 2),
      deriveSeed(1, '1', 2),
      deriveSeed(1, 1),
    ]);
    expect(seeds.size).toBe(5);
    expect(deriveSeed(5)).toBe(5);
  });
});

const FIXED_42 = [1028872839, 2516511472, 400437680];
