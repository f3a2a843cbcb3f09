import { deriveSeed } from '../../random/prng.ts';
import type { NextGames, ScheduleContext, ScheduledGame, ScheduleHistory, Scheduler } from '../types.ts';

/** A game a format wants to schedule, before it gets its schedule index, seed and board. */
export interface GameSpec {
  readonly stage: string;
  readonly round: number;
  readonly seats: readonly string[];
  /** Unique in the whole tournament (it includes the stage); games of one match share a board. */
  readonly match: string;
}

/**
 * Turns specs into scheduled games: index = place in the whole schedule, seed from the tournament seed
 * and that place. Board index = the ordinal of the game's match in order of first appearance over the
 * whole schedule, so every match (a group set, a pairing's two seat orders, a knockout match) gets its
 * own board, the same one for all its games, and the numbering is recomputed identically on resume.
 */
export function emit(
  context: ScheduleContext,
  history: ScheduleHistory,
  specs: readonly GameSpec[],
): NextGames {
  if (specs.length === 0) return { kind: 'wait' };
  const boards = new Map<string, number>();
  for (const g of history.scheduled) if (!boards.has(g.match)) boards.set(g.match, boards.size);
  const games = specs.map((spec, i): ScheduledGame => {
    if (!boards.has(spec.match)) boards.set(spec.match, boards.size);
    const index = history.scheduled.length + i;
    const board = context.boardFor(boards.get(spec.match) ?? 0);
    return { ...spec, seats: [...spec.seats], index, seed: deriveSeed(context.seed, 'game', index), board };
  });
  return { kind: 'games', games };
}

/** The scheduled games of one stage, in schedule order. */
export function stageGames(history: ScheduleHistory, stage: string): ScheduledGame[] {
  return history.scheduled.filter((g) => g.stage === stage);
}

/** Whether every game of the stage has an outcome. */
export function stageFinished(history: ScheduleHistory, stage: string): boolean {
  return stageGames(history, stage).every((g) => history.outcomes.has(g.index));
}

/** The highest round scheduled in a stage, or 0. */
export function lastRound(history: ScheduleHistory, stage: string): number {
  return stageGames(history, stage).reduce((max, g) => Math.max(max, g.round), 0);
}

/** A participant's standing for pairing purposes. */
export interface Standing {
  readonly id: string;
  readonly points: number;
  /** Games that ended with this player's status not OK (CodeCup's tie-break: fewer is better). */
  readonly irregular: number;
  readonly games: number;
}

/**
 * Compares two standings by average per game, `a` before `b` when negative: points per game, then fewer
 * irregular losses per game. Exact (cross-multiplied integers); a player without games averages 0.
 * When both played equally often this is the order of points, then of irregular losses.
 */
function byAverage(a: Standing, b: Standing): number {
  const ga = Math.max(a.games, 1);
  const gb = Math.max(b.games, 1);
  return b.points * ga - a.points * gb || a.irregular * gb - b.irregular * ga;
}

/**
 * Standings over the finished games of the given stages, ranked by average points per game, then fewer
 * irregular losses per game, then `order` (a fixed per-tournament tie order; by default the participants'
 * order), so the ranking is total and deterministic. Averages, because a sit-out or a bye is no game:
 * where everyone played equally often (every round of a round-based stage without sit-outs, any stage
 * whose counts are equal when it ends) the order is that of the points. Scores count for every seat as
 * they are, so 6561's shared score needs nothing.
 */
export function rank(
  ids: readonly string[],
  history: ScheduleHistory,
  stages: readonly string[],
  order: readonly string[] = ids,
): Standing[] {
  const table = new Map(ids.map((id) => [id, { id, points: 0, irregular: 0, games: 0 }]));
  const wanted = new Set(stages);
  for (const g of history.scheduled) {
    const o = history.outcomes.get(g.index);
    if (!o || !wanted.has(g.stage)) continue;
    o.seats.forEach((id, seat) => {
      const row = table.get(id);
      if (!row) return;
      row.points += o.scores[seat] ?? 0;
      row.irregular += o.statuses[seat] === 'OK' ? 0 : 1;
      row.games += 1;
    });
  }
  const place = new Map(order.map((id, i) => [id, i]));
  return [...table.values()].sort(
    (a, b) => byAverage(a, b) || (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0),
  );
}

/** All permutations of 0..n-1 in lexicographic order (n! of them; n is a seat count, at most 4 here). */
export function permutations(n: number): number[][] {
  if (n <= 1) return [Array.from({ length: n }, (_, i) => i)];
  return permutations(n - 1)
    .flatMap((p) => Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]))
    .sort((a, b) => a.join().localeCompare(b.join()));
}

/** The n rotations of 0..n-1: every player sits in every seat once. */
export function rotations(n: number): number[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, s) => (s + r) % n));
}

/** Every k-subset of `items`, in lexicographic order of positions. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i <= items.length - k; i++) {
    for (const rest of combinations(items.slice(i + 1), k - 1)) out.push([items[i] as T, ...rest]);
  }
  return out;
}

/** n choose k, as a number (for totals without building the subsets). */
export function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return k < 0 || k > n ? 0 : Math.round(r);
}

/**
 * A scheduler for a plan fixed in advance (it depends on no result): each call hands out the next round
 * of the plan not yet scheduled, so a partly stored schedule continues exactly where it stopped.
 */
export function planScheduler(
  plan: (context: ScheduleContext) => readonly GameSpec[],
  stage: string,
): Scheduler {
  return {
    next(context, history) {
      const all = plan(context);
      const done = stageGames(history, stage).length;
      const first = all[done];
      if (!first) return { kind: 'done' };
      let end = done;
      while (all[end]?.round === first.round) end++;
      const round = all.slice(done, end);
      return emit(context, history, round);
    },
    total(context, history) {
      return history.scheduled.length - stageGames(history, stage).length + plan(context).length;
    },
  };
}
