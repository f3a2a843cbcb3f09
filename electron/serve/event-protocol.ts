import type { EventRefusalCode } from '../engine/event/refusal.ts';

/**
 * The messages between `jury serve`'s server thread (event-routes.ts: HTTP, sessions, bodies) and its
 * main thread (event-host.ts: the EventService) for an event's routes (docs/serve.md, "An event").
 * The server thread has checked the caller's rights: `contestant` calls carry the signed-in session's
 * join code as their first argument (the face checks it again), `organiser` calls come only from a
 * controller (access.ts).
 */

/** The contestant face's methods the server may call. */
export const CONTESTANT_METHODS = [
  'signIn',
  'status',
  'upload',
  'versions',
  'source',
  'choose',
  'competitions',
  'standings',
  'games',
  'game',
] as const;

/** The organiser face's methods the server may call. */
export const ORGANISER_METHODS = [
  'settings',
  'addContestants',
  'newCode',
  'contestants',
  'submissions',
  'source',
  'disqualify',
  'readmit',
  'lockState',
  'setLocked',
  'runTest',
  'runFinal',
  'competitions',
  'standings',
  'games',
  'game',
] as const;

/** Server thread → main: one call of a face's method. */
export type EventCall =
  | {
      readonly kind: 'event-call';
      readonly id: number;
      readonly face: 'contestant';
      readonly method: (typeof CONTESTANT_METHODS)[number];
      readonly args: readonly unknown[];
    }
  | {
      readonly kind: 'event-call';
      readonly id: number;
      readonly face: 'organiser';
      readonly method: (typeof ORGANISER_METHODS)[number];
      readonly args: readonly unknown[];
    };

/** Main → server thread: the answer to the call with the same id (a refusal's code, or `error`). */
export type EventAnswer =
  | { readonly kind: 'event-answer'; readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly kind: 'event-answer';
      readonly id: number;
      readonly ok: false;
      readonly code: EventRefusalCode | 'error';
      readonly message: string;
    };

/** Whether `message` is an {@link EventCall} of a known method. */
export function isEventCall(message: unknown): message is EventCall {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  if (m['kind'] !== 'event-call' || !Number.isSafeInteger(m['id']) || !Array.isArray(m['args'])) return false;
  const methods: readonly unknown[] =
    m['face'] === 'contestant' ? CONTESTANT_METHODS : m['face'] === 'organiser' ? ORGANISER_METHODS : [];
  return methods.includes(m['method']);
}

/** Whether `message` is an {@link EventAnswer}. */
export function isEventAnswer(message: unknown): message is EventAnswer {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === 'event-answer' &&
    Number.isSafeInteger((message as { id?: unknown }).id)
  );
}
