import { describe, expect, it } from 'vitest';
import { clockShare, clockTone, formatClock, gameBudgetMs } from './clock.ts';

describe('formatClock', () => {
  it('shows hundredths below ten seconds, tenths below a minute, then minutes', () => {
    expect(formatClock(0)).toBe('0.00 s');
    expect(formatClock(849)).toBe('0.84 s');
    expect(formatClock(9_059)).toBe('9.05 s');
    expect(formatClock(12_345)).toBe('12.3 s');
    expect(formatClock(59_999)).toBe('59.9 s');
    expect(formatClock(62_340)).toBe('1:02.3');
    expect(formatClock(600_000)).toBe('10:00.0');
  });

  it('never shows a negative time', () => {
    expect(formatClock(-5)).toBe('0.00 s');
  });
});

describe('gameBudgetMs', () => {
  it('takes the override, else the game total, and has none for per-move games', () => {
    expect(gameBudgetMs({ kind: 'game-total', budgetMs: 30_000 })).toBe(30_000);
    expect(gameBudgetMs({ kind: 'game-total', budgetMs: 30_000 }, 5_000)).toBe(5_000);
    expect(gameBudgetMs({ kind: 'per-move', deadlineMs: 50, freezeAfter: 5 }, 100)).toBeNull();
    expect(gameBudgetMs(undefined)).toBeNull();
  });
});

describe('clockShare and clockTone', () => {
  it('measures the budget used and warns from three quarters on', () => {
    expect(clockShare(15_000, 30_000)).toBe(0.5);
    expect(clockShare(45_000, 30_000)).toBe(1);
    expect(clockShare(100, null)).toBeNull();
    expect(clockTone(15_000, 30_000)).toBe('ok');
    expect(clockTone(22_500, 30_000)).toBe('warn');
    expect(clockTone(30_000, 30_000)).toBe('danger');
    expect(clockTone(99_999, null)).toBe('ok');
  });
});
