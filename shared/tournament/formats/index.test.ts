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

  it('refuses more finalists than players and ratings of a bot not in the field, unless the event is stored', () => {
    const swiss: FormatConfig = { kind: 'swiss', swissRounds: 2, finalists: 7, permutations: 'all' };
    expect(validateFormat(swiss, 2, 3)).toBe(
      '7 finalists, but there are only 3 players; give at most 3 finalists',
    );
    expect(validateFormat({ ...swiss, finalists: 3 }, 2, 3)).toBeNull();
    expect(validateFormat(swiss, 2, 3, undefined, { stored: true })).toBeNull();
    const ko: FormatConfig = { kind: 'knockout', gamesPerMatch: 2, ratings: { a: 1, Nobody: 2 } };
    expect(validateFormat(ko, 2, 2, ['a', 'b'])).toBe('ratings name "Nobody", who is not a participant');
    expect(validateFormat({ ...ko, ratings: { a: 1 } }, 2, 2, ['a', 'b'])).toBeNull();
    expect(validateFormat(ko, 2, 2, ['a', 'b'], { stored: true })).toBeNull();
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
