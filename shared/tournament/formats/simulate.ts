import { builtInGameIds, defaultGameId, games } from '../../games/registry.ts';
import { Prng } from '../../random/prng.ts';
import type {
  GameOutcome,
  NextGames,
  ScheduleContext,
  ScheduledGame,
  ScheduleHistory,
  Scheduler,
  SeatStatus,
} from '../types.ts';

/** What {@link simulate} reports: every game scheduled, every total() seen, and how many steps it took. */
export interface Simulation {
  readonly scheduled: readonly ScheduledGame[];
  readonly outcomes: ReadonlyMap<number, GameOutcome>;
  /** total() before the first step and after every step. */
  readonly totals: readonly number[];
  readonly steps: number;
}

/** A random outcome: scores 0..20 per seat (shared when `shared`), sometimes a TIMEOUT scoring 0. */
export function outcome(game: ScheduledGame, rng: Prng, shared: boolean): GameOutcome {
  const common = rng.below(21);
  const statuses: SeatStatus[] = game.seats.map(() => (rng.below(20) === 0 ? 'TIMEOUT' : 'OK'));
  const scores = game.seats.map((_, s) => (statuses[s] === 'OK' ? (shared ? common : rng.below(21)) : 0));
  return { index: game.index, seats: game.seats, scores, statuses, end: 'all-home', times: [], budgetUs: 1 };
}

/** The history as the store would give it back after a crash: a JSON round trip, a fresh Map. */
export function reload(history: ScheduleHistory): ScheduleHistory {
  const json = JSON.stringify({ scheduled: history.scheduled, outcomes: [...history.outcomes.entries()] });
  const data = JSON.parse(json) as { scheduled: ScheduledGame[]; outcomes: [number, GameOutcome][] };
  return { scheduled: data.scheduled, outcomes: new Map(data.outcomes) };
}

/**
 * Runs a whole tournament with seeded random results, finishing running games one at a time in random
 * order (with up to `parallel` running), so result-dependent formats see partial rounds. At every step
 * a second scheduler from `fresh()` answers from the reloaded history (a resume after a crash there);
 * any difference from the live answer throws. Throws too if the scheduler never finishes.
 */
export function simulate(
  fresh: () => Scheduler,
  context: ScheduleContext,
  options: { readonly seed: number; readonly parallel?: number; readonly shared?: boolean },
): Simulation {
  const scheduler = fresh();
  const rng = Prng.fromSeed(options.seed);
  const scheduled: ScheduledGame[] = [];
  const outcomes = new Map<number, GameOutcome>();
  const totals = [scheduler.total(context, { scheduled, outcomes })];
  const queue: ScheduledGame[] = [];
  let steps = 0;
  for (;;) {
    if (++steps > 1_000_000) throw new Error('the scheduler never finished');
    const history: ScheduleHistory = { scheduled: [...scheduled], outcomes: new Map(outcomes) };
    const answer: NextGames = scheduler.next(context, history);
    const resumed = fresh().next(context, reload(history));
    if (JSON.stringify(resumed) !== JSON.stringify(answer))
      throw new Error(`resume differs at step ${steps}`);
    if (answer.kind === 'games') {
      scheduled.push(...answer.games);
      queue.push(...answer.games);
    }
    const mustFinish = answer.kind !== 'games' || queue.length > (options.parallel ?? 8);
    if (mustFinish && queue.length === 0) {
      if (answer.kind === 'done') break;
      throw new Error(`the scheduler waits with no game running at step ${steps}`);
    }
    if (mustFinish || rng.below(2) === 0) {
      const [game] = queue.splice(rng.below(Math.min(queue.length, options.parallel ?? 8)), 1);
      if (game) outcomes.set(game.index, outcome(game, rng, options.shared ?? false));
    }
    totals.push(scheduler.total(context, { scheduled, outcomes }));
  }
  return { scheduled, outcomes, totals, steps };
}

/**
 * Plays a whole tournament quickly: every game a call hands out finishes at once with a seeded random
 * outcome, and the scheduler is asked again, until it is done. No partial rounds and no resume check
 * (that is {@link simulate}'s job): for properties of the finished schedule over many configurations.
 * Throws if the scheduler waits with nothing running or never finishes.
 */
export function playOut(
  scheduler: Scheduler,
  context: ScheduleContext,
  options: { readonly seed: number; readonly shared?: boolean },
): Pick<Simulation, 'scheduled' | 'outcomes'> {
  const rng = Prng.fromSeed(options.seed);
  const scheduled: ScheduledGame[] = [];
  const outcomes = new Map<number, GameOutcome>();
  for (let step = 0; ; step++) {
    if (step > 100_000) throw new Error('the scheduler never finished');
    const answer = scheduler.next(context, { scheduled, outcomes });
    if (answer.kind === 'done') return { scheduled, outcomes };
    if (answer.kind === 'wait') throw new Error(`the scheduler waits with no game running at step ${step}`);
    for (const game of answer.games) {
      scheduled.push(game);
      outcomes.set(game.index, outcome(game, rng, options.shared ?? false));
    }
  }
}

/**
 * A context for tests: players p1..pn, boards `board-i`, and the first built-in game with `seats` seats
 * (More for 2, Less for 4).
 */
export function testContext(n: number, seats: number, seed = 42): ScheduleContext {
  const participants = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `Bot ${i + 1}` }));
  const game = builtInGameIds.find((id) => games[id].info.seats === seats) ?? defaultGameId;
  return { game, seats, participants, seed, boardFor: (i) => `board-${i}` };
}
