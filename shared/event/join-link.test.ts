import { describe, expect, it } from 'vitest';
import { codeFromHash, joinUrl } from './join-link.ts';

describe('join links', () => {
  it('puts the code in the fragment of the contestant page', () => {
    expect(joinUrl('http://192.168.1.20:8080/', 'K7QX-M3TR-9WHE-PZ2A')).toBe(
      'http://192.168.1.20:8080/contestant.html#code=K7QX-M3TR-9WHE-PZ2A',
    );
  });

  it('reads the code back in its canonical form', () => {
    expect(codeFromHash('#code=k7qx-m3tr-9whe-pz2a')).toBe('K7QXM3TR9WHEPZ2A');
    expect(codeFromHash(new URL(joinUrl('http://h:1', 'K7QX-M3TR-9WHE-PZ2A')).hash)).toBe('K7QXM3TR9WHEPZ2A');
  });

  it('gives null for no code or one that cannot be a code', () => {
    expect(codeFromHash('')).toBeNull();
    expect(codeFromHash('#code=short')).toBeNull();
    expect(codeFromHash('#other=1')).toBeNull();
  });
});
