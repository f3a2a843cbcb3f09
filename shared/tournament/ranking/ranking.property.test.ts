import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { games as registry } from '../../games/registry.ts';
import { Prng } from '../../random/prng.ts';
import { schedulerFor, validateFormat, type FormatConfig } from '../formats/index.ts';
import { playOut, testContext } from '../formats/simulate.ts';
import type { GameShape } from '../results/results.ts';
import type { GameOutcome, ScheduledGame } from '../types.ts';
import { parseTotals, totalsEntries, totalsFromEntries, touchedKeys } from './entries.ts';
import { rankEvent } from './rank.ts';
import { addOutcome, emptyTotals, fromOutcomes } from './totals.ts';
import type { Ranking } from './types.ts';

const SHAPES: Record<number, GameShape> = {
  2: registry.more.info,
  4: registry.less.info,
  3: { ...registry.flit.info, seats: 3, teams: [] },
};

const seatOrdersArb = fc.constantFrom('all' as const, 'rotations' as const);

/** A small field and a valid config of every format (as the formats' own property tests build them). */
const eventArb = fc
  .record({ seats: fc.constantFrom(2, 2, 3, 4), extra: fc.integer({ min: 0, max: 7 }) })
  .chain(({ seats, extra }) => {
    const n = Math.max(2, seats) + extra;
    const any: fc.Arbitrary<FormatConfig>[] = [
      fc.record({
        kind: fc.constant('swiss' as const),
        swissRounds: fc.integer({ min: 1, max: 4 }),
        finalists: fc.integer({ min: seats, max: n }),
        permutations: fc.constant('rotations' as const),
      }),
      fc.record({
        kind: fc.constant('gauntlet' as const),
        challengers: fc
          .integer({ min: 1, max: Math.max(1, Math.min(2, n - (seats - 1))) })
          .map((c) => Array.from({ length: c }, (_, i) => `p${n - i}`)),
        repeats: fc.constant(1),
        permutations: seatOrdersArb,
      }),
    ];
    const two: fc.Arbitrary<FormatConfig>[] = [
      fc.record({ kind: fc.constant('round-robin' as const), repeats: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ kind: fc.constant('knockout' as const), gamesPerMatch: fc.integer({ min: 1, max: 3 }) }),
    ];
    const multi: fc.Arbitrary<FormatConfig>[] = [
      fc.record({
        kind: fc.constant('groups' as const),
        permutations: fc.constant('rotations' as const),
        mode: fc.constant('rounds' as const),
        rounds: fc.integer({ min: 1, max: 3 }),
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
    return schedulerFor(config).total(testContext(n, seats), { scheduled: [], outcomes: new Map() }) <= 600;
  });

interface Event {
  readonly n: number;
  readonly shape: GameShape;
  readonly config: FormatConfig;
  readonly scheduled: readonly ScheduledGame[];
  /** In a random finish order. */
  readonly outcomes: readonly GameOutcome[];
}

function playEvent({
  n,
  seats,
  config,
  seed,
}: {
  n: number;
  seats: number;
  config: FormatConfig;
  seed: number;
}): Event {
  const ctx = testContext(n, seats, seed);
  const played = playOut(schedulerFor(config), ctx, { seed, shared: false });
  // playOut finishes games in schedule order; shuffle within rounds to vary the finish order.
  const outcomes = Prng.fromSeed(seed).shuffle([...played.outcomes.values()]);
  return { n, shape: SHAPES[seats] as GameShape, config, scheduled: played.scheduled, outcomes };
}

const contextOf = (e: Event) => ({
  participants: testContext(e.n, e.shape.seats).participants,
  shape: e.shape,
  gamesPerMatch: e.config.kind === 'knockout' ? e.config.gamesPerMatch : undefined,
});

/** Plain JSON, so tables without a prototype compare with parsed ones. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** The ranking without the openskill figures (the one thing that depends on the finish order). */
const withoutSkill = (r: Ranking) => ({ ...r, rows: r.rows.map((row) => ({ ...row, skill: null })) });

/** What the store does per game: load the touched entries, add, write them back. */
function addLikeTheStore(
  store: Map<string, string>,
  o: GameOutcome,
  game: ScheduledGame,
  shape: GameShape,
): void {
  const keys = touchedKeys(o, game, shape);
  const loaded = keys.flatMap((k) =>
    store.has(k) ? [[k, JSON.parse(store.get(k) as string)] as const] : [],
  );
  const partial = totalsFromEntries(loaded);
  if (!partial.ok) throw new Error(partial.error.message);
  addOutcome(partial.value, o, game, shape);
  const written = totalsEntries(partial.value).filter(([k]) => keys.includes(k));
  // Every touched key is written back (none is left out of totalsEntries after the add).
  expect(new Set(written.map(([k]) => k))).toEqual(new Set(keys));
  for (const [k, v] of written) store.set(k, JSON.stringify(v));
}

describe('ranking properties over every format', () => {
  it('ranks every participant exactly once, with places in order', () => {
    fc.assert(
      fc.property(eventArb, (arb) => {
        const e = playEvent(arb);
        const totals = fromOutcomes(e.outcomes, e.scheduled, e.shape);
        const views = ['event' as const, ...Object.keys(totals.stages).map((stage) => ({ stage }))];
        for (const view of views) {
          const r = rankEvent(totals, { ...contextOf(e), view });
          const ids = r.rows.map((row) => row.id);
          expect(new Set(ids).size).toBe(e.n);
          expect(ids.length).toBe(e.n);
          r.rows.forEach((row, i) => {
            expect(row.place).toBeLessThanOrEqual(i + 1);
            expect(row.placeTo).toBeGreaterThanOrEqual(i + 1);
            if (i > 0) expect(row.place).toBeGreaterThanOrEqual(r.rows[i - 1]!.place);
          });
          // The fair-comparison flag matches the counts of each stage's ranked rows.
          for (const s of r.stages) {
            const counts = new Set(r.rows.filter((row) => row.stage === s.stage).map((row) => row.games));
            if (!s.knockout) expect(s.basis).toBe(counts.size > 1 ? 'average' : 'points');
          }
        }
        // Knockout: one champion once the bracket is done; everyone else out.
        if (e.config.kind === 'knockout') {
          const rows = rankEvent(totals, contextOf(e)).rows;
          expect(rows.filter((row) => row.knockout?.champion).map((row) => row.place)).toEqual([1]);
          expect(rows.slice(1).every((row) => row.knockout?.out)).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('gives the same totals added one by one, entry by entry (as the store does), or from JSON', () => {
    fc.assert(
      fc.property(eventArb, (arb) => {
        const e = playEvent(arb);
        const byIndex = new Map(e.scheduled.map((g) => [g.index, g]));
        const incremental = emptyTotals();
        const store = new Map<string, string>();
        for (const o of e.outcomes) {
          addOutcome(incremental, o, byIndex.get(o.index)!, e.shape);
          addLikeTheStore(store, o, byIndex.get(o.index)!, e.shape);
        }
        const all = fromOutcomes(e.outcomes, e.scheduled, e.shape);
        expect(plain(incremental)).toEqual(plain(all));
        const fromStore = totalsFromEntries([...store].map(([k, v]) => [k, JSON.parse(v)] as const));
        expect(fromStore.ok && plain(fromStore.value)).toEqual(plain(all));
        const parsed = parseTotals(JSON.parse(JSON.stringify(all)));
        expect(parsed.ok && plain(parsed.value)).toEqual(plain(all));
        expect(rankEvent(parsed.ok ? parsed.value : emptyTotals(), contextOf(e))).toEqual(
          rankEvent(all, contextOf(e)),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('ranks the same whatever order the games finished in, but for openskill', () => {
    fc.assert(
      fc.property(eventArb, (arb) => {
        const e = playEvent(arb);
        const a = fromOutcomes(e.outcomes, e.scheduled, e.shape);
        const b = fromOutcomes([...e.outcomes].reverse(), e.scheduled, e.shape);
        expect(withoutSkill(rankEvent(a, contextOf(e)))).toEqual(withoutSkill(rankEvent(b, contextOf(e))));
      }),
      { numRuns: 60 },
    );
  });
});
