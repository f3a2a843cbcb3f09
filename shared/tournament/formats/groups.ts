import { deriveSeed, Prng } from '../../random/prng.ts';
import type { ScheduleContext, ScheduleHistory, Scheduler } from '../types.ts';
import {
  choose,
  combinations,
  emit,
  lastRound,
  permutations,
  planScheduler,
  rank,
  rotations,
  stageFinished,
  stageGames,
  type GameSpec,
} from './common.ts';

/** Which seat orders a group plays: all k! permutations (24 for four seats) or the k rotations. */
export type SeatOrders = 'all' | 'rotations';

/** Settings of the groups format for multi-player games (Less, Flit). */
export interface GroupsSettings {
  readonly permutations: SeatOrders;
  /** `rounds`: rounds of groups by standing; `all-groups`: every k-subset of the field plays once. */
  readonly mode: 'rounds' | 'all-groups';
  /** Number of rounds in `rounds` mode. */
  readonly rounds: number;
  /**
   * `rounds` mode: extend the rounds so every player plays equally often ({@link roundTables}); default
   * true. False keeps exactly `rounds` rounds, as events stored before Jury evened the counts were planned
   * (the store marks their configs so, so a finished event never grows new rounds).
   */
  readonly evenOut?: boolean;
}

/** The seat orders (each a list of group positions, seat by seat) for a group of k. */
export function seatOrders(k: number, which: SeatOrders): number[][] {
  return which === 'all' ? permutations(k) : rotations(k);
}

/** The games of one group set: the group plays every seat order, all under one match key (one board). */
export function groupSet(
  group: readonly string[],
  stage: string,
  round: number,
  match: string,
  orders: number[][],
): GameSpec[] {
  return orders.map((order) => ({ stage, round, match, seats: order.map((pos) => group[pos] ?? '') }));
}

/**
 * A fixed per-tournament random order of the participants: the first round's grouping and the last
 * tie-break of standings, so equal standings never fall back to the order the organiser typed in.
 */
export function tieOrder(context: ScheduleContext, stage: string): string[] {
  return Prng.fromSeed(deriveSeed(context.seed, 'order', stage)).shuffle(
    context.participants.map((p) => p.id),
  );
}

const key = (ids: readonly string[]): string => [...ids].sort().join('\u0000');

/**
 * The groups of one round of `stage`, from the history before it. Round 1 is the seeded random order;
 * later rounds rank by average points per game in this stage (then fewer irregular losses per game,
 * then the random tie order) and cut the ranking into consecutive groups, so players of similar standing
 * meet. A group that met before in this stage is avoided: the top remaining player takes the first
 * combination of partners from the next 2k ranked players that forms a new group (closest standings
 * first), backtracking when the rest cannot be grouped without a repeat; past a step budget, group by
 * group greedily, and where every combination is a repeat, the plain consecutive group.
 *
 * `tables` groups play (by default as many as the field allows, ⌊n/k⌋); the other n − tables·k players
 * sit out: those who played the most rounds of this stage so far, and among them the lowest in the
 * ranking. A sit-out is no game and scores nothing. Whatever the number of tables of each round, this
 * keeps every player's count of rounds played within one of everyone else's, so a stage ends with
 * equal counts exactly when its tables seat everyone equally often (n divides tables·k in all).
 */
export function roundGroups(
  context: ScheduleContext,
  history: ScheduleHistory,
  stage: string,
  round: number,
  tables: number = Math.floor(context.participants.length / context.seats),
): string[][] {
  const k = context.seats;
  const ids = context.participants.map((p) => p.id);
  const random = tieOrder(context, stage);
  const order = round === 1 ? random : rank(ids, history, [stage], random).map((s) => s.id);
  const games = stageGames(history, stage);
  const played = new Map<string, Set<number>>(ids.map((id) => [id, new Set()]));
  for (const g of games) for (const id of g.seats) played.get(id)?.add(g.round);
  const rounds = (id: string): number => played.get(id)?.size ?? 0;
  const byMostPlayed = order
    .map((id, place) => ({ id, place }))
    .sort((a, b) => rounds(b.id) - rounds(a.id) || b.place - a.place);
  const out = Math.max(0, ids.length - tables * k);
  const sitting = new Set(byMostPlayed.slice(0, out).map((s) => s.id));
  const seen = new Set(games.map((g) => key(g.seats)));
  const field = order.filter((id) => !sitting.has(id));
  return search(field, k, seen, { steps: 0 }) ?? greedy(field, k, seen);
}

/** Backtracking steps allowed before settling for the greedy grouping (which may repeat a group). */
const STEP_BUDGET = 5_000;

/** Consecutive groups by ranking, each new if any combination within the window allows it: or null. */
function search(
  rest: readonly string[],
  k: number,
  seen: ReadonlySet<string>,
  budget: { steps: number },
): string[][] | null {
  if (rest.length < k) return [];
  const [head, ...others] = rest as [string, ...string[]];
  for (const partners of combinations(others.slice(0, 2 * k), k - 1)) {
    if (++budget.steps > STEP_BUDGET) return null;
    if (seen.has(key([head, ...partners]))) continue;
    const tail = search(
      others.filter((id) => !partners.includes(id)),
      k,
      seen,
      budget,
    );
    if (tail) return [[head, ...partners], ...tail];
  }
  return null;
}

/** Group by group, the first new combination or else the plain consecutive group. */
function greedy(field: readonly string[], k: number, seen: ReadonlySet<string>): string[][] {
  let rest = [...field];
  const groups: string[][] = [];
  while (rest.length >= k) {
    const [head, ...others] = rest as [string, ...string[]];
    const window = others.slice(0, 2 * k);
    const partners =
      combinations(window, k - 1).find((c) => !seen.has(key([head, ...c]))) ?? window.slice(0, k - 1);
    groups.push([head, ...partners]);
    rest = others.filter((id) => !partners.includes(id));
  }
  return groups;
}

/** The specs of round `round` of a rounds-of-groups stage, with `tables` groups (default ⌊n/k⌋). */
export function groupRoundSpecs(
  context: ScheduleContext,
  history: ScheduleHistory,
  stage: string,
  round: number,
  orders: number[][],
  tables?: number,
): GameSpec[] {
  return roundGroups(context, history, stage, round, tables).flatMap((group, i) =>
    groupSet(group, stage, round, `${stage}/r${round}/g${i + 1}`, orders),
  );
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The number of groups (tables) in each round of a groups event in `rounds` mode: at least `rounds`
 * rounds of ⌊n/k⌋ tables, extended by the fewest tables that seat every player equally often. Every
 * player sits at the same number of tables when n divides tables·k, i.e. when the table count is a
 * multiple of n / gcd(n, k); the plan takes the first such count from rounds·⌊n/k⌋ on, in full rounds
 * and, when the count is not a whole number of rounds, one shorter last round (played by those who sat
 * out more). When k divides n nothing changes. Examples for k = 4: 5 players, 2 rounds → 5 rounds of one table (each plays 4);
 * 13 players, 3 rounds → 4 rounds of 3 tables and a fifth of 1 (each plays 4); 10 players, 5 rounds →
 * unchanged (each plays 4).
 */
export function roundTables(
  participantCount: number,
  seats: number,
  rounds: number,
  evenOut = true,
): number[] {
  const perRound = Math.floor(participantCount / seats);
  if (perRound < 1 || rounds < 1) return [];
  if (!evenOut) return Array.from({ length: rounds }, () => perRound);
  const unit = participantCount / gcd(participantCount, seats);
  const tables = Math.ceil((rounds * perRound) / unit) * unit;
  return Array.from({ length: Math.ceil(tables / perRound) }, (_, r) =>
    Math.min(perRound, tables - r * perRound),
  );
}

/** Every k-subset of `ids` plays every seat order: the all-groups plan (round 1). */
export function allGroupsPlan(
  ids: readonly string[],
  k: number,
  stage: string,
  orders: number[][],
): GameSpec[] {
  return combinations(ids, k).flatMap((group, i) => groupSet(group, stage, 1, `${stage}/g${i + 1}`, orders));
}

/** The number of games of an all-groups plan, without building it. */
export function allGroupsCount(n: number, k: number, orders: number): number {
  return choose(n, k) * orders;
}

/**
 * Groups for multi-player games. `all-groups` hands out every k-subset at once (every player is in
 * C(n−1, k−1) of them). `rounds` hands out one round of groups at a time and waits for all its games
 * before grouping the next by standing; it plays the rounds of {@link roundTables}, so every player
 * ends with the same number of games. Each group set has its own match key, hence its own board.
 * total() is exact in both modes.
 */
export function groups(settings: GroupsSettings): Scheduler {
  const stage = 'main';
  if (settings.mode === 'all-groups') {
    return planScheduler(
      (c) =>
        allGroupsPlan(
          c.participants.map((p) => p.id),
          c.seats,
          stage,
          seatOrders(c.seats, settings.permutations),
        ),
      stage,
    );
  }
  return {
    next(context, history) {
      const plan = roundTables(context.participants.length, context.seats, settings.rounds, settings.evenOut);
      const done = lastRound(history, stage);
      if (done >= plan.length) return { kind: 'done' };
      if (!stageFinished(history, stage)) return { kind: 'wait' };
      const orders = seatOrders(context.seats, settings.permutations);
      return emit(context, history, groupRoundSpecs(context, history, stage, done + 1, orders, plan[done]));
    },
    total(context) {
      const tables = roundTables(
        context.participants.length,
        context.seats,
        settings.rounds,
        settings.evenOut,
      );
      return tables.reduce((a, b) => a + b, 0) * seatOrders(context.seats, settings.permutations).length;
    },
  };
}
