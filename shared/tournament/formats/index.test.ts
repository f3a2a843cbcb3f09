import { describe, expect, it } from 'vitest';
import { schedulerFor, validateFormat, type FormatConfig } from './index.ts';
import { testContext } from './simulate.ts';

describe('formats', () => {
  it('validates with clear messages', () => {
    expect(validateFormat({ kind: 'round-robin', repeats: 1 }, 4, 8)).toBe(
      'round robin is for 2-player games; this game has 4 seats (use groups)',
    );
    expect(validateFormat({ kind: 'round-robin', repeats: 0 }, 2, 8)).toMatch(/repeats must be/);
    expect(validateFormat({ kind: 'groups', permutations: 'all', mode: 'rounds', rounds: 3 }, 2, 8)).toMatch(
      /3 or more players/,
    );
    expect(validateFormat({ kind: 'groups', permutations: 'all', mode: 'rounds', rounds: 3 }, 4, 3)).toMatch(
      /at least 4 players/,
    );
    expect(
      validateFormat({ kind: 'groups', permutations: 'all', mode: 'all-groups', rounds: 1 }, 4, 100),
    ).toMatch(/games/);
    expect(validateFormat({ kind: 'knockout', gamesPerMatch: 2 }, 2, 7)).toBeNull();
    const g: FormatConfig = { kind: 'gauntlet', challengers: ['x'], repeats: 1, permutations: 'all' };
    expect(validateFormat(g, 2, 5, ['a', 'b'])).toBe('challenger "x" is not a participant');
    expect(validateFormat({ ...g, challengers: ['a', 'b', 'c'] }, 4, 5)).toMatch(/at least 3 other players/);
    expect(
      validateFormat({ kind: 'swiss', swissRounds: 24, finalists: 36, permutations: 'all' }, 2, 120),
    ).toBeNull();
  });

  it('schedulerFor builds each kind', () => {
    const ctx = testContext(8, 2);
    const configs: FormatConfig[] = [
      { kind: 'round-robin', repeats: 1 },
      { kind: 'swiss', swissRounds: 3, finalists: 4, permutations: 'all' },
      { kind: 'knockout', gamesPerMatch: 2 },
      { kind: 'gauntlet', challengers: ['p1'], repeats: 1, permutations: 'all' },
    ];
    for (const c of configs)
      expect(schedulerFor(c).next(ctx, { scheduled: [], outcomes: new Map() }).kind).toBe('games');
  });
});
