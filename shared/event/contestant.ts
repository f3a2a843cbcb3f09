import { z } from 'zod';
import type { LockState } from './settings.ts';

/** A contestant of an event: an id (the store's), a name (unique in the event). The join code is kept hashed. */
export interface Contestant {
  readonly id: string;
  readonly name: string;
  /** The version they chose to play, or null for their latest working one. */
  readonly chosen: string | null;
}

/**
 * What a contestant's page shows at the top: who they are, the lock, the deadline and which version
 * plays. The engine's contestant face answers it (`GET /event/status`, `POST /event/choose`).
 */
export interface ContestantStatus {
  readonly id: string;
  readonly name: string;
  readonly lock: LockState;
  readonly deadline: string | null;
  /** The version that plays now (their choice, else their latest working one), or null. */
  readonly playing: string | null;
  /** The version they chose, or null for "the latest working one". */
  readonly chosen: string | null;
}

/**
 * A contestant's name: what the standings show. Unique in the event (compared case-insensitively) and
 * no control characters, so a printed sheet and a table show it as typed.
 */
export const contestantNameSchema = z
  .string()
  .trim()
  .min(1, 'the name must not be empty')
  .max(80, 'the name must be at most 80 characters')
  // eslint-disable-next-line no-control-regex
  .refine((n) => !/[\u0000-\u001f\u007f]/.test(n), 'the name must not contain control characters');
