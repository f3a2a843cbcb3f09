import { z } from 'zod';
import type { GameEndKind } from '../../../shared/games/end.ts';
import type { GameOutcome, Participant, ScheduledGame } from '../../../shared/tournament/types.ts';
import type { GameRecord } from '../record/schema.ts';
import type { SealedSummary, VouchedRecord } from '../record/vouched.ts';
import { PACKAGE_PLAYERS } from '../../../shared/games/packages/game.ts';
import { invalid, StoreError } from './errors.ts';
import { parseRecord } from './record-check.ts';

/** A participant as the store keeps it: how to start it, and a hash to notice when its program changes. */
export interface StoredParticipant extends Participant {
  /** The command line (executable then arguments), or null for an in-process player. */
  readonly command: readonly string[] | null;
  /** sha256 of the executable's content, when known. */
  readonly executableHash: string | null;
}

// A Record over GameEndKind: the compiler reports a new way to end that this list does not know yet.
const END_KINDS: Record<GameEndKind, true> = {
  'all-home': true,
  'turn-limit-rush': true,
  'stuck-rush': true,
  'stuck-cutoff': true,
  'move-cutoff': true,
  'move-limit': true,
  'no-valid-move': true,
  'all-passed': true,
  'out-of-reach': true,
  'referee-report': true,
  'referee-failed': true,
};

const id = z.string().min(1, 'must not be empty').max(200);
const index = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const micros = z.number().finite().min(0);
const distinct = (ids: readonly string[]): boolean => new Set(ids).size === ids.length;
const seats = z
  .array(id)
  .min(PACKAGE_PLAYERS.min)
  .max(PACKAGE_PLAYERS.max)
  .refine(distinct, 'a participant may take only one seat');

/** The schema of a {@link StoredParticipant}. */
export const participantSchema: z.ZodType<StoredParticipant> = z.strictObject({
  id,
  name: z.string().min(1, 'must not be empty'),
  command: z.array(z.string()).min(1).nullable(),
  executableHash: z.string().min(1).nullable(),
});

/** The schema of a {@link ScheduledGame}. */
export const scheduledGameSchema: z.ZodType<ScheduledGame> = z.strictObject({
  index,
  stage: z.string().min(1, 'must not be empty'),
  round: z.number().int().min(1),
  seats,
  seed: z.number().int().min(0).max(0xffffffff),
  board: z.string().nullable(),
  match: z.string(),
});

/** The schema of a {@link GameOutcome}; lengths are checked against the seats in {@link checkOutcome}. */
export const gameOutcomeSchema: z.ZodType<GameOutcome> = z.strictObject({
  index,
  seats,
  scores: z.array(z.number().finite()),
  statuses: z.array(z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT'])),
  /** An imported game's published win, draw or loss per seat (`GameOutcome.results`). */
  results: z.array(z.enum(['WIN', 'DRAW', 'LOSE'])).exactOptional(),
  end: z.custom<GameEndKind>(
    (v) => typeof v === 'string' && Object.hasOwn(END_KINDS, v),
    'not a known way for a game to end',
  ),
  times: z.array(z.strictObject({ chargedUs: micros, maxMoveUs: micros, moves: z.number().int().min(0) })),
  budgetUs: micros,
});

/** Parses `value` with `schema`, or throws an `invalid` StoreError naming `what` and the wrong field. */
export function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(what, parsed.error);
  return parsed.data;
}

/** Validates an outcome and its record, and that their per-seat lists match the seats; throws on any fault. */
export function checkOutcome(
  index: number,
  outcome: unknown,
  record: unknown,
): { outcome: GameOutcome; record: GameRecord } {
  const o = check(gameOutcomeSchema, outcome, `game ${index}: outcome`);
  const r = checkRecord(index, record);
  checkSeats(index, o, r.seats.length);
  return { outcome: o, record: r };
}

/**
 * The store's full check of a game's record: `gameRecordSchema`, with a faster path for plainly valid
 * lines and moves (record-check.ts). Answers the checked record or throws an `invalid` StoreError naming
 * the field. A remote worker runs this very check before it seals a record (record/vouched.ts).
 */
export function checkRecord(index: number, record: unknown): GameRecord {
  const parsed = parseRecord(record);
  if (!parsed.success) throw invalid(`game ${index}: record`, parsed.error);
  return parsed.data;
}

/**
 * Validates an outcome and a remote record whose seal the coordinator verified: the outcome in full, and
 * that the sealed summary answers this game with one seat per participant. The record's bytes are not
 * read: the worker checked them with {@link checkRecord} before sealing them.
 */
export function checkVouched(
  index: number,
  outcome: unknown,
  vouched: VouchedRecord,
): { outcome: GameOutcome; record: SealedSummary } {
  const o = check(gameOutcomeSchema, outcome, `game ${index}: outcome`);
  const s = vouched.summary;
  if (s.index !== index)
    throw new StoreError('invalid', `game ${index}: the sealed record is of game ${s.index}`);
  checkSeats(index, o, s.seats.length);
  return { outcome: o, record: s };
}

/** That the outcome is for game `index` and its per-seat lists and the record's seats match its seats. */
function checkSeats(index: number, o: GameOutcome, recordSeats: number): void {
  const fail = (problem: string): never => {
    throw new StoreError('invalid', `game ${index}: ${problem}`);
  };
  if (o.index !== index) fail(`the outcome is for game ${o.index}`);
  const n = o.seats.length;
  for (const [field, list] of [
    ['scores', o.scores],
    ['statuses', o.statuses],
    ['times', o.times],
    ['results', o.results ?? o.seats],
  ] as const) {
    if (list.length !== n) fail(`outcome.${field} has ${list.length} entries for ${n} seats`);
  }
  if (recordSeats !== n) fail(`the record has ${recordSeats} seats, the outcome ${n}`);
}
