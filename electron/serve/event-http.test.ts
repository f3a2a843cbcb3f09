import { describe, expect, it } from 'vitest';
import { Sessions, SIGN_IN_LIMIT, SignInLimiter } from './event-http.ts';

describe('contestant sessions', () => {
  it('gives a random token per sign-in, ends it when idle for 12 hours or closed', () => {
    const sessions = new Sessions();
    const a = sessions.open('CODE-A', 0);
    const b = sessions.open('CODE-A', 0);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(sessions.code(a, 11 * 3600_000)).toBe('CODE-A');
    // Used an hour ago: still alive 12 hours after the first use.
    expect(sessions.code(a, 23 * 3600_000)).toBe('CODE-A');
    expect(sessions.code(b, 12 * 3600_000 + 1)).toBeNull();
    sessions.close(a);
    expect(sessions.code(a, 23 * 3600_000)).toBeNull();
    expect(sessions.code(null)).toBeNull();
  });
});

describe('the sign-in limit', () => {
  it('stops an address after 5 wrong codes until its minute is over, others not', () => {
    const limiter = new SignInLimiter();
    for (let i = 0; i < SIGN_IN_LIMIT.failures - 1; i++) limiter.failed('10.0.0.7', 1000 * i);
    expect(limiter.waitSeconds('10.0.0.7', 5000)).toBe(0);
    limiter.failed('10.0.0.7', 5000);
    expect(limiter.waitSeconds('10.0.0.7', 5000)).toBe(55);
    expect(limiter.waitSeconds('10.0.0.8', 5000)).toBe(0);
    expect(limiter.waitSeconds('10.0.0.7', 59_999)).toBe(1);
    expect(limiter.waitSeconds('10.0.0.7', 60_000)).toBe(0);
  });
});
