/**
 * A knockout's seed order as the engine draws it (shared/tournament/formats/knockout.ts `seeding`): by
 * rating, highest first, unrated bots after the rated ones; ties and unrated bots keep the order they
 * were chosen in. Copies of a bot (the same library id twice) take its rating once, at its first entry.
 */

/** One seed: the entry's library id, its place in the chosen order, and its rating (null: unrated). */
export interface Seed {
  readonly id: string;
  readonly rating: number | null;
}

/** The entries in seed order. */
export function seedOrder(entries: readonly string[], ratings: Readonly<Record<string, number>>): Seed[] {
  const seen = new Set<string>();
  return entries
    .map((id, place) => {
      const first = !seen.has(id);
      seen.add(id);
      const rating = first ? (ratings[id] ?? null) : null;
      return { id, place, rating };
    })
    .sort(
      (a, b) =>
        (b.rating ?? Number.NEGATIVE_INFINITY) - (a.rating ?? Number.NEGATIVE_INFINITY) || a.place - b.place,
    )
    .map(({ id, rating }) => ({ id, rating }));
}
