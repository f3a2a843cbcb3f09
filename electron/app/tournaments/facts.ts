import { schedulerFor } from '../../../shared/tournament/formats/index.ts';
import type { Participant, ScheduleContext, Scheduler } from '../../../shared/tournament/types.ts';
import type { TournamentStore } from '../../engine/store/store.ts';
import type { TournamentConfig } from '../../engine/tournament/config.ts';
import { storedConfig } from '../../engine/tournament/run-store.ts';
import type { RunnerState } from '../../engine/tournament/runner.ts';
import { formatOf, scheduleContext } from '../../engine/tournament/scheduling.ts';

/** A tournament's config with what the engine derives from it: participants, scheduler, context. */
export interface TournamentPlan {
  readonly config: TournamentConfig;
  readonly participants: readonly Participant[];
  readonly scheduler: Scheduler;
  readonly context: ScheduleContext;
}

/** The plan of a store: its config, its participants as stored, its scheduler and schedule context. */
export function planOf(store: TournamentStore): TournamentPlan {
  const config = storedConfig(store);
  const participants = store.participants().map((p) => ({ id: p.id, name: p.name }));
  return {
    config,
    participants,
    scheduler: schedulerFor(formatOf(config, participants)),
    context: scheduleContext(config, store.info().seed, participants),
  };
}

/** How far a tournament is, from its store alone. */
export interface StoredProgress {
  readonly finished: number;
  /** The scheduler's total (exact when known, else its estimate), never below what is scheduled. */
  readonly total: number;
  /** Every game is played and the scheduler has nothing more. */
  readonly complete: boolean;
  /** Games were scheduled: a run began once (the schedule is stored only as a run plays it). */
  readonly started: boolean;
}

/**
 * The state of a tournament without a run under way, from `last`, what this process remembers of its
 * last run (`idle`: none), and its store: a tournament played in part that this process never ran (Jury
 * was restarted) is `unfinished`, not `idle`, whatever ended its run.
 */
export function restingState(
  last: RunnerState | 'idle',
  stored: StoredProgress,
): RunnerState | 'idle' | 'unfinished' {
  if (last !== 'idle') return last;
  return stored.started && !stored.complete ? 'unfinished' : 'idle';
}

/** How far the tournament in `store` is. */
export function storedProgress(store: TournamentStore, plan: TournamentPlan): StoredProgress {
  const counts = store.counts();
  // An imported event (CodeCup's result file) is its results: complete, whatever a scheduler would add.
  if (store.imported() !== null)
    return { finished: counts.finished, total: counts.scheduled, complete: true, started: true };
  const history = store.history();
  const total = Math.max(plan.scheduler.total(plan.context, history), counts.scheduled);
  // Schedulers are pure: asking for the next games stores nothing.
  const complete = counts.unfinished === 0 && plan.scheduler.next(plan.context, history).kind === 'done';
  return { finished: counts.finished, total, complete, started: counts.scheduled > 0 };
}
