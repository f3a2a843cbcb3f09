import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { GameEndKind } from '../../../shared/games/end.ts';
import { gameIdSchema } from '../../../shared/ipc/schemas.ts';
import type { GameId } from '../../../shared/games/types.ts';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { RecordSummary } from './summary.ts';

// A remote worker's record is about 225 KB of JSON. Reading it on the coordinator (bytes to a string,
// JSON.parse, the store's full check) cost about 5 ms of the coordinator's CPU per game, and the
// coordinator plays nothing itself: it is the one process that every game of a run goes through. The
// worker runs the same Jury, with the same checker, and holds the organiser's secret (it plays only jobs
// signed with it). So the worker checks the record in full with the store's own checker, and seals the
// exact bytes it sends together with a small summary (what the store derives from a record) and the job's
// id, with an HMAC-SHA256 under that secret. The coordinator checks the HMAC (a fraction of a
// millisecond) and that the summary answers the game it scheduled, and then stores the bytes as they
// came, unparsed: they are the bytes the worker checked, already packed as the store keeps records
// (store/record-codec.ts), so the coordinator does not pack them either. A seal that does not verify is
// refused, and so is a record without one: anyone with the Redis password can answer a job, only the
// secret can seal.

/** The seal's version, the first thing the HMAC covers: a seal of another layout never verifies. */
const SEAL_VERSION = 'jury-record-seal-1';

/** The signed summary: the record's {@link RecordSummary} and the job and scheduled game it answers. */
export interface SealedSummary extends RecordSummary {
  /** The job's id (the run and the game's index). */
  readonly job: string;
  /** The scheduled game's index and its participants, seat by seat, as the job asked. */
  readonly index: number;
  readonly participants: readonly string[];
}

const micros = z.number().finite();
const sealedSummarySchema: z.ZodType<SealedSummary> = z.strictObject({
  job: z.string(),
  index: z.number().int().min(0),
  participants: z.array(z.string()),
  game: gameIdSchema,
  seed: z.number().int().min(0).max(0xffffffff),
  board: z.string().nullable(),
  durationUs: micros,
  // Its kind is checked with the outcome made of it, by the store's own outcome schema.
  end: z.custom<GameEndKind>((v) => typeof v === 'string'),
  budgetUs: micros,
  scores: z.array(z.number().finite()),
  seats: z.array(
    z.strictObject({
      status: z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT']),
      time: z.strictObject({ chargedUs: micros, maxChargedUs: micros, moves: z.number().int().min(0) }),
    }),
  ),
});

/** What travels beside a sealed record (in its job's result): the summary as JSON text and the HMAC. */
export interface RecordSeal {
  readonly summary: string;
  readonly mac: string;
}

function macOf(secret: string, job: string, summary: string, bytes: Uint8Array): Buffer {
  // The job id holds no NUL and the summary is JSON text (which escapes it): the parts cannot run together.
  return createHmac('sha256', secret).update(`${SEAL_VERSION}\0${job}\0${summary}\0`).update(bytes).digest();
}

/**
 * Seals a record's exact bytes (the record packed, store/record-codec.ts) for the coordinator: `summary`
 * must be that of the record the bytes encode, after the store's full check ({@link summarize}), for job
 * `summary.job`.
 */
export function sealRecord(secret: string, bytes: Uint8Array, summary: SealedSummary): RecordSeal {
  const text = JSON.stringify(summary);
  return { summary: text, mac: macOf(secret, summary.job, text, bytes).toString('hex') };
}

/** What the coordinator expects a sealed record to answer. */
export interface SealExpected {
  readonly job: string;
  /** The tournament's game. */
  readonly game: GameId;
  readonly scheduled: ScheduledGame;
}

/**
 * A remote record whose seal verified: its bytes, stored as they are (the store neither parses nor checks
 * them again), and its summary, which the outcome is made of. Made only by {@link VouchedRecord.open}.
 */
export class VouchedRecord {
  /** The record packed (store/record-codec.ts), exactly as the worker checked, packed and sealed it. */
  readonly bytes: Uint8Array;
  readonly summary: SealedSummary;

  private constructor(bytes: Uint8Array, summary: SealedSummary) {
    this.bytes = bytes;
    this.summary = summary;
  }

  /**
   * Checks a worker's seal over `bytes` with the organiser's secret and that its summary answers
   * `expected` (the job, the tournament's game, the scheduled game's index, participants, seed and board,
   * one score and one seat per participant). Answers the vouched record, or why it is refused, and the
   * caller must then store nothing of it: a record without a seal was not sent by a worker holding the
   * organiser's secret (a worker seals every record it sends), and a seal that does not verify means the
   * bytes or the summary were changed after the worker sealed them, or belong to another job.
   */
  static open(
    secret: string,
    expected: SealExpected,
    bytes: Uint8Array,
    seal: unknown,
  ): VouchedRecord | { readonly refused: string } {
    if (seal === undefined || seal === null) {
      return { refused: 'it has no seal (no worker holding the organiser’s secret sent it)' };
    }
    const s = seal as Partial<Record<keyof RecordSeal, unknown>>;
    if (typeof s.summary !== 'string' || typeof s.mac !== 'string' || !/^[0-9a-f]{64}$/.test(s.mac)) {
      return { refused: 'its seal is malformed' };
    }
    const want = macOf(secret, expected.job, s.summary, bytes);
    if (!timingSafeEqual(Buffer.from(s.mac, 'hex'), want)) {
      return {
        refused:
          'it does not match its seal (changed after the worker checked it, or another job’s record, or another secret)',
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(s.summary);
    } catch {
      return { refused: 'its sealed summary is not JSON' };
    }
    const parsed = sealedSummarySchema.safeParse(json);
    if (!parsed.success) return { refused: 'its sealed summary is malformed' };
    const summary = parsed.data;
    const game = expected.scheduled;
    const n = game.seats.length;
    const mismatch =
      summary.job !== expected.job
        ? `it answers job ${summary.job}`
        : summary.game !== expected.game
          ? `it is a game of ${summary.game}`
          : summary.index !== game.index
            ? `it answers game ${summary.index + 1}`
            : summary.participants.length !== n || summary.participants.some((p, i) => p !== game.seats[i])
              ? 'its seats are not the scheduled ones'
              : summary.seed !== game.seed
                ? `it has seed ${summary.seed}, the schedule ${game.seed}`
                : game.board !== null && summary.board !== game.board
                  ? 'it was played on another board than the scheduled one'
                  : summary.seats.length !== n || summary.scores.length !== n
                    ? `it has ${summary.seats.length} seats and ${summary.scores.length} scores for ${n} participants`
                    : null;
    if (mismatch !== null) return { refused: mismatch };
    return new VouchedRecord(bytes, summary);
  }
}
