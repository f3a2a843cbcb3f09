import { describe, expect, it } from 'vitest';
import { StderrCollector } from './stderr-collector.ts';

describe('StderrCollector', () => {
  it('keeps everything under the caps', () => {
    const c = new StderrCollector(10, 100);
    c.push(Buffer.from('hello '));
    c.push(Buffer.from('world'));
    expect(c.capture()).toEqual({ shown: 'hello worl', full: 'hello world', truncated: false, bytes: 11 });
  });

  it('cuts the full log at its byte cap, marks it, and still counts every byte', () => {
    const c = new StderrCollector(4, 8);
    c.push(Buffer.from('0123456'));
    c.push(Buffer.from('789abc'));
    c.push(Buffer.from('more'));
    expect(c.capture()).toEqual({ shown: '0123', full: '01234567', truncated: true, bytes: 17 });
  });

  it('decodes characters split over chunks and never splits a surrogate pair in the shown part', () => {
    const c = new StderrCollector(2, 100);
    const smile = Buffer.from('a😀');
    c.push(smile.subarray(0, 3));
    c.push(smile.subarray(3));
    expect(c.capture().full).toBe('a😀');
    expect(c.capture().shown).toBe('a');
  });

  it('adds Jury notes without counting them as the bot’s bytes', () => {
    const c = new StderrCollector();
    c.note('cannot start x');
    expect(c.capture()).toMatchObject({ full: '[jury] cannot start x\n', bytes: 0, truncated: false });
  });
});
