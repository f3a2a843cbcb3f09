import { inject, type ComputedRef, type InjectionKey } from 'vue';
import type { Response } from '../../../shared/ipc/contract.ts';
import type { DraftForm, LibraryBot } from '../../logic/draft.ts';
import { issuesAt, type FieldIssue } from '../../logic/draft-issues.ts';

/**
 * What the new-tournament form's sections share, provided by NewTournamentView: the form itself (one
 * reactive object the sections edit), the current issues by field path, the games and the library. The
 * sections inject it rather than take it as a prop, because they edit it in place.
 */

/** A game as the engine lists it. */
export type GameSummary = Response<'games.list'>[number];

/** The form's shared state. */
export interface DraftFormContext {
  readonly form: DraftForm;
  readonly issues: ComputedRef<readonly FieldIssue[]>;
  readonly games: ComputedRef<readonly GameSummary[]>;
  readonly bots: ComputedRef<readonly LibraryBot[]>;
  /** The chosen game's facts, once the games are loaded. */
  readonly game: ComputedRef<GameSummary | undefined>;
  readonly seats: ComputedRef<number>;
}

/**
 * The paths the form's sections show issues for (see FieldIssues); the lists show their items' issues
 * too (`boards.2`, `bots.1`). Issues elsewhere are listed by the Create button.
 */
export const ISSUE_FIELDS: readonly string[] = [
  'name',
  'game',
  'schedule',
  'schedule.kind',
  'schedule.repeats',
  'schedule.mode',
  'schedule.rounds',
  'schedule.swissRounds',
  'schedule.finalists',
  'schedule.gamesPerMatch',
  'schedule.permutations',
  'seed',
  'timing',
  'timing.mode',
  'timing.budgetMs',
  'timing.graceMs',
  'limits',
  'limits.memoryMiB',
  'limits.maxProcesses',
  'limits.network',
  'limits.affinity',
  'concurrency',
  'workers',
  'workers.localSlots',
];
export const ISSUE_LISTS: readonly string[] = [
  'bots',
  'boards',
  'schedule.challengers',
  'schedule.ratings',
  'workers.factorRange',
];

/** The injection key of the form's context. */
export const draftFormKey: InjectionKey<DraftFormContext> = Symbol('draftForm');

/** The form's context; only inside NewTournamentView. */
export function useDraftForm(): DraftFormContext {
  const context = inject(draftFormKey);
  if (!context) throw new Error('a form section must be inside the new-tournament form');
  return context;
}

/** The messages for the field at `path` (and inside it unless `exact`). */
export function messagesAt(context: DraftFormContext, path: string, exact = false): string[] {
  const issues = context.issues.value;
  return exact
    ? [...new Set(issues.filter((i) => i.path === path).map((i) => i.message))]
    : issuesAt(issues, path);
}
