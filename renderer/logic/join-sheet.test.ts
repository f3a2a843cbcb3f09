import { describe, expect, it } from 'vitest';
import { joinSlips } from './join-sheet.ts';

describe('the join sheet', () => {
  it('makes a slip with link and QR code for each contestant whose code is known', async () => {
    const slips = await joinSlips(
      [
        { id: 'a', name: 'Ada' },
        { id: 'b', name: 'Bob' },
      ],
      { a: 'K7QX-M3TR-9WHE-PZ2A' },
      'http://192.168.1.20:8080',
    );
    expect(slips).toHaveLength(1);
    expect(slips[0]).toMatchObject({
      name: 'Ada',
      code: 'K7QX-M3TR-9WHE-PZ2A',
      url: 'http://192.168.1.20:8080/contestant.html#code=K7QX-M3TR-9WHE-PZ2A',
    });
    const svg = decodeURIComponent(slips[0]!.qr.replace('data:image/svg+xml,', ''));
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    // A different link draws a different code.
    const other = await joinSlips(
      [{ id: 'a', name: 'Ada' }],
      { a: 'K7QX-M3TR-9WHE-PZ2B' },
      'http://192.168.1.20:8080',
    );
    expect(other[0]!.qr).not.toBe(slips[0]!.qr);
  });
});
