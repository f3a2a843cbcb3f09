import { describe, expect, it } from 'vitest';
import { seeding } from '../../shared/tournament/formats/knockout.ts';
import { seedOrder } from './seeding.ts';

describe('knockout seed order', () => {
  it('puts rated bots first, highest first, then the unrated in the order chosen', () => {
    const order = seedOrder(['a', 'b', 'c', 'd'], { c: 1500, b: 1800 });
    expect(order).toEqual([
      { id: 'b', rating: 1800 },
      { id: 'c', rating: 1500 },
      { id: 'a', rating: null },
      { id: 'd', rating: null },
    ]);
  });

  it('agrees with the engine’s seeding', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const ratings = { e: 10, a: 10, c: 30 };
    const engine = seeding(
      { participants: ids.map((id) => ({ id, name: id })) } as unknown as Parameters<typeof seeding>[0],
      { ratings, gamesPerMatch: 2 },
    );
    expect(seedOrder(ids, ratings).map((s) => s.id)).toEqual(engine);
  });
});
