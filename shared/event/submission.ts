import { z } from 'zod';
import type { LANGUAGE_IDS } from '../bots/languages.ts';

/**
 * A contestant's uploaded program, one version of it, and where it stands. Pure: zod only; the store
 * (electron/engine/event/) keeps these and the Node side moves them from state to state.
 */

/** The smoke test's result (the bot library's, electron/app/library/smoke-test.ts): a game and its dialogue. */
export const smokeResultSchema = z.object({
  passed: z.boolean(),
  verdict: z.string(),
  dialogue: z.array(
    z.object({ seat: z.number(), dir: z.enum(['in', 'out']), text: z.string(), move: z.number().optional() }),
  ),
  scores: z.array(z.number()),
  statuses: z.array(z.string()),
});

/** A smoke test's result. */
export type SmokeResult = z.output<typeof smokeResultSchema>;

/**
 * Where a version stands, a closed union: `received` → `building` → `build-failed` | `built` →
 * `smoke-failed` | `working`. Only `working` versions may play. The compile log is kept from the build
 * on, the smoke test from its end on. (Disqualification is the organiser's mark beside the state, so
 * re-admitting a version gives back exactly the state it had.)
 */
export type SubmissionState =
  | { readonly state: 'received' }
  | { readonly state: 'building' }
  | { readonly state: 'build-failed'; readonly log: string }
  | { readonly state: 'built'; readonly log: string }
  | { readonly state: 'smoke-failed'; readonly log: string; readonly smoke: SmokeResult }
  | { readonly state: 'working'; readonly log: string; readonly smoke: SmokeResult };

/** The states' names, in the order a version passes them. */
export const SUBMISSION_STATES = [
  'received',
  'building',
  'build-failed',
  'built',
  'smoke-failed',
  'working',
] as const satisfies readonly SubmissionState['state'][];

/** A single source file, or an archive unpacked and built with its own command. */
export const uploadKindSchema = z.enum(['file', 'archive']);

/** One version of a contestant's program, as the organiser sees it (the uploaded bytes stay in the store). */
export interface Submission {
  readonly id: string;
  readonly contestant: string;
  /** 1, 2, … per contestant, in upload order. */
  readonly version: number;
  /** When it was received (ISO 8601). */
  readonly receivedAt: string;
  /** sha256 of the uploaded bytes, lower-case hex. */
  readonly sha256: string;
  /** Bytes uploaded. */
  readonly size: number;
  /** The uploaded file's name (checked: a plain name, no folders). */
  readonly fileName: string;
  readonly kind: z.output<typeof uploadKindSchema>;
  /** A source file's language (chosen or by its extension); an archive's when its author gave one. */
  readonly language: (typeof LANGUAGE_IDS)[number] | null;
  /** An archive's build command (run in its unpacked folder), or null. */
  readonly buildCommand: string | null;
  /** An archive's command that starts the program (in its unpacked folder): the program, its arguments. */
  readonly runCommand: readonly string[] | null;
  readonly status: SubmissionState;
  /** Set by the organiser: the version never plays while it is set. */
  readonly disqualified: { readonly at: string; readonly reason: string } | null;
}

/** Whether `s` may play: built, passed its smoke test, and not disqualified. */
export function isPlayable(s: Pick<Submission, 'status' | 'disqualified'>): boolean {
  return s.status.state === 'working' && s.disqualified === null;
}

/**
 * The version of one contestant that plays: the one they chose if it may play, else their latest one
 * that may play, else null (the contestant sits the competition out). `versions` are that
 * contestant's own.
 */
export function playingVersion<S extends Pick<Submission, 'id' | 'version' | 'status' | 'disqualified'>>(
  versions: readonly S[],
  chosen: string | null,
): S | null {
  const playable = versions.filter(isPlayable);
  const picked = playable.find((s) => s.id === chosen);
  if (picked) return picked;
  return playable.reduce<S | null>((best, s) => (best === null || s.version > best.version ? s : best), null);
}

/**
 * The moves between states the store allows: a version is built once it is received, and a build cut
 * off by a crash (`building`, or `built` before its smoke test ended) starts again from `building`.
 */
export const NEXT_STATES: Readonly<Record<SubmissionState['state'], readonly SubmissionState['state'][]>> = {
  received: ['building'],
  building: ['building', 'build-failed', 'built'],
  'build-failed': [],
  built: ['building', 'smoke-failed', 'working'],
  'smoke-failed': [],
  working: [],
};
