import { playingVersion, type Submission } from '../../shared/event/submission.ts';
import type { Competition } from '../../shared/event/competition.ts';

/**
 * View maths of the organiser's event screens: which version plays for whom, the badge of a version's
 * state, a competition's label, the names a join sheet cannot print. Pure, for the components and tests.
 */

/** A contestant's playing version (their choice if it may play, else their latest working), or null. */
export function playingOf<
  S extends Pick<Submission, 'id' | 'version' | 'status' | 'disqualified' | 'contestant'>,
>(contestant: { readonly id: string; readonly chosen: string | null }, submissions: readonly S[]): S | null {
  return playingVersion(
    submissions.filter((s) => s.contestant === contestant.id),
    contestant.chosen,
  );
}

/** The badge class of a version's state: ok when working, danger when it failed or is disqualified. */
export function stateBadge(s: Pick<Submission, 'status' | 'disqualified'>): string {
  if (s.disqualified) return 'badge-danger';
  switch (s.status.state) {
    case 'working':
      return 'badge-ok';
    case 'build-failed':
    case 'smoke-failed':
      return 'badge-danger';
    case 'received':
    case 'building':
    case 'built':
      return 'badge-warn';
  }
}

/** Versions newest first, then by contestant name: the organiser's submissions table. */
export function newestFirst<S extends Pick<Submission, 'receivedAt' | 'version'>>(list: readonly S[]): S[] {
  return [...list].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.version - a.version);
}

/** The label key and number of a competition (`event.competitions.test` with its number, or the final). */
export function competitionLabel(c: Pick<Competition, 'kind' | 'number'>): {
  readonly key: string;
  readonly params: { readonly number: number };
} {
  return {
    key: c.kind === 'final' ? 'event.competitions.final' : 'event.competitions.test',
    params: { number: c.number },
  };
}

/** The contestants without a code made on this page (the sheet cannot print theirs), in list order. */
export function withoutCodes<C extends { readonly id: string }>(
  contestants: readonly C[],
  codes: Readonly<Record<string, string>>,
): C[] {
  return contestants.filter((c) => codes[c.id] === undefined);
}
