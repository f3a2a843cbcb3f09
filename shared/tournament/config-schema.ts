import { z } from 'zod';
import { DEFAULT_TIMING_MODE, TIMING_MODES } from '../timing/modes.ts';

/**
 * The zod schemas of a tournament's settings that the CLI's config file (electron/engine/tournament/
 * config.ts) and the app's "new tournament" form (shared/ipc/) share: the format with its settings, the
 * timing and the resource limits. Pure: zod only.
 */

const count = (what: string, max: number) =>
  z
    .number()
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max}`);

/** 4-player games: all 24 seat orders of a group, or its 4 rotations. */
const seatOrders = z.enum(['all', 'rotations']).default('all');

/** The tournament formats and their settings (see docs/tournaments.md). */
export const scheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('round-robin'), repeats: count('repeats', 1000).default(1) }),
  z.strictObject({
    kind: z.literal('groups'),
    permutations: seatOrders,
    mode: z.enum(['rounds', 'all-groups']).default('rounds'),
    rounds: count('rounds', 1000).default(1),
    /** Extend `rounds` so everyone plays equally often (false: events stored before that rule). */
    evenOut: z.boolean().default(true),
  }),
  z.strictObject({
    kind: z.literal('swiss'),
    swissRounds: count('swissRounds', 1000),
    finalists: count('finalists', 10_000),
    permutations: seatOrders,
    /**
     * How often the final is played over (default 1): each cycle is a double round robin of the
     * finalists (2-player games: 2 games per pair), or every group of them again. CodeCup's 10 games
     * per pair are 5 cycles.
     */
    finalCycles: count('finalCycles', 100).optional(),
  }),
  z.strictObject({
    kind: z.literal('knockout'),
    gamesPerMatch: count('gamesPerMatch', 100).default(2),
    /** Seeding ratings by bot name (higher first); without them, the order of the bots list. */
    ratings: z.record(z.string(), z.number()).optional(),
  }),
  z.strictObject({
    kind: z.literal('gauntlet'),
    challengers: z.array(z.string().min(1)).min(1, 'a gauntlet needs at least one challenger'),
    repeats: count('repeats', 1000).default(1),
    permutations: seatOrders,
  }),
]);

/** A tournament's format with its settings, defaults filled in. */
export type ScheduleSettings = z.output<typeof scheduleSchema>;

/**
 * The bounds of every number a run is given, one set for the config file, the app's form and
 * `jury play`'s flags (which check them with the same numbers).
 */
export const RUN_BOUNDS = {
  /** A per-game or per-move budget override: up to a day. */
  budgetMs: { min: 1, max: 86_400_000 },
  graceMs: { min: 0, max: 60_000 },
  /** Up to 1 TiB: beyond any machine Jury runs on, but a typo such as 10240000 is refused. */
  memoryMiB: { min: 16, max: 1_048_576 },
  maxProcesses: { min: 1, max: 100_000 },
  /** Games at once (the config's `concurrency`, `jury run --concurrency`; 0 local games with workers). */
  concurrency: { min: 1, max: 256 },
} as const;

const bounded = (bounds: { readonly min: number; readonly max: number }) =>
  z.number().int().min(bounds.min).max(bounds.max);

/** A timing mode's id (shared/timing/modes.ts). */
export const timingModeSchema = z.enum(TIMING_MODES);

/** How long a bot may take to exit after Quit, in milliseconds (the settings' default too). */
export const graceMsSchema = bounded(RUN_BOUNDS.graceMs);

/** A memory cap per bot in MiB (null: no cap), wherever one is asked (settings, limits, protections). */
export const memoryMiBSchema = bounded(RUN_BOUNDS.memoryMiB).nullable();

/** How thinking time is charged and limited. */
export const timingSchema = z
  .strictObject({
    mode: timingModeSchema.default(DEFAULT_TIMING_MODE),
    budgetMs: bounded(RUN_BOUNDS.budgetMs).optional(),
    graceMs: graceMsSchema.default(1000),
  })
  .default({ mode: DEFAULT_TIMING_MODE, graceMs: 1000 });

/** The resource limits every bot process runs under. */
export const limitsSchema = z
  .strictObject({
    memoryMiB: memoryMiBSchema.default(1024),
    maxProcesses: bounded(RUN_BOUNDS.maxProcesses).nullable().default(256),
    network: z.boolean().default(false),
    /** Pin each running game's bots to a core of their own (only while games at once ≤ cores). */
    affinity: z.boolean().default(true),
  })
  .default({ memoryMiB: 1024, maxProcesses: 256, network: false, affinity: true });

/** Games at once. */
export const concurrencySchema = bounded(RUN_BOUNDS.concurrency);

/**
 * A tournament played on remote workers (docs/workers.md): the app's setting, kept in the tournament's
 * stored config so a resumed run uses workers again. `jury run` decides by its `--workers` flag alone
 * and ignores this block.
 */
export const workersSchema = z.strictObject({
  /** Games this machine plays itself at once besides the workers' (0: workers only). */
  localSlots: z.number().int().min(0).max(RUN_BOUNDS.concurrency.max).default(0),
  /** Only workers whose speed factor is in this range play: [min, max] with 0 < min ≤ max. */
  factorRange: z
    .tuple([z.number().positive(), z.number().positive()])
    .refine(([lo, hi]) => lo <= hi, 'the speed factor range must be [min, max] with min ≤ max')
    .optional(),
});

/** How a tournament uses remote workers, defaults filled in. */
export type WorkersSettings = z.output<typeof workersSchema>;
