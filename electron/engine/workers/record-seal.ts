import type { GameRecord } from '../record/schema.ts';
import { summarize } from '../record/summary.ts';
import { sealRecord, type RecordSeal } from '../record/vouched.ts';
import { packRecord } from '../store/record-codec.ts';
import { checkRecord } from '../store/validate.ts';
import type { GameJob } from './job.ts';

/** A finished job's result (its BullMQ return value): where its record is, and the record's seal. */
export interface JobResult {
  /** The Redis key of the record, packed as the store keeps it (store/record-codec.ts). */
  readonly record: string;
  /** Every record a worker sends is sealed: the coordinator refuses one without a valid seal. */
  readonly seal: RecordSeal;
}

/**
 * A worker's side of a finished game: the record checked in full with the store's own check
 * ({@link checkRecord}: the same code, since a worker runs the coordinator's Jury version) and against
 * the job (its game, seed, board and number of seats, as the store checks them against the schedule), then
 * the record packed as the store keeps it ({@link packRecord}) and the seal of those bytes: an HMAC under
 * the organiser's secret over the bytes, the record's summary and the job's id (record/vouched.ts). A
 * record that fails a check here is never sent: the answer is why (the store's own words), for the worker
 * to fail the job with, since the coordinator refuses every record without a valid seal.
 */
export function checkAndSeal(
  secret: string,
  jobId: string,
  job: GameJob,
  record: GameRecord,
): { readonly bytes: Buffer; readonly seal: RecordSeal } | { readonly problem: string } {
  let checked: GameRecord;
  try {
    checked = checkRecord(job.game.index, record);
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
  }
  // What the store would keep of the checked record: the coordinator stores these bytes as they come, so
  // it neither packs nor parses a record (and Redis carries a Flit game's 1 MB instead of 16.5 MB).
  const bytes = packRecord(checked);
  const game = job.game;
  const problem =
    checked.game !== job.config.game
      ? `the record is a game of ${checked.game}, the job's of ${job.config.game}`
      : checked.seed !== game.seed
        ? `the record has seed ${checked.seed}, the job ${game.seed}`
        : game.board !== null && checked.board !== game.board
          ? "the record was played on another board than the job's"
          : checked.seats.length !== game.seats.length || checked.scores.length !== game.seats.length
            ? `the record has ${checked.seats.length} seats and ${checked.scores.length} scores for ${game.seats.length} participants`
            : null;
  if (problem !== null) return { problem };
  const summary = { job: jobId, index: game.index, participants: game.seats, ...summarize(checked) };
  return { bytes, seal: sealRecord(secret, bytes, summary) };
}
