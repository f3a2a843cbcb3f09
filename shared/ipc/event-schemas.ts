import { z } from 'zod';
import { COMPETITION_STATES, entrantSchema } from '../event/competition.ts';
import { contestantNameSchema } from '../event/contestant.ts';
import { storedEventSettingsSchema } from '../event/settings.ts';
import { smokeResultSchema, uploadKindSchema } from '../event/submission.ts';
import { languageSchema } from './app-schemas.ts';

/**
 * The zod schemas of an event's organiser channels (`event.*` in contract.ts): the same shapes as
 * shared/event's types, which the engine's organiser face (electron/engine/event/organiser.ts) answers.
 */

/** An event's contestant, its submission or competition: the store's id. */
export const eventItemIdSchema = z.string().trim().min(1, 'the id must not be empty').max(200);

/** Whether uploads are open, and if not, why. */
export const lockStateSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('open') }),
  z.object({ state: z.literal('locked'), by: z.enum(['hand', 'deadline']), reason: z.string() }),
]);

/** The event open in this engine, as its organiser's screens show it. */
export const eventInfoSchema = z.object({
  /** The event's folder (its store, uploads and competitions). */
  folder: z.string(),
  /** As stored: an event created before a later rule of its final is still shown. */
  settings: storedEventSettingsSchema,
  lock: lockStateSchema,
  /**
   * Where contestants reach the contestant page: `http://ADDRESS:PORT` per LAN address of the server
   * (empty when nothing serves the event to the LAN); the join sheet's links start with one of them.
   */
  origins: z.array(z.string()),
  /** Whether a competition is being played now. */
  competing: z.boolean(),
});

/** A contestant: the store's id, the name, the version they chose (null: their latest working one). */
export const contestantSchema = z.object({
  id: eventItemIdSchema,
  name: z.string(),
  chosen: z.string().nullable(),
});

/** A contestant with the join code just made: shown (and printed) now, stored only hashed. */
export const issuedCodeSchema = z.object({ contestant: contestantSchema, code: z.string() });

/** The names of contestants to add, all or none. */
export const contestantNamesSchema = z.array(contestantNameSchema).min(1).max(1000);

const logged = { log: z.string() };

/** One version of a contestant's program and where it stands (shared/event/submission.ts). */
export const submissionSchema = z.object({
  id: eventItemIdSchema,
  contestant: z.string(),
  version: z.number().int().min(1),
  receivedAt: z.string(),
  sha256: z.string(),
  size: z.number().int().min(0),
  fileName: z.string(),
  kind: uploadKindSchema,
  language: languageSchema.nullable(),
  buildCommand: z.string().nullable(),
  runCommand: z.array(z.string()).readonly().nullable(),
  status: z.discriminatedUnion('state', [
    z.object({ state: z.literal('received') }),
    z.object({ state: z.literal('building') }),
    z.object({ state: z.literal('build-failed'), ...logged }),
    z.object({ state: z.literal('built'), ...logged }),
    z.object({ state: z.literal('smoke-failed'), ...logged, smoke: smokeResultSchema }),
    z.object({ state: z.literal('working'), ...logged, smoke: smokeResultSchema }),
  ]),
  disqualified: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

/** A test competition or the final (shared/event/competition.ts). */
export const competitionSchema = z.object({
  id: eventItemIdSchema,
  kind: z.enum(['test', 'final']),
  number: z.number().int().min(1),
  file: z.string(),
  createdAt: z.string(),
  state: z.enum(COMPETITION_STATES),
  message: z.string().nullable(),
  entrants: z.array(entrantSchema).readonly(),
});

/** One scheduled game of a competition, with its result once finished. */
export const competitionGameSchema = z.object({
  index: z.number().int().min(0),
  stage: z.string(),
  round: z.number().int().min(0),
  seats: z.array(z.string()).readonly(),
  names: z.array(z.string()).readonly(),
  scores: z.array(z.number()).readonly().nullable(),
  statuses: z.array(z.string()).readonly().nullable(),
});

/** A competition of the event (the payload of its reads). */
export const competitionRefSchema = z.strictObject({ competition: eventItemIdSchema });
