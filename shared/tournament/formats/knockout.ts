import type { ScheduleContext, ScheduleHistory, Scheduler } from '../types.ts';
import { emit, type GameSpec } from './common.ts';

/** Settings of a knockout bracket for 2-player games. */
export interface KnockoutSettings {
  /** k: games per match, the seats swapped from game to game (≥ 1). */
  readonly gamesPerMatch: number;
  /** Optional ratings by participant id: seeds by rating, highest first; otherwise the order given. */
  readonly ratings?: Readonly<Record<string, number>>;
}

const STAGE = 'knockout';

/** Seed numbers (1-based) in bracket order for a bracket of `size` (a power of two): 1 and 2 meet last. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const n = order.length * 2;
    order = order.flatMap((s) => [s, n + 1 - s]);
  }
  return order;
}

/** The participants in seed order: by rating (highest first, stable), else as given. */
export function seeding(context: ScheduleContext, settings: KnockoutSettings): string[] {
  const ids = context.participants.map((p) => p.id);
  const ratings = settings.ratings;
  if (!ratings) return ids;
  return ids
    .map((id, place) => ({ id, place, rating: ratings[id] ?? Number.NEGATIVE_INFINITY }))
    .sort((a, b) => b.rating - a.rating || a.place - b.place)
    .map((s) => s.id);
}

type Slot = string | null | undefined; // a player, a bye (null), or not decided yet (undefined)

/**
 * Walks the bracket from the history and returns the games that can be scheduled now, and whether the
 * whole bracket is decided. A match (key `knockout/r{round}/m{slot}`) starts as soon as both its players
 * are known, so later rounds advance match by match. The higher seed sits first in odd games. When the
 * k games are in and the totals tie, one decider follows with the lower seed in the first seat (the
 * higher seed sat first at least as often before); if the decider is a tie too, the higher seed advances.
 */
function walk(
  context: ScheduleContext,
  history: ScheduleHistory,
  settings: KnockoutSettings,
): { specs: GameSpec[]; champion: Slot } {
  const seeds = seeding(context, settings);
  let size = 1;
  while (size < seeds.length) size *= 2;
  const seedOf = new Map(seeds.map((id, i) => [id, i]));
  const byMatch = new Map<string, number[]>();
  for (const g of history.scheduled)
    if (g.stage === STAGE) byMatch.set(g.match, [...(byMatch.get(g.match) ?? []), g.index]);
  // Byes: seeds beyond the field are absent, so the top seeds (paired with them) advance unplayed.
  let slots: Slot[] = bracketOrder(size).map((s) => seeds[s - 1] ?? null);
  const specs: GameSpec[] = [];
  for (let round = 1; slots.length > 1; round++) {
    const winners: Slot[] = [];
    for (let m = 0; m < slots.length / 2; m++) {
      const a = slots[2 * m];
      const b = slots[2 * m + 1];
      if (a === undefined || b === undefined) winners.push(undefined);
      else if (a === null || b === null) winners.push(a ?? b);
      else {
        const [hi, lo] = (seedOf.get(a) ?? 0) < (seedOf.get(b) ?? 0) ? [a, b] : [b, a];
        const match = `${STAGE}/r${round}/m${m + 1}`;
        const played = byMatch.get(match) ?? [];
        const k = settings.gamesPerMatch;
        const pair = (i: number): string[] => (i % 2 === 0 ? [hi, lo] : [lo, hi]);
        if (played.length === 0) {
          for (let i = 0; i < k; i++) specs.push({ stage: STAGE, round, match, seats: pair(i) });
          winners.push(undefined);
          continue;
        }
        const outcomes = played.map((i) => history.outcomes.get(i));
        if (outcomes.some((o) => o === undefined)) {
          winners.push(undefined);
          continue;
        }
        const total = (id: string, games: typeof outcomes): number =>
          games.reduce((sum, o) => sum + (o?.scores[o.seats.indexOf(id)] ?? 0), 0);
        const diff = total(hi, outcomes.slice(0, k)) - total(lo, outcomes.slice(0, k));
        if (diff !== 0) winners.push(diff > 0 ? hi : lo);
        else if (played.length === k) {
          specs.push({ stage: STAGE, round, match, seats: [lo, hi] });
          winners.push(undefined);
        } else {
          const decider = outcomes.slice(k);
          winners.push(total(lo, decider) > total(hi, decider) ? lo : hi);
        }
      }
    }
    slots = winners;
  }
  return { specs, champion: slots[0] };
}

/**
 * Knockout for 2-player games, seeded from ratings or the order given, byes to the top seeds when the
 * field is not a power of two. It never waits on a whole round: a match is scheduled when its two
 * players are known. total() is an estimate: (n-1)·k plus the deciders scheduled so far.
 */
export function knockout(settings: KnockoutSettings): Scheduler {
  return {
    next(context, history) {
      const { specs, champion } = walk(context, history, settings);
      if (specs.length > 0) return emit(context, history, specs);
      return champion === undefined ? { kind: 'wait' } : { kind: 'done' };
    },
    total(context, history) {
      const games = history.scheduled.filter((g) => g.stage === STAGE);
      const matches = new Set(games.map((g) => g.match)).size;
      const deciders = games.length - matches * settings.gamesPerMatch;
      return (context.participants.length - 1) * settings.gamesPerMatch + deciders;
    },
  };
}
