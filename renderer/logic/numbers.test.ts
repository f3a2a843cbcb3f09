import { describe, expect, it } from 'vitest';
import { formatNumber } from './numbers.ts';

describe('formatNumber', () => {
  it('keeps the decimals asked for, in the language given', () => {
    expect(formatNumber(1.5, 2, 'en')).toBe('1.50');
    expect(formatNumber(1.5, 2, 'nl')).toBe('1,50');
    expect(formatNumber(1234.56, 1, 'en')).toBe('1,234.6');
    // A cached formatter of one language never answers for another.
    expect(formatNumber(2, 0, 'en')).toBe('2');
    expect(formatNumber(2.25, 1, 'nl')).toBe('2,3');
  });
});
