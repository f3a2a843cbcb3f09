import { z } from 'zod';
import { gameInfo } from '../games/registry.ts';
import type { GameFacts } from '../games/types.ts';
import { gameIdSchema } from '../ipc/schemas.ts';
import { limitsSchema, scheduleSchema, timingSchema } from '../tournament/config-schema.ts';
import { cooperativeProblem, seatProblem } from '../tournament/formats/kinds.ts';

/**
 * An event (issue 26, "a local CodeCup in a box"): contestants upload their programs during the event,
 * test competitions show where they stand, and a final plays the locked versions. These are its
 * settings; the people and programs are in contestant.ts and submission.ts. Pure: zod only.
 */

/** CodeCup's final: Swiss rounds, then the best play 5 double round robins (10 games per pair). */
export const DEFAULT_FINAL = {
  kind: 'swiss',
  swissRounds: 7,
  finalists: 10,
  permutations: 'all',
  finalCycles: 5,
} as const;

/** The fields of an event's settings. Unknown fields are refused, so a typo never passes silently. */
const eventSettingsFields = z.strictObject({
  name: z.string().trim().min(1, 'the name must not be empty').max(120),
  /** A built-in game or a registered package game (shared/games/registry.ts). */
  game: gameIdSchema,
  /** The final's format: any tournament format; Swiss then final, CodeCup's, by default. */
  final: scheduleSchema.default(DEFAULT_FINAL),
  timing: timingSchema,
  limits: limitsSchema,
  /** After this moment (ISO 8601 with a zone) uploads are refused; absent: only a lock by hand. */
  deadline: z.iso
    .datetime({ offset: true, error: 'the deadline must be an ISO time such as 2026-05-01T16:00:00Z' })
    .optional(),
  /** Run a test competition every this many minutes (absent: only on demand). */
  testEveryMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
  /** Seat the game's sample bots (random, greedy) in test competitions too. */
  testSamples: z.boolean().default(false),
});

type Fields = z.output<typeof eventSettingsFields>;

/** A refusal of the final's format, on `final.kind`, in the tournament layer's own sentence. */
function finalIssue(
  rule: (kind: Fields['final']['kind'], game: GameFacts) => string | null,
): z.core.CheckFn<Fields> {
  return (ctx) => {
    const message = rule(ctx.value.final.kind, gameInfo(ctx.value.game));
    if (message !== null)
      ctx.issues.push({ code: 'custom', input: ctx.value, path: ['final', 'kind'], message });
  };
}

/**
 * An event's settings as its store keeps them: checked by the rules every event has been created
 * under (the seat rule). Read a stored event with it (and answer it), so that an event created before a
 * later rule still opens; its final is then refused when run, as the tournament layer refuses it.
 */
export const storedEventSettingsSchema = eventSettingsFields.check(
  finalIssue((kind, game) => seatProblem(kind, game.seats, game.title)),
);

/**
 * The zod schema of a new event's settings: the stored rules plus the final's winner rule, so that an
 * organiser cannot set a final the tournament layer would refuse when it is played (a knockout of
 * cooperative 6561). Both rules are the tournament layer's own functions ({@link seatProblem},
 * {@link cooperativeProblem}, as `validateFormat` asks them), not copies, with their sentences.
 */
export const eventSettingsSchema = storedEventSettingsSchema.check(
  finalIssue((kind, game) => cooperativeProblem(kind, game.cooperative, game.title)),
);

/** An event's settings as given (defaults may be left out). */
export type EventSettingsInput = z.input<typeof eventSettingsSchema>;

/** An event's settings, defaults filled in. */
export type EventSettings = z.output<typeof eventSettingsSchema>;

/** Whether uploads are open, and if not, why (said to a contestant whose upload is refused). */
export type LockState =
  | { readonly state: 'open' }
  | { readonly state: 'locked'; readonly by: 'hand' | 'deadline'; readonly reason: string };

/**
 * Whether uploads are open at `now`: locked by hand (the organiser's lock), else locked once the
 * deadline has passed (a deadline at exactly `now` has passed), else open. The clock is the caller's,
 * so that tests and the service use one injected clock.
 */
export function lockState(
  settings: Pick<EventSettings, 'deadline'>,
  lockedByHand: boolean,
  now: Date,
): LockState {
  if (lockedByHand) {
    return { state: 'locked', by: 'hand', reason: 'the organiser has locked submissions' };
  }
  if (settings.deadline !== undefined && now.getTime() >= Date.parse(settings.deadline)) {
    return {
      state: 'locked',
      by: 'deadline',
      reason: `the upload deadline (${settings.deadline}) has passed`,
    };
  }
  return { state: 'open' };
}
