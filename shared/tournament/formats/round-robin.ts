import type { Scheduler } from '../types.ts';
import { planScheduler, type GameSpec } from './common.ts';

/** Settings of a round robin for 2-player games. */
export interface RoundRobinSettings {
  /** How many times the whole double round robin is played (R ≥ 1). */
  readonly repeats: number;
}

/**
 * The circle method: n-1 rounds (n if odd, with a rest) in which everyone plays once per round. The
 * home side alternates with the round for the fixed player and by table for the rest, so seats stay
 * balanced even within a single leg.
 */
function circleRounds(ids: readonly string[]): [string, string][][] {
  const ring: (string | null)[] = ids.length % 2 === 0 ? [...ids] : [...ids, null];
  const n = ring.length;
  const rounds: [string, string][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [string, string][] = [];
    for (let t = 0; t < n / 2; t++) {
      const a = ring[t] ?? null;
      const b = ring[n - 1 - t] ?? null;
      if (a === null || b === null) continue;
      const flip = t === 0 ? r % 2 === 1 : t % 2 === 1;
      pairs.push(flip ? [b, a] : [a, b]);
    }
    rounds.push(pairs);
    // Keep the first player fixed and rotate the others one place.
    ring.splice(1, 0, ring.pop() ?? null);
  }
  return rounds;
}

/**
 * The games of a double round robin among `ids`, repeated `repeats` times: every pair plays both seat
 * orders in every cycle. Round = cycle number (1..R). Within a cycle the first leg comes first (in
 * circle-method order, so early games spread over all players), then the second leg with the seats
 * swapped. The two games of one pair in one cycle share a match key, hence a board: a mirrored pair.
 */
export function roundRobinPlan(ids: readonly string[], stage: string, repeats: number): GameSpec[] {
  const rounds = circleRounds(ids);
  const specs: GameSpec[] = [];
  for (let cycle = 1; cycle <= repeats; cycle++) {
    for (const leg of [0, 1]) {
      for (const pairs of rounds) {
        for (const [a, b] of pairs) {
          const [x, y] = a < b ? [a, b] : [b, a];
          specs.push({
            stage,
            round: cycle,
            seats: leg === 0 ? [a, b] : [b, a],
            match: `${stage}/c${cycle}/${x}|${y}`,
          });
        }
      }
    }
  }
  return specs;
}

/**
 * Round robin for 2-player games: every pair plays both seat orders, R times. It depends on no result,
 * so it hands out one whole cycle (round) per call and never waits; total() is exact: R·n·(n-1).
 */
export function roundRobin(settings: RoundRobinSettings): Scheduler {
  return planScheduler(
    (context) =>
      roundRobinPlan(
        context.participants.map((p) => p.id),
        'main',
        settings.repeats,
      ),
    'main',
  );
}
