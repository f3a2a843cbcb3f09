import { createHash } from 'node:crypto';
import type { Competition } from '../../../shared/event/competition.ts';
import type { Contestant } from '../../../shared/event/contestant.ts';
import { normalizeCode } from '../../../shared/event/join-code.ts';
import type { Submission } from '../../../shared/event/submission.ts';
import type { GameRecord } from '../record/schema.ts';
import type { EventStore } from './event-store.ts';
import { EventRefusal } from './refusal.ts';

/**
 * The one access rule of an event's contestants: a join code signs in exactly one contestant, who sees
 * their own versions (source, logs, smoke tests) and their own seats' stderr, and nothing else of
 * anybody's. Every contestant operation of EventService goes through these functions; a refusal says
 * the same for a thing that is someone else's as for one that does not exist, so nothing can be probed.
 */

/** sha256 of a normalized code: what the store keeps instead of the code. */
export function codeHash(normalized: string): string {
  return createHash('sha256').update(`jury-event-code:${normalized}`).digest('hex');
}

const DENIED = 'this code signs no one in; check it, or ask the organiser for yours';

/** The contestant `code` signs in; `denied` for a malformed or unknown code (the same message). */
export function signIn(store: EventStore, code: unknown): Contestant {
  const normalized = typeof code === 'string' ? normalizeCode(code) : null;
  const found = normalized === null ? null : store.contestantByCodeHash(codeHash(normalized));
  if (!found) throw new EventRefusal('denied', DENIED);
  return found;
}

/** `contestant`'s own version `id`; `not-found` for another's or none (the same message). */
export function ownSubmission(store: EventStore, contestant: Contestant, id: unknown): Submission {
  const sub = typeof id === 'string' ? store.submission(id) : null;
  if (!sub || sub.contestant !== contestant.id)
    throw new EventRefusal('not-found', 'you have no such version');
  return sub;
}

/**
 * A competition a contestant may look at: any test competition, and the final once it is over;
 * `not-found` otherwise.
 */
export function visibleCompetition(store: EventStore, id: unknown): Competition {
  const found = typeof id === 'string' ? store.competition(id) : null;
  if (!found || (found.kind === 'final' && found.state !== 'done')) {
    throw new EventRefusal('not-found', 'there is no such competition to see');
  }
  return found;
}

/** The participant ids a contestant played under in a competition (one, or none). */
export function ownParticipants(competition: Competition, contestant: Contestant): ReadonlySet<string> {
  return new Set(
    competition.entrants.filter((e) => e.contestant === contestant.id).map((e) => e.participant),
  );
}

/**
 * A game's record as a contestant may see it: every move and protocol line, and of the other seats
 * only what the board shows (name, status, score, time); their stderr, command lines and program
 * hashes are emptied, and a game package's referee section (which may quote any player) is left out.
 */
export function contestantRecord(record: GameRecord, ownSeats: ReadonlySet<number>): GameRecord {
  const { caia: _caia, ...rest } = record;
  void _caia;
  return {
    ...rest,
    seats: record.seats.map((seat, i) =>
      ownSeats.has(i)
        ? seat
        : {
            ...seat,
            command: null,
            executableHash: null,
            stderr: { shown: '', full: '', truncated: false, bytes: 0 },
          },
    ),
  };
}
