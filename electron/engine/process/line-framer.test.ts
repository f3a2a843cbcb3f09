import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, LineFramer, type FramedResult } from './line-framer.ts';

function frame(chunks: (string | Buffer)[], max = 16): { results: FramedResult[]; framer: LineFramer } {
  const framer = new LineFramer(max);
  const results: FramedResult[] = [];
  chunks.forEach((c, i) =>
    framer.push(typeof c === 'string' ? Buffer.from(c) : c, i * 10, (r) => results.push(r)),
  );
  return { results, framer };
}

describe('LineFramer', () => {
  it('splits on \\n, keeps \\r, times each line by the chunk its newline came in', () => {
    const { results, framer } = frame(['ab', 'c\r\nde\nf', 'g\n', 'tail']);
    expect(results).toEqual([
      { kind: 'line', line: 'abc\r', atUs: 10 },
      { kind: 'line', line: 'de', atUs: 10 },
      { kind: 'line', line: 'fg', atUs: 20 },
    ]);
    expect(framer.pendingText()).toBe('tail');
  });

  it('reports empty lines as lines', () => {
    expect(frame(['\n\n']).results.map((r) => r.kind === 'line' && r.line)).toEqual(['', '']);
  });

  it('reports an over-long line as soon as it passes the limit, then skips to its newline', () => {
    const { results, framer } = frame(['0123456789', '0123456789', 'xx\nok\n'], 16);
    expect(results).toEqual([
      { kind: 'bad-line', code: 'too-long', detail: 'a line longer than 16 bytes', atUs: 10 },
      { kind: 'line', line: 'ok', atUs: 20 },
    ]);
    expect(framer.pendingText()).toBe('');
  });

  it('accepts a line of exactly the limit and rejects one byte more', () => {
    const { results } = frame(['x'.repeat(16) + '\n' + 'y'.repeat(17) + '\n'], 16);
    expect(results.map((r) => r.kind)).toEqual(['line', 'bad-line']);
  });

  it('rejects bytes that are not UTF-8, naming the offset, and goes on', () => {
    const { results } = frame([Buffer.from([0x6d, 0xff, 0x0a]), 'é\n']);
    expect(results[0]).toMatchObject({ kind: 'bad-line', code: 'undecodable', atUs: 0 });
    expect(results[0]?.kind === 'bad-line' && results[0].detail).toContain('offset 1: ff');
    expect(results[1]).toEqual({ kind: 'line', line: 'é', atUs: 10 });
  });

  it('joins a multi-byte character split over chunks', () => {
    const e = Buffer.from('é');
    const { results } = frame([e.subarray(0, 1), Buffer.concat([e.subarray(1), Buffer.from('\n')])]);
    expect(results).toEqual([{ kind: 'line', line: 'é', atUs: 10 }]);
  });

  it('keeps a byte-order mark (the bot sent it)', () => {
    expect(frame(['\uFEFFa\n']).results[0]).toMatchObject({ line: '\uFEFFa' });
  });
});

describe('firstInvalidUtf8', () => {
  it('finds stray, truncated, overlong and surrogate sequences', () => {
    expect(firstInvalidUtf8(Buffer.from('abc'))).toBe(3);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x80]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc3]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xe0, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from('€😀'))).toBe(7);
  });
});
