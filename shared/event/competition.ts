import { z } from 'zod';

/**
 * A competition of an event: a test competition (played any number of times, on demand or every N
 * minutes) or the final (once, with the locked versions). Each is an ordinary Jury tournament store in
 * the event's folder; the event keeps which program played under which participant id.
 */

/** Who plays under one participant id: a contestant's version, or a sample bot of the game. */
export const entrantSchema = z.object({
  /** The participant id in the competition's tournament store. */
  participant: z.string(),
  /** The name the standings show. */
  name: z.string(),
  contestant: z.string().nullable(),
  submission: z.string().nullable(),
  /** A sample bot's strength (`random`, `greedy`), for a sample. */
  sample: z.string().nullable(),
});

/** One entrant of a competition. */
export type Entrant = z.output<typeof entrantSchema>;

/** Where a competition's run is: running, or ended (`done`), or ended without its games (`failed`). */
export const COMPETITION_STATES = ['running', 'done', 'stopped', 'failed'] as const;

/** A competition as the event's store keeps it. */
export interface Competition {
  readonly id: string;
  readonly kind: 'test' | 'final';
  /** 1, 2, … per kind. */
  readonly number: number;
  /** The tournament store's file name inside the event's `competitions` folder. */
  readonly file: string;
  readonly createdAt: string;
  readonly state: (typeof COMPETITION_STATES)[number];
  /** Why it failed or stopped, when it did. */
  readonly message: string | null;
  readonly entrants: readonly Entrant[];
}

/**
 * One game of a competition, as a list shows it (the organiser's `event.games`, a contestant's
 * `GET /event/competitions/<id>/games`). The same shape as shared/ipc/event-schemas.ts's
 * `competitionGameSchema` (event.test.ts checks it at compile time).
 */
export interface CompetitionGame {
  readonly index: number;
  readonly stage: string;
  readonly round: number;
  /** Participant ids in seat order, and their names. */
  readonly seats: readonly string[];
  readonly names: readonly string[];
  /** Null until it has finished. */
  readonly scores: readonly number[] | null;
  readonly statuses: readonly string[] | null;
}
