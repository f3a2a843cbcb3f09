import { describe, expect, it } from 'vitest';
import { describeTimeControl } from './time-control.ts';

describe('describeTimeControl', () => {
  it('describes both kinds of time control', () => {
    expect(describeTimeControl({ kind: 'game-total', budgetMs: 30_000 })).toBe('30 s per program per game');
    expect(describeTimeControl({ kind: 'per-move', deadlineMs: 50, freezeAfter: 5 })).toBe(
      '50 ms per move; frozen after 5 late replies in a row',
    );
  });
});
