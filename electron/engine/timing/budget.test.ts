import { describe, expect, it } from 'vitest';
import { budgetControl } from './budget.ts';

describe('budgetControl', () => {
  it("replaces a game-total game's budget", () => {
    expect(budgetControl({ kind: 'game-total', budgetMs: 30_000 }, 500)).toEqual({
      kind: 'game-total',
      budgetMs: 500,
    });
  });

  it("replaces a per-move game's deadline and keeps its other settings", () => {
    expect(budgetControl({ kind: 'per-move', deadlineMs: 50, freezeAfter: 3 }, 200)).toEqual({
      kind: 'per-move',
      deadlineMs: 200,
      freezeAfter: 3,
    });
  });

  it("gives no control without a budget, so the game's own applies", () => {
    expect(budgetControl({ kind: 'game-total', budgetMs: 30_000 }, undefined)).toBeUndefined();
  });
});
