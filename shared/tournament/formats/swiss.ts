import type { ScheduleContext, ScheduleHistory, Scheduler } from '../types.ts';
import { emit, lastRound, rank, stageFinished, stageGames, type GameSpec } from './common.ts';
import {
  allGroupsCount,
  allGroupsPlan,
  groupRoundSpecs,
  seatOrders,
  tieOrder,
  type SeatOrders,
} from './groups.ts';
import { pairSwiss } from './pairing.ts';
import { roundRobinPlan } from './round-robin.ts';

/** Settings of "Swiss then final", CodeCup's format. */
export interface SwissSettings {
  /** K: the number of Swiss rounds (≥ 1). */
  readonly swissRounds: number;
  /** N: how many of the best after the Swiss rounds play the final (≥ 2; capped at the field). */
  readonly finalists: number;
  /** Seat orders of a group in multi-player games (ignored for 2-player games). */
  readonly permutations: SeatOrders;
  /** How often the final is played over (default 1; CodeCup's 10 games per pair are 5). */
  readonly finalCycles?: number | undefined;
}

const SWISS = 'swiss';
const FINAL = 'final';

/** Round `round` of the 2-player Swiss: pairs by standing, no rematches, both seat orders per pair. */
function pairRound(context: ScheduleContext, history: ScheduleHistory, round: number): GameSpec[] {
  const ids = context.participants.map((p) => p.id);
  const ranked = rank(ids, history, [SWISS], tieOrder(context, SWISS)).map((s) => s.id);
  const met = new Map<string, number>();
  const rounds = new Map<string, Set<number>>();
  for (const g of stageGames(history, SWISS)) {
    const [a = '', b = ''] = [...g.seats].sort();
    // Both seat orders of one pairing share the match key: count the pairing once.
    if (g.seats[0] === a) met.set(`${a}|${b}`, (met.get(`${a}|${b}`) ?? 0) + 1);
    for (const id of g.seats) rounds.set(id, (rounds.get(id) ?? new Set()).add(g.round));
  }
  const meetings = (x: string, y: string): number => met.get(x < y ? `${x}|${y}` : `${y}|${x}`) ?? 0;
  const byes = (id: string): number => round - 1 - (rounds.get(id)?.size ?? 0);
  return pairSwiss(ranked, meetings, byes).pairs.flatMap(([a, b], i) => {
    const match = `${SWISS}/r${round}/m${i + 1}`;
    return [
      { stage: SWISS, round, seats: [a, b], match },
      { stage: SWISS, round, seats: [b, a], match },
    ];
  });
}

/**
 * The finalists: the best N after the Swiss rounds, by average points per Swiss game (then fewer
 * irregular losses per game, then the random tie order). With equal Swiss game counts that is the order
 * of points; with byes or sit-outs (no game, no score) a bot is not cut for the rounds it did not play.
 */
export function finalists(context: ScheduleContext, history: ScheduleHistory, count: number): string[] {
  const ids = context.participants.map((p) => p.id);
  return rank(ids, history, [SWISS], tieOrder(context, SWISS))
    .slice(0, count)
    .map((s) => s.id);
}

/**
 * Swiss then final. K Swiss rounds (stage `swiss`), each scheduled once the previous one is complete:
 * 2-player games pair by standing (average points per game) without rematches and every pairing plays
 * both seat orders (so seats are exactly balanced); an odd field gives one bye per round, which is no
 * game and scores nothing, and byes rotate (never a second bye while someone has none; see pairing.ts).
 * Multi-player games group by standing as in groups.ts, sit-outs rotating likewise. The Swiss stage keeps
 * its K rounds, so with byes or sit-outs game counts can differ by one round (see game-counts.ts); the
 * standings then compare averages. When the last Swiss game is in, the top N play the final (stage
 * `final`), all at once: a double round robin for 2-player games, every group of the finalists for
 * multi-player games, so every finalist plays equally often, `finalCycles` times over. The final ranking
 * comes from the final stage alone. total() is exact.
 */
export function swiss(settings: SwissSettings): Scheduler {
  const cycles = settings.finalCycles ?? 1;
  return {
    next(context, history) {
      const done = lastRound(history, SWISS);
      const orders = seatOrders(context.seats, settings.permutations);
      // Every later round, and the final, depends on all Swiss results so far.
      if (!stageFinished(history, SWISS)) return { kind: 'wait' };
      if (done < settings.swissRounds) {
        const round = done + 1;
        return emit(
          context,
          history,
          context.seats === 2
            ? pairRound(context, history, round)
            : groupRoundSpecs(context, history, SWISS, round, orders),
        );
      }
      const best = finalists(context, history, settings.finalists);
      const plan =
        context.seats === 2
          ? roundRobinPlan(best, FINAL, cycles)
          : Array.from({ length: cycles }, (_, c) =>
              // The first cycle keeps the match keys of a final played once.
              allGroupsPlan(best, context.seats, FINAL, orders).map((g) =>
                c === 0 ? g : { ...g, round: c + 1, match: `${g.match}/c${c + 1}` },
              ),
            ).flat();
      const rest = plan.slice(stageGames(history, FINAL).length);
      return rest.length === 0 ? { kind: 'done' } : emit(context, history, rest);
    },
    total(context) {
      const n = context.participants.length;
      const k = context.seats;
      const orders = k === 2 ? 2 : seatOrders(k, settings.permutations).length;
      const final = Math.min(settings.finalists, n);
      const finalGames = cycles * (k === 2 ? final * (final - 1) : allGroupsCount(final, k, orders));
      return settings.swissRounds * Math.floor(n / k) * orders + finalGames;
    },
  };
}
