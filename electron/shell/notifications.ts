import type { EventPayload } from '../../shared/ipc/contract.ts';

/**
 * When to show the desktop notification "<name>: tournament finished", decided from the stream of
 * `tournament.progress` events alone. Pure, so the rule is tested without Electron.
 */

/** A `tournament.progress` event. */
export type Progress = EventPayload<'tournament.progress'>;
/** A tournament's run state. */
export type RunState = Progress['state'];

/** What a notification says. */
export interface Notice {
  readonly title: string;
  readonly body: string;
}

/**
 * Whether a tournament whose last known state was `previous` has just finished. Only a tournament seen
 * in another state in this session counts: a `done` that is the first word about a tournament (one that
 * finished before, reported again) is old news. Stopped or aborted tournaments were ended by the user,
 * who needs no notification.
 */
export function justFinished(previous: RunState | undefined, next: RunState): boolean {
  return next === 'done' && previous !== undefined && previous !== 'done';
}

/**
 * Tracks the last state of every tournament: call it with each progress event, it answers whether that
 * event is the one to notify about.
 */
export function finishWatcher(): (progress: Progress) => boolean {
  const last = new Map<string, RunState>();
  return (progress) => {
    const finished = justFinished(last.get(progress.id), progress.state);
    last.set(progress.id, progress.state);
    return finished;
  };
}

/** The notification for a finished tournament (`name` undefined when it could not be looked up). */
export function finishedNotice(name: string | undefined): Notice {
  return { title: 'Jury', body: `${name ?? 'A tournament'}: tournament finished` };
}
