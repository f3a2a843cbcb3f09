import { deriveSeed, Prng } from '../../random/prng.ts';
import type { ScheduleContext, Scheduler } from '../types.ts';
import { planScheduler, type GameSpec } from './common.ts';
import { groupSet, seatOrders, type SeatOrders } from './groups.ts';

/** Settings of a gauntlet: challengers against the field. */
export interface GauntletSettings {
  /** Participant ids of the challengers (at least one; not the whole field). */
  readonly challengers: readonly string[];
  /** R: how many times the whole gauntlet is played (≥ 1). */
  readonly repeats: number;
  /** Seat orders of a multi-player group (ignored for 2-player games). */
  readonly permutations: SeatOrders;
}

const STAGE = 'main';

/**
 * The gauntlet plan, round = repeat number. Challengers never meet each other: a gauntlet measures each
 * challenger against the same field, and challenger-vs-challenger games would only add noise to that.
 * 2-player: each challenger plays every field bot in both seat orders (one match, one board, per pair).
 * Multi-player (k seats): per repeat and challenger, the field is shuffled (seeded from the tournament
 * seed, the challenger and the repeat) and cut into groups of k-1, so every field bot meets the
 * challenger at least once per repeat. When k-1 does not divide the field, the short last group is
 * filled with the field bots that made the fewest such extra appearances so far in the plan (ties by the
 * shuffle), moved to the first group, so extras rotate through the field and field bots' game counts stay
 * within one group set of each other. Each group plays with the challenger in every seat order, so the
 * challenger sits in every seat equally often. Every challenger plays the same number of games; the
 * field's counts differ from theirs unless the field is exactly challengers·(k-1) bots.
 */
export function gauntletPlan(context: ScheduleContext, settings: GauntletSettings): GameSpec[] {
  const challengers = new Set(settings.challengers);
  const field = context.participants.map((p) => p.id).filter((id) => !challengers.has(id));
  const k = context.seats;
  const extras = new Map(field.map((id) => [id, 0]));
  const specs: GameSpec[] = [];
  for (let round = 1; round <= settings.repeats; round++) {
    settings.challengers.forEach((c, ci) => {
      if (k === 2) {
        for (const id of field) {
          const match = `${STAGE}/c${round}/${c}|${id}`;
          specs.push(
            { stage: STAGE, round, match, seats: [c, id] },
            { stage: STAGE, round, match, seats: [id, c] },
          );
        }
        return;
      }
      const shuffled = Prng.fromSeed(deriveSeed(context.seed, 'gauntlet', c, round)).shuffle(field);
      const groups = Math.ceil(shuffled.length / (k - 1));
      const fill = groups * (k - 1) - shuffled.length;
      const fillers = shuffled
        .map((id, place) => ({ id, place, extras: extras.get(id) ?? 0 }))
        .sort((a, b) => a.extras - b.extras || a.place - b.place)
        .slice(0, fill)
        .map((f) => f.id);
      for (const id of fillers) extras.set(id, (extras.get(id) ?? 0) + 1);
      const order = [...fillers, ...shuffled.filter((id) => !fillers.includes(id))];
      for (let g = 0; g < groups; g++) {
        const others = order.slice(g * (k - 1), (g + 1) * (k - 1));
        const group = [c, ...others, ...(g === groups - 1 ? fillers : [])];
        specs.push(
          ...groupSet(
            group,
            STAGE,
            round,
            `${STAGE}/c${round}/x${ci + 1}/g${g + 1}`,
            seatOrders(k, settings.permutations),
          ),
        );
      }
    });
  }
  return specs;
}

/** Gauntlet: one or more challengers against every other bot; no result dependencies, exact total(). */
export function gauntlet(settings: GauntletSettings): Scheduler {
  return planScheduler((context) => gauntletPlan(context, settings), STAGE);
}
