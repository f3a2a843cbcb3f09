import type { GameRecord } from '../record/schema.ts';
import { summarize } from '../record/summary.ts';
import { sealRecord, type RecordSeal } from '../record/vouched.ts';
import { checkRecord } from '../store/validate.ts';
import type { GameJob } from './job.ts';

/** A finished job's result (its BullMQ return value): where its record is, and the record's seal. */
export interface JobResult {
  /** The Redis key of the record's JSON text (UTF-8). */
  readonly record: string;
  /** Absent when the record failed the store's check here: the coordinator then checks it in full. */
  readonly seal?: RecordSeal;
}

/**
 * A worker's side of a finished game: the record checked in full with the store's own check
 * ({@link checkRecord}: the same code, since a worker runs the coordinator's Jury version) and against
 * the job (its game, seed, board and number of seats, as the store checks them against the schedule), then
 * its JSON text as UTF-8 bytes and their seal: an HMAC under the organiser's secret over the bytes, the
 * record's summary and the job's id (record/vouched.ts). A record that fails a check here is sent without
 * a seal, as the checked record's text when it was readable at all: the coordinator then checks it in
 * full and refuses it with the store's own words, as it always did.
 */
export function checkAndSeal(
  secret: string,
  jobId: string,
  job: GameJob,
  record: GameRecord,
): { readonly bytes: Buffer; readonly seal: RecordSeal | null } {
  let checked: GameRecord;
  try {
    checked = checkRecord(job.game.index, record);
  } catch {
    return { bytes: Buffer.from(JSON.stringify(record), 'utf8'), seal: null };
  }
  // The checked record's text: what the store would keep of it (JSON.stringify of the checked record).
  const bytes = Buffer.from(JSON.stringify(checked), 'utf8');
  const game = job.game;
  const fits =
    checked.game === job.config.game &&
    checked.seed === game.seed &&
    (game.board === null || checked.board === game.board) &&
    checked.seats.length === game.seats.length &&
    checked.scores.length === game.seats.length;
  if (!fits) return { bytes, seal: null };
  const summary = { job: jobId, index: game.index, participants: game.seats, ...summarize(checked) };
  return { bytes, seal: sealRecord(secret, bytes, summary) };
}
