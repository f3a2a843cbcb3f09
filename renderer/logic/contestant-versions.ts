import type { Submission, SubmissionState } from '../../shared/event/submission.ts';

/**
 * View maths of the contestant's version history: which versions are still on their way (the page
 * polls while any is), the short hash, the order. How a state looks is the organiser's `stateBadge`
 * (event-view.ts).
 */

/** The states a version leaves by itself (its build or smoke test is under way). */
const PENDING: ReadonlySet<SubmissionState['state']> = new Set(['received', 'building', 'built']);

/** Whether `s` is still being built or smoke-tested. */
export function isPending(s: Pick<Submission, 'status'>): boolean {
  return PENDING.has(s.status.state);
}

/** Whether any of `versions` is still being built or smoke-tested. */
export function anyPending(versions: readonly Pick<Submission, 'status'>[]): boolean {
  return versions.some(isPending);
}

/** The first 12 hex digits of a sha256: enough to tell versions apart on screen. */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 12);
}

/** The newest version first (the server lists them oldest first). */
export function newestFirst<S extends Pick<Submission, 'version'>>(versions: readonly S[]): S[] {
  return [...versions].sort((a, b) => b.version - a.version);
}
