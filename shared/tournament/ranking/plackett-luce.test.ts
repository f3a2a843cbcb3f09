import fc from 'fast-check';
import { ordinal as openskillOrdinal, rate as openskillRate, rating as openskillRating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { initialRating, ordinal, rate, type Rating } from './plackett-luce.ts';

// Our update must give openskill's numbers to the last bit (toStrictEqual compares with Object.is):
// ratings already stored in a tournament's totals were made by openskill.

const ratingArb: fc.Arbitrary<Rating> = fc.record({
  mu: fc.double({ min: -20, max: 70, noNaN: true }),
  sigma: fc.double({ min: 0.05, max: 12, noNaN: true }),
});

/** One game: 2–8 sides of 1–3 players, ranks 1..sides with ties, in any order. */
const gameArb = fc.integer({ min: 2, max: 8 }).chain((sides) =>
  fc.record({
    teams: fc.array(fc.array(ratingArb, { minLength: 1, maxLength: 3 }), {
      minLength: sides,
      maxLength: sides,
    }),
    ranks: fc.array(fc.integer({ min: 1, max: sides }), { minLength: sides, maxLength: sides }),
  }),
);

describe('the Plackett–Luce update', () => {
  it('starts where openskill starts, with the same conservative figure', () => {
    expect(initialRating()).toStrictEqual(openskillRating());
    expect(ordinal(initialRating())).toBe(openskillOrdinal(openskillRating()));
    fc.assert(
      fc.property(ratingArb, (r) => {
        expect(ordinal(r)).toBe(openskillOrdinal(r));
      }),
    );
  });

  it("gives openskill's ratings for any game: sides, team sizes, ties, rank order", () => {
    fc.assert(
      fc.property(gameArb, ({ teams, ranks }) => {
        expect(rate(teams, ranks)).toStrictEqual(openskillRate(teams, { rank: ranks }));
      }),
      { numRuns: 2000 },
    );
  });

  it('rates a 2-player win, loss and draw as openskill does, to the digit', () => {
    const [a, b] = [initialRating(), initialRating()];
    expect(rate([[a], [b]], [1, 2])).toStrictEqual(openskillRate([[a], [b]], { rank: [1, 2] }));
    // A winner gains, a loser drops, a draw moves neither μ; every σ shrinks.
    const [[win], [loss]] = rate([[a], [b]], [1, 2]) as [[Rating], [Rating]];
    expect(win.mu).toBeCloseTo(27.635, 3);
    expect(loss.mu).toBeCloseTo(22.365, 3);
    expect(win.sigma).toBeLessThan(a.sigma);
    const [[d1], [d2]] = rate([[a], [b]], [1, 1]) as [[Rating], [Rating]];
    expect(d1.mu).toBe(25);
    expect(d2.mu).toBe(25);
  });

  it("keeps openskill's ratings over a whole random event, game after game", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }).chain((bots) =>
          fc.array(
            fc.record({
              seats: fc.uniqueArray(fc.integer({ min: 0, max: bots - 1 }), { minLength: 2, maxLength: 4 }),
              ranks: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
            }),
            { minLength: 1, maxLength: 60 },
          ),
        ),
        (games) => {
          const ours = new Map<number, Rating>();
          const theirs = new Map<number, Rating>();
          for (const { seats, ranks } of games) {
            const rank = ranks.slice(0, seats.length);
            const a = rate(
              seats.map((s) => [ours.get(s) ?? initialRating()]),
              rank,
            );
            const b = openskillRate(
              seats.map((s) => [theirs.get(s) ?? openskillRating()]),
              { rank },
            );
            seats.forEach((s, i) => {
              ours.set(s, a[i]?.[0] as Rating);
              theirs.set(s, b[i]?.[0] as Rating);
            });
          }
          expect(ours).toStrictEqual(theirs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
