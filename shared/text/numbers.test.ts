import { describe, expect, it } from 'vitest';
import { readNumber } from './numbers.ts';

describe('readNumber, the one reader of typed numbers', () => {
  it('reads whole numbers and decimals, ignoring blanks around them', () => {
    expect(readNumber(' 42 ', { whole: true })).toEqual({ kind: 'number', value: 42 });
    expect(readNumber('-7', { whole: true })).toEqual({ kind: 'number', value: -7 });
    expect(readNumber('1.5')).toEqual({ kind: 'number', value: 1.5 });
    expect(readNumber('.5')).toEqual({ kind: 'number', value: 0.5 });
    expect(readNumber('   ')).toEqual({ kind: 'empty' });
  });

  it('refuses what people do not mean as a number: exponents, hex, Infinity, a decimal for a whole number', () => {
    for (const text of ['1e3', '0x10', 'Infinity', '12abc', '1,5', '--1', '+']) {
      expect(readNumber(text), text).toEqual({ kind: 'not-a-number' });
    }
    expect(readNumber('2.5', { whole: true })).toEqual({ kind: 'not-a-number' });
  });

  it('says a number is out of range, with either bound open', () => {
    expect(readNumber('0', { whole: true, min: 1, max: 10 })).toEqual({ kind: 'out-of-range', value: 0 });
    expect(readNumber('11', { whole: true, min: 1, max: 10 })).toEqual({ kind: 'out-of-range', value: 11 });
    expect(readNumber('2000000', { min: 1, max: null })).toEqual({ kind: 'number', value: 2_000_000 });
    expect(readNumber('-1', { max: 0 })).toEqual({ kind: 'number', value: -1 });
  });
});
