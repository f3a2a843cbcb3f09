import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineSplitter, readLines } from './lines.ts';

describe('LineSplitter', () => {
  it('returns complete lines only, keeping a partial line for the next chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('Sta')).toEqual([]);
    expect(splitter.push('rt\na1')).toEqual(['Start']);
    expect(splitter.push('c1\nQuit\n')).toEqual(['a1c1', 'Quit']);
    expect(splitter.end()).toEqual([]);
  });

  it('drops the \\r of a Windows line end, also when it arrives in another chunk', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('A\r\nB\r')).toEqual(['A']);
    expect(splitter.push('\n')).toEqual(['B']);
  });

  it('keeps empty lines and spaces: what a line means is the session’s business', () => {
    expect(new LineSplitter().push('\n  x y \n\n')).toEqual(['', '  x y ', '']);
  });

  it('gives the last line at the end of the input even without a newline', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('1\n15 6')).toEqual(['1']);
    expect(splitter.end()).toEqual(['15 6']);
    expect(splitter.end()).toEqual([]);
  });

  it('decodes a UTF-8 character split across two chunks', () => {
    const bytes = Buffer.from('é\n', 'utf8');
    const splitter = new LineSplitter();
    expect(splitter.push(bytes.subarray(0, 1))).toEqual([]);
    expect(splitter.push(bytes.subarray(1))).toEqual(['é']);
  });

  it('splits any chunking of a text into the same lines', () => {
    const text = 'Yellow\nh2h3:g1g3:g3g4\r\nNil\nMove\nQuit\n';
    const expected = ['Yellow', 'h2h3:g1g3:g3g4', 'Nil', 'Move', 'Quit'];
    for (let size = 1; size <= text.length; size++) {
      const splitter = new LineSplitter();
      const lines: string[] = [];
      for (let i = 0; i < text.length; i += size) lines.push(...splitter.push(text.slice(i, i + size)));
      lines.push(...splitter.end());
      expect(lines).toEqual(expected);
    }
  });
});

describe('readLines', () => {
  it('feeds every line in order and reports the end of the input once', async () => {
    const input = new PassThrough();
    const lines: string[] = [];
    let ends = 0;
    const ended = new Promise<void>((resolve) =>
      readLines(input, {
        line: (line) => (lines.push(line), false),
        end: () => {
          ends++;
          resolve();
        },
      }),
    );
    input.write('1\n2 3 ');
    input.end('4\nlast');
    await ended;
    expect(lines).toEqual(['1', '2 3 4', 'last']);
    expect(ends).toBe(1);
  });

  it('stops at the line the handler asks to stop at, ignores the rest and destroys the stream', async () => {
    const input = new PassThrough();
    const lines: string[] = [];
    let ended = false;
    readLines(input, { line: (line) => (lines.push(line), line === 'Quit'), end: () => (ended = true) });
    input.write('a1c1\nQuit\nextra\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['a1c1', 'Quit']);
    expect(input.destroyed).toBe(true);
    expect(ended).toBe(false);
  });
});
