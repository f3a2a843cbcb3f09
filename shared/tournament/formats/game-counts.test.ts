import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { roundTables, tieOrder } from './groups.ts';
import { gameCountsEqual, schedulerFor, validateFormat, type FormatConfig } from './index.ts';
import { pairSwiss } from './pairing.ts';
import { playOut, simulate, testContext } from './simulate.ts';

/** The stages each format writes. */
const STAGES: Record<FormatConfig['kind'], readonly string[]> = {
  'round-robin': ['main'],
  groups: ['main'],
  swiss: ['swiss', 'final'],
  knockout: ['knockout'],
  gauntlet: ['main'],
};

/** Games per participant among `ids` (0 for one who played none). */
function counts(games: readonly ScheduledGame[], ids: readonly string[]): Map<string, number> {
  const out = new Map(ids.map((id) => [id, 0]));
  for (const g of games) for (const id of g.seats) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

const allEqual = (values: Iterable<number>): boolean => new Set(values).size <= 1;
const spread = (values: Iterable<number>): number => Math.max(...values) - Math.min(...values);

/** After every round of a round-based stage, rounds played per participant are within one of each other. */
function roundsPlayedWithinOne(games: readonly ScheduledGame[], ids: readonly string[]): boolean {
  const last = games.reduce((max, g) => Math.max(max, g.round), 0);
  const played = new Map(ids.map((id) => [id, new Set<number>()]));
  for (let round = 1; round <= last; round++) {
    for (const g of games) if (g.round === round) for (const id of g.seats) played.get(id)?.add(round);
    if (spread([...played.values()].map((s) => s.size)) > 1) return false;
  }
  return true;
}

const seatOrdersArb = fc.constantFrom('all' as const, 'rotations' as const);

/** A field (2..16 players, at least one table), a seat count, and a valid config of every format. */
const configArb = fc
  .record({ seats: fc.constantFrom(2, 3, 4), extra: fc.integer({ min: 0, max: 14 }) })
  .chain(({ seats, extra }) => {
    const n = Math.min(16, Math.max(2, seats) + extra);
    const multi: fc.Arbitrary<FormatConfig>[] = [
      fc.record({
        kind: fc.constant('groups' as const),
        permutations: seatOrdersArb,
        mode: fc.constantFrom('rounds' as const, 'all-groups' as const),
        rounds: fc.integer({ min: 1, max: 5 }),
      }),
    ];
    const two: fc.Arbitrary<FormatConfig>[] = [
      fc.record({ kind: fc.constant('round-robin' as const), repeats: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ kind: fc.constant('knockout' as const), gamesPerMatch: fc.integer({ min: 1, max: 3 }) }),
    ];
    const any: fc.Arbitrary<FormatConfig>[] = [
      fc.record({
        kind: fc.constant('swiss' as const),
        swissRounds: fc.integer({ min: 1, max: 6 }),
        finalists: fc.integer({ min: seats, max: n + 1 }),
        permutations: seatOrdersArb,
      }),
      fc.record({
        kind: fc.constant('gauntlet' as const),
        challengers: fc
          .integer({ min: 1, max: Math.max(1, n - (seats - 1)) })
          .map((c) => Array.from({ length: c }, (_, i) => `p${n - i}`)),
        repeats: fc.integer({ min: 1, max: 2 }),
        permutations: seatOrdersArb,
      }),
    ];
    return fc.record({
      n: fc.constant(n),
      seats: fc.constant(seats),
      config: fc.oneof(...any, ...(seats === 2 ? two : multi)),
      seed: fc.integer({ min: 0, max: 2 ** 31 }),
    });
  })
  .filter(({ n, seats, config }) => {
    const ids = testContext(n, seats).participants.map((p) => p.id);
    if (validateFormat(config, seats, n, ids) !== null) return false;
    // Keep each run small: all-groups plans of big fields are exact by construction and slow to play.
    const planned = schedulerFor(config).total(testContext(n, seats), { scheduled: [], outcomes: new Map() });
    return planned <= 4_000;
  });

describe('game counts per participant', () => {
  it('gameCountsEqual is exact per stage, and implies equal counts over the whole event', () => {
    fc.assert(
      fc.property(configArb, ({ n, seats, config, seed }) => {
        const ctx = testContext(n, seats, seed);
        const ids = ctx.participants.map((p) => p.id);
        const { scheduled } = playOut(schedulerFor(config), ctx, { seed, shared: seed % 2 === 0 });
        for (const stage of STAGES[config.kind]) {
          const games = scheduled.filter((g) => g.stage === stage);
          const players = stage === 'final' ? [...new Set(games.flatMap((g) => g.seats))] : ids;
          const equal = allEqual(counts(games, players).values());
          expect({ stage, equal }).toEqual({ stage, equal: gameCountsEqual(config, seats, n, stage) });
        }
        if (gameCountsEqual(config, seats, n)) expect(allEqual(counts(scheduled, ids).values())).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('sit-outs and byes rotate: rounds played stay within one of each other after every round', () => {
    fc.assert(
      fc.property(configArb, ({ n, seats, config, seed }) => {
        const ctx = testContext(n, seats, seed);
        const ids = ctx.participants.map((p) => p.id);
        const { scheduled } = playOut(schedulerFor(config), ctx, { seed });
        if (config.kind === 'swiss')
          expect(
            roundsPlayedWithinOne(
              scheduled.filter((g) => g.stage === 'swiss'),
              ids,
            ),
          ).toBe(true);
        if (config.kind === 'groups' && config.mode === 'rounds')
          expect(roundsPlayedWithinOne(scheduled, ids)).toBe(true);
        if (config.kind === 'gauntlet') {
          const challengers = new Set(config.challengers);
          const all = counts(scheduled, ids);
          const of = (mine: boolean): number[] =>
            ids.filter((id) => challengers.has(id) === mine).map((id) => all.get(id) ?? 0);
          expect(spread(of(true))).toBe(0);
          // Field bots differ by at most one group set (or nothing in 2-player games).
          const orders = seats === 2 ? 0 : config.permutations === 'all' ? [1, 2, 6, 24][seats - 1]! : seats;
          expect(spread(of(false))).toBeLessThanOrEqual(orders);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every field size 2..16 and seating mode of the always-equal formats (rotations resumed at every step)', () => {
    for (let n = 2; n <= 16; n++) {
      const configs: [number, FormatConfig][] = [[2, { kind: 'round-robin', repeats: 1 }]];
      for (const seats of [3, 4])
        for (const permutations of ['all', 'rotations'] as const) {
          if (n < seats) continue;
          configs.push([seats, { kind: 'groups', permutations, mode: 'rounds', rounds: 2 }]);
          if (n <= 8) configs.push([seats, { kind: 'groups', permutations, mode: 'all-groups', rounds: 1 }]);
        }
      for (const [seats, config] of configs) {
        const ctx = testContext(n, seats, n);
        const heavy = config.kind === 'groups' && config.permutations === 'all';
        // simulate() checks a resume from the stored history at every step; playOut only plays.
        const { scheduled } = heavy
          ? playOut(schedulerFor(config), ctx, { seed: n })
          : simulate(() => schedulerFor(config), ctx, { seed: n, parallel: 4 });
        const per = counts(
          scheduled,
          ctx.participants.map((p) => p.id),
        );
        expect({ n, seats, config, counts: new Set(per.values()).size }).toEqual({
          n,
          seats,
          config,
          counts: 1,
        });
        expect(gameCountsEqual(config, seats, n)).toBe(true);
        const total = schedulerFor(config).total(ctx, { scheduled: [], outcomes: new Map() });
        expect(scheduled).toHaveLength(total);
      }
    }
  });
});

describe('groups: sit-outs even out', () => {
  it('the issue: 5 bots, 2 rounds of a 4-seat game become 5 rounds, each bot plays 4 tables (96 games)', () => {
    expect(roundTables(5, 4, 2)).toEqual([1, 1, 1, 1, 1]);
    const ctx = testContext(5, 4);
    const config: FormatConfig = { kind: 'groups', permutations: 'all', mode: 'rounds', rounds: 2 };
    const sim = simulate(() => schedulerFor(config), ctx, { seed: 5 });
    expect(sim.scheduled).toHaveLength(5 * 24);
    expect(new Set(sim.totals)).toEqual(new Set([120]));
    expect([...counts(sim.scheduled, ['p1', 'p2', 'p3', 'p4', 'p5']).values()]).toEqual([96, 96, 96, 96, 96]);
    // Each round a different bot sits out, so the five groups are the five different 4-subsets.
    const sets = new Set(sim.scheduled.map((g) => [...g.seats].sort().join()));
    expect(sets.size).toBe(5);
  });

  it('roundTables: the fewest extra tables, a shorter last round, nothing added when k divides n', () => {
    expect(roundTables(8, 4, 3)).toEqual([2, 2, 2]);
    expect(roundTables(10, 4, 5)).toEqual([2, 2, 2, 2, 2]);
    expect(roundTables(10, 4, 1)).toEqual([2, 2, 1]);
    expect(roundTables(13, 4, 3)).toEqual([3, 3, 3, 3, 1]);
    expect(roundTables(6, 4, 1)).toEqual([1, 1, 1]);
    expect(roundTables(7, 3, 2)).toEqual([2, 2, 2, 1]);
    for (let n = 3; n <= 40; n++)
      for (const k of [3, 4])
        for (let rounds = 1; rounds <= 6; rounds++) {
          const plan = roundTables(n, k, rounds);
          if (n < k) continue;
          const tables = plan.reduce((a, b) => a + b, 0);
          expect((tables * k) % n).toBe(0);
          expect(plan.length).toBeGreaterThanOrEqual(rounds);
          // Minimal: one table fewer (down to the requested rounds) would not seat everyone equally.
          const asked = rounds * Math.floor(n / k);
          for (let t = asked; t < tables; t++) expect((t * k) % n).not.toBe(0);
        }
  });
});

describe('Swiss byes', () => {
  it('never a second bye while someone has none: a rematch is preferred', () => {
    const meetings = (x: string, y: string): number => ([x, y].sort().join() === 'b,c' ? 1 : 0);
    const byes = (id: string): number => (id === 'a' ? 0 : 1);
    expect(pairSwiss(['a', 'b', 'c'], meetings, byes)).toEqual({ pairs: [['b', 'c']], bye: 'a' });
  });

  it('odd 2-player field: a bye is no game; counts equal only when the byes come round evenly', () => {
    const config: FormatConfig = { kind: 'swiss', swissRounds: 4, finalists: 4, permutations: 'all' };
    const ctx = testContext(5, 2);
    const sim = simulate(() => schedulerFor(config), ctx, { seed: 3 });
    const swiss = counts(
      sim.scheduled.filter((g) => g.stage === 'swiss'),
      ctx.participants.map((p) => p.id),
    );
    // 4 rounds, one bye each to 4 different bots: those have 6 games, the fifth 8.
    expect([...swiss.values()].sort()).toEqual([6, 6, 6, 6, 8]);
    expect(gameCountsEqual(config, 2, 5, 'swiss')).toBe(false);
    expect(gameCountsEqual({ ...config, swissRounds: 5 }, 2, 5, 'swiss')).toBe(true);
    expect(gameCountsEqual(config, 2, 5, 'final')).toBe(true);
    expect(gameCountsEqual(config, 2, 6, 'swiss')).toBe(true);
    expect(gameCountsEqual(config, 2, 6)).toBe(false);
  });

  it('the cut compares averages: a bye does not cost a place in the final', () => {
    // 5 players, 2 rounds: two byes. Every bot scores its own fixed amount per game, and the bot that
    // gets the first bye (the last in the random tie order) scores the most.
    const config: FormatConfig = { kind: 'swiss', swissRounds: 2, finalists: 2, permutations: 'all' };
    const ctx = testContext(5, 2);
    const order = tieOrder(ctx, 'swiss');
    const perGame = new Map(order.map((id, i) => [id, i === order.length - 1 ? 10 : 9 - i]));
    const scheduler = schedulerFor(config);
    const scheduled: ScheduledGame[] = [];
    const outcomes = new Map<number, GameOutcome>();
    for (;;) {
      const answer = scheduler.next(ctx, { scheduled, outcomes });
      if (answer.kind !== 'games') break;
      for (const g of answer.games) {
        scheduled.push(g);
        const scores = g.seats.map((id) => perGame.get(id) ?? 0);
        const statuses = g.seats.map(() => 'OK' as const);
        outcomes.set(g.index, {
          index: g.index,
          seats: g.seats,
          scores,
          statuses,
          end: 'all-home',
          times: [],
          budgetUs: 1,
        });
      }
    }
    const swiss = counts(
      scheduled.filter((g) => g.stage === 'swiss'),
      order,
    );
    const best = order.at(-1)!;
    expect(swiss.get(best)).toBe(2);
    const finalists = new Set(scheduled.filter((g) => g.stage === 'final').flatMap((g) => g.seats));
    // By average: the two best per game, the bye bot among them; by points it would have been cut
    // (2 games × 10 against 4 games × 9 and 4 × 8).
    expect(finalists).toEqual(new Set([best, order[0]]));
    expect(swiss.get(order[1]!)! * 8).toBeGreaterThan(2 * 10);
  });
});

describe('knockout and gauntlet', () => {
  it('knockout: equal only for two players', () => {
    expect(gameCountsEqual({ kind: 'knockout', gamesPerMatch: 2 }, 2, 2)).toBe(true);
    expect(gameCountsEqual({ kind: 'knockout', gamesPerMatch: 2 }, 2, 3)).toBe(false);
  });

  it('gauntlet: equal only when the field is challengers·(k−1)', () => {
    const g = (challengers: string[]): FormatConfig => ({
      kind: 'gauntlet',
      challengers,
      repeats: 1,
      permutations: 'rotations',
    });
    expect(gameCountsEqual(g(['p1']), 2, 2)).toBe(true);
    expect(gameCountsEqual(g(['p1']), 2, 3)).toBe(false);
    expect(gameCountsEqual(g(['p1', 'p2']), 4, 8)).toBe(true);
    expect(gameCountsEqual(g(['p1']), 4, 8)).toBe(false);
  });
});
