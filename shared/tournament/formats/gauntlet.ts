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
 * seed, the challenger and the repeat) and cut into groups of k-1; a short last group is filled from the
 * start of the shuffle, so every field bot meets the challenger at least once per repeat. Each group
 * plays with the challenger in every seat order, so the challenger sits in every seat equally often.
 */
export function gauntletPlan(context: ScheduleContext, settings: GauntletSettings): GameSpec[] {
  const challengers = new Set(settings.challengers);
  const field = context.participants.map((p) => p.id).filter((id) => !challengers.has(id));
  const k = context.seats;
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
      for (let g = 0; g < groups; g++) {
        const others = Array.from(
          { length: k - 1 },
          (_, j) => shuffled[(g * (k - 1) + j) % shuffled.length] ?? '',
        );
        specs.push(
          ...groupSet(
            [c, ...others],
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
