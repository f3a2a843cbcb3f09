import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { messageOf, useNotices } from './notices.ts';

beforeEach(() => {
  setActivePinia(createPinia());
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('notices', () => {
  it('shows errors with the message of what was thrown, and information', () => {
    const notices = useNotices();
    notices.error(new Error('the bot file is gone'));
    notices.info('Added Greedy.');
    expect(notices.items.map((n) => [n.kind, n.message])).toEqual([
      ['error', 'the bot file is gone'],
      ['info', 'Added Greedy.'],
    ]);
  });

  it('lets notices disappear by themselves, information sooner than errors', () => {
    const notices = useNotices();
    notices.error('boom');
    notices.info('fine');
    vi.advanceTimersByTime(4000);
    expect(notices.items.map((n) => n.message)).toEqual(['boom']);
    vi.advanceTimersByTime(4000);
    expect(notices.items).toEqual([]);
  });

  it('dismisses one notice by id and keeps at most four', () => {
    const notices = useNotices();
    const ids = ['a', 'b', 'c', 'd', 'e'].map((m) => notices.info(m));
    expect(notices.items.map((n) => n.message)).toEqual(['b', 'c', 'd', 'e']);
    notices.dismiss(ids[2]!);
    expect(notices.items.map((n) => n.message)).toEqual(['b', 'd', 'e']);
    notices.clear();
    expect(notices.items).toEqual([]);
  });
});

describe('messageOf', () => {
  it('reads errors, strings and anything else', () => {
    expect(messageOf(new TypeError('bad'))).toBe('bad');
    expect(messageOf('plain')).toBe('plain');
    expect(messageOf({ code: 3 })).toBe('{"code":3}');
    expect(messageOf(undefined)).toBe('undefined');
  });
});
