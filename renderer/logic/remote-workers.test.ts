import { describe, expect, it } from 'vitest';
import { agoOf, checkRedisUrl, checkSecret, formatFactor, secondsSince } from './remote-workers.ts';

describe('checkRedisUrl', () => {
  it('takes redis:// and rediss:// URLs, trimmed, and an empty field as none', () => {
    expect(checkRedisUrl(' redis://127.0.0.1:6379 ')).toEqual({ url: 'redis://127.0.0.1:6379' });
    expect(checkRedisUrl('rediss://:pw@lab.example:6380/2')).toEqual({
      url: 'rediss://:pw@lab.example:6380/2',
    });
    expect(checkRedisUrl('redis://[::1]')).toEqual({ url: 'redis://[::1]' });
    expect(checkRedisUrl('   ')).toEqual({ url: null });
  });

  it('names what is wrong', () => {
    expect(checkRedisUrl('192.168.1.10:6379')).toEqual({
      problem: { key: 'workers.errors.notUrl', params: {} },
    });
    expect(checkRedisUrl('localhost:6379')).toEqual({
      problem: { key: 'workers.errors.scheme', params: {} },
    });
    expect(checkRedisUrl('lab-b')).toEqual({ problem: { key: 'workers.errors.notUrl', params: {} } });
    expect(checkRedisUrl('http://example.org')).toEqual({
      problem: { key: 'workers.errors.scheme', params: {} },
    });
    expect(checkRedisUrl('redis://')).toEqual({ problem: { key: 'workers.errors.noHost', params: {} } });
    expect(checkRedisUrl('redis://host:99999')).toEqual({
      problem: { key: 'workers.errors.notUrl', params: {} },
    });
    expect(checkRedisUrl('redis://host/16')).toEqual({
      problem: { key: 'workers.errors.database', params: { db: '16' } },
    });
    expect(checkRedisUrl('redis://host/x')).toEqual({
      problem: { key: 'workers.errors.database', params: { db: 'x' } },
    });
  });
});

describe('checkSecret', () => {
  it('takes 16 to 1024 characters, trimmed', () => {
    expect(checkSecret(' 0123456789abcdef ')).toEqual({ secret: '0123456789abcdef' });
    expect(checkSecret('x'.repeat(1024))).toEqual({ secret: 'x'.repeat(1024) });
  });

  it('refuses a short or a long one', () => {
    expect(checkSecret('0123456789abcde')).toEqual({
      problem: { key: 'workers.errors.secretShort', params: { min: 16 } },
    });
    expect(checkSecret('                 ')).toEqual({
      problem: { key: 'workers.errors.secretShort', params: { min: 16 } },
    });
    expect(checkSecret('x'.repeat(1025))).toEqual({
      problem: { key: 'workers.errors.secretLong', params: { max: 1024 } },
    });
  });
});

describe('the list’s figures', () => {
  it('counts whole seconds since a heartbeat, never below 0', () => {
    const now = Date.parse('2026-11-27T08:00:10.900Z');
    expect(secondsSince('2026-11-27T08:00:07.000Z', now)).toBe(3);
    expect(secondsSince('2026-11-27T08:00:12.000Z', now)).toBe(0);
    expect(secondsSince('yesterday', now)).toBeNull();
  });

  it('says how long ago in seconds, then minutes, then hours', () => {
    const now = Date.parse('2026-11-27T20:00:00.000Z');
    expect(agoOf('2026-11-27T19:59:01.000Z', now)).toEqual({ key: 'workers.secondsAgo', count: 59 });
    expect(agoOf('2026-11-27T19:59:00.000Z', now)).toEqual({ key: 'workers.minutesAgo', count: 1 });
    expect(agoOf('2026-11-27T19:00:00.001Z', now)).toEqual({ key: 'workers.minutesAgo', count: 59 });
    expect(agoOf('2026-11-27T17:30:00.000Z', now)).toEqual({ key: 'workers.hoursAgo', count: 2 });
    expect(agoOf('not a time', now)).toBeNull();
  });

  it('shows a factor with two decimals in the language given', () => {
    expect(formatFactor(1.25, 'en')).toBe('1.25');
    expect(formatFactor(0.8, 'en')).toBe('0.80');
    expect(formatFactor(1 / 3, 'en')).toBe('0.33');
    expect(formatFactor(1.02, 'en')).toBe('1.02');
    expect(formatFactor(1.02, 'nl')).toBe('1,02');
    expect(formatFactor(0.8, 'nl')).toBe('0,80');
    expect(formatFactor(-0, 'en')).toBe('0.00');
    expect(formatFactor(1e21, 'en')).not.toContain('e');
  });
});
