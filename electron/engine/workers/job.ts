import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ScheduledGame } from '../../../shared/tournament/types.ts';
import type { TournamentConfig } from '../tournament/config.ts';
import { remoteBotSchema, type RemoteBot } from './remote-bots.ts';

/** The job format's version: a worker refuses a job of another. */
export const JOB_VERSION = 2;

const scheduledGameSchema = z.strictObject({
  index: z.number().int().min(0),
  stage: z.string(),
  round: z.number().int().min(1),
  seats: z.array(z.string()).min(1),
  seed: z.number().int().min(0).max(0xffffffff),
  board: z.string().nullable(),
  match: z.string(),
});

/** What a game job asks a worker to do (the signed body of a job). */
export const gameJobSchema = z.strictObject({
  v: z.literal(JOB_VERSION),
  /** The coordinator's Jury version: sample bots and rules must be the same on the worker. */
  jury: z.string(),
  /** The run this game belongs to (the tournament's store id), and its name for messages. */
  run: z.string(),
  tournament: z.string(),
  game: scheduledGameSchema,
  /** The tournament's config as the coordinator checked it (its bots' paths mean nothing on a worker). */
  config: z.record(z.string(), z.unknown()),
  /** The seats' bots. */
  bots: z.array(remoteBotSchema),
  /** The coordinator's time of the speed benchmark (ms): a worker's factor is its own time over it. */
  referenceMs: z.number().positive(),
  /** The accepted range of worker speed factors, or null for any. */
  factorRange: z.tuple([z.number().positive(), z.number().positive()]).nullable(),
});

/** A game job's body (see {@link gameJobSchema}). */
export interface GameJob {
  readonly v: typeof JOB_VERSION;
  readonly jury: string;
  readonly run: string;
  readonly tournament: string;
  readonly game: ScheduledGame;
  readonly config: TournamentConfig;
  readonly bots: readonly RemoteBot[];
  readonly referenceMs: number;
  readonly factorRange: readonly [number, number] | null;
}

/** What travels through the queue: the body as JSON text and its HMAC under the organiser's secret. */
export interface SignedJob {
  readonly body: string;
  readonly sig: string;
}

/** Signs a job with the organiser's secret (`JURY_SECRET`). */
export function signJob(job: GameJob, secret: string): SignedJob {
  const body = JSON.stringify(job);
  return { body, sig: createHmac('sha256', secret).update(body).digest('hex') };
}

/**
 * Checks a job's signature with this worker's secret and reads its body. Answers the job, or why it is
 * refused: a job without the organiser's secret is never run (it could name any program).
 */
export function openJob(
  data: unknown,
  secret: string,
): GameJob | { readonly refused: string; readonly fault: 'secret' | 'job' } {
  const signed = z.strictObject({ body: z.string(), sig: z.string() }).safeParse(data);
  if (!signed.success) return { refused: 'the job is not a Jury game job', fault: 'job' };
  const want = createHmac('sha256', secret).update(signed.data.body).digest();
  const got = Buffer.from(signed.data.sig, 'hex');
  if (got.length !== want.length || !timingSafeEqual(got, want)) {
    return {
      refused: 'the job is not signed with this worker’s secret (JURY_SECRET differs from the coordinator’s)',
      fault: 'secret',
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(signed.data.body);
  } catch {
    return { refused: 'the job’s body is not JSON', fault: 'job' };
  }
  const parsed = gameJobSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return {
      refused: `the job is malformed: ${first?.path.join('.') ?? ''}: ${first?.message ?? ''}`,
      fault: 'job',
    };
  }
  return parsed.data as unknown as GameJob;
}
