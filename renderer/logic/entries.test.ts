import { describe, expect, it } from 'vitest';
import { addCopy, copiesOf, distinctEntries, removeCopy, setEntered } from './entries.ts';

describe('form entries with copies', () => {
  it('counts copies of a bot', () => {
    expect(copiesOf(['a', 'b', 'a'], 'a')).toBe(2);
    expect(copiesOf(['a', 'b', 'a'], 'c')).toBe(0);
    expect(distinctEntries(['a', 'b', 'a'])).toBe(2);
  });

  it('ticks a bot once and unticks every copy', () => {
    expect(setEntered(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(setEntered(['a', 'b'], 'b', true)).toEqual(['a', 'b']);
    expect(setEntered(['a', 'b', 'a'], 'a', false)).toEqual(['b']);
  });

  it('adds a copy after the last one and removes the last copy but never the bot', () => {
    expect(addCopy(['a', 'b'], 'a')).toEqual(['a', 'a', 'b']);
    expect(addCopy(['a', 'a', 'b'], 'a')).toEqual(['a', 'a', 'a', 'b']);
    expect(addCopy(['a'], 'c')).toEqual(['a', 'c']);
    expect(removeCopy(['a', 'b', 'a'], 'a')).toEqual(['a', 'b']);
    expect(removeCopy(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });
});
