import { describe, expect, it } from 'vitest';
import type { GameOutcome, ScheduledGame, ScheduleHistory } from '../types.ts';
import { bracketOrder, knockout } from './knockout.ts';
import { simulate, testContext } from './simulate.ts';

function result(game: ScheduledGame, scores: number[]): GameOutcome {
  return {
    index: game.index,
    seats: game.seats,
    scores,
    statuses: ['OK', 'OK'],
    end: 'all-home',
    times: [],
    budgetUs: 1,
  };
}

function games(answer: ReturnType<ReturnType<typeof knockout>['next']>): readonly ScheduledGame[] {
  if (answer.kind !== 'games') throw new Error(`expected games, got ${answer.kind}`);
  return answer.games;
}

describe('knockout', () => {
  it('bracket order keeps the top seeds apart', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('5 players: top three seeds get byes; 4 v 5 plays, and 2 v 3 (both through on byes) starts at once', () => {
    const ctx = testContext(5, 2);
    const first = games(knockout({ gamesPerMatch: 2 }).next(ctx, { scheduled: [], outcomes: new Map() }));
    expect(first.map((g) => [g.round, ...g.seats])).toEqual([
      [1, 'p4', 'p5'],
      [1, 'p5', 'p4'],
      [2, 'p2', 'p3'],
      [2, 'p3', 'p2'],
    ]);
  });

  it('seeds by rating when given', () => {
    const ctx = testContext(3, 2);
    const first = games(
      knockout({ gamesPerMatch: 1, ratings: { p3: 2000, p1: 1500 } }).next(ctx, {
        scheduled: [],
        outcomes: new Map(),
      }),
    );
    expect(first.map((g) => g.seats)).toEqual([['p1', 'p2']]);
  });

  it('ties go to a decider (lower seed first); a tied decider sends the higher seed through', () => {
    const ctx = testContext(2, 2);
    const ko = knockout({ gamesPerMatch: 2 });
    const scheduled: ScheduledGame[] = [...games(ko.next(ctx, { scheduled: [], outcomes: new Map() }))];
    const outcomes = new Map(scheduled.map((g) => [g.index, result(g, [10, 5])]));
    let history: ScheduleHistory = { scheduled, outcomes };
    const decider = games(ko.next(ctx, history));
    expect(decider.map((g) => g.seats)).toEqual([['p2', 'p1']]);
    expect(ko.total(ctx, { scheduled: [...scheduled, ...decider], outcomes })).toBe(3);
    scheduled.push(...decider);
    outcomes.set(decider[0]!.index, result(decider[0]!, [7, 7]));
    history = { scheduled, outcomes };
    expect(ko.next(ctx, history).kind).toBe('done');
  });

  it('later matches start as soon as both players are known', () => {
    const ctx = testContext(4, 2);
    const ko = knockout({ gamesPerMatch: 1 });
    const first = games(ko.next(ctx, { scheduled: [], outcomes: new Map() }));
    expect(first.map((g) => g.seats)).toEqual([
      ['p1', 'p4'],
      ['p2', 'p3'],
    ]);
    const outcomes = new Map([[0, result(first[0]!, [3, 9])]]);
    expect(ko.next(ctx, { scheduled: first, outcomes }).kind).toBe('wait');
    outcomes.set(1, result(first[1]!, [9, 3]));
    expect(games(ko.next(ctx, { scheduled: first, outcomes })).map((g) => g.seats)).toEqual([['p2', 'p4']]);
  });

  it('simulates whole brackets with resume at every step', () => {
    for (const n of [2, 5, 8, 13]) {
      const ctx = testContext(n, 2, n);
      const sim = simulate(() => knockout({ gamesPerMatch: 2 }), ctx, { seed: n });
      const matches = new Set(sim.scheduled.map((g) => g.match));
      expect(matches.size).toBe(n - 1);
      expect(sim.totals.at(-1)).toBe(sim.scheduled.length);
    }
  });
});
