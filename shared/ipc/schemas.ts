import { z } from 'zod';
import { REFEREE_FAILURE_CAUSES, type GameEnd } from '../games/end.ts';
import { externalGameId, gameIds, isGameId, registerPackageGame } from '../games/registry.ts';
import { PACKAGE_PLAYERS } from '../games/packages/game.ts';
import { packageGameSchema } from '../games/packages/game-schema.ts';
import type { GameId, TimeControl } from '../games/types.ts';

/**
 * The zod building blocks of the IPC contract ({@link ./contract.ts}). Pure: zod imports nothing from
 * Node or the DOM, so the renderer, the preload and main share these schemas. Schemas that mirror a
 * TypeScript union of shared/ are annotated with it, so the two can never drift apart.
 */

/**
 * A game id: a game of shared/games/registry.ts, built in or registered with `registerGame`. Checked
 * against the registry when a value is parsed, so a game registered after this module loaded is accepted.
 */
export const gameIdSchema: z.ZodType<GameId, GameId> = z.custom<GameId>(
  (value) => typeof value === 'string' && isGameId(value),
  { error: () => `the game must be one of ${gameIds.join(', ')}` },
);

/** A seat index: built-in games have 2 or 4 seats, game packages up to 32 players. */
export const seatSchema = z
  .number()
  .int()
  .min(0)
  .max(PACKAGE_PLAYERS.max - 1);

/** How a program's thinking time is limited (see `TimeControl` in shared/games/types.ts). */
export const timeControlSchema: z.ZodType<TimeControl> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game-total'), budgetMs: z.number().positive() }),
  z.object({
    kind: z.literal('per-move'),
    deadlineMs: z.number().positive(),
    freezeAfter: z.number().int().positive(),
  }),
]);

/** Every way a game can end (see `GameEnd` in shared/games/end.ts). */
export const gameEndSchema: z.ZodType<GameEnd> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all-home') }),
  z.object({ kind: z.literal('turn-limit-rush') }),
  z.object({ kind: z.literal('stuck-rush'), seat: seatSchema }),
  z.object({ kind: z.literal('stuck-cutoff'), seat: seatSchema }),
  z.object({ kind: z.literal('move-cutoff'), moves: z.number().int() }),
  z.object({ kind: z.literal('move-limit'), moves: z.number().int() }),
  z.object({ kind: z.literal('no-valid-move'), seat: seatSchema }),
  z.object({ kind: z.literal('all-passed') }),
  z.object({ kind: z.literal('out-of-reach'), seat: seatSchema }),
  z.object({ kind: z.literal('referee-report'), message: z.string() }),
  z.object({
    kind: z.literal('referee-failed'),
    cause: z.enum(REFEREE_FAILURE_CAUSES),
    reason: z.string(),
  }),
]);

/**
 * Registers the game package a games-list entry carries (`package`), before the entry's id is checked:
 * this is how main and the renderer learn the packages the engine has loaded (`games.list`). An entry
 * whose package is malformed is left as it is, and its id then fails the check.
 */
function admitPackage(value: unknown): unknown {
  const pkg = (value as { package?: unknown } | null)?.package;
  const parsed = pkg === undefined ? null : packageGameSchema.safeParse(pkg);
  if (parsed?.success) registerPackageGame({ ...parsed.data, id: externalGameId(parsed.data.id) });
  return value;
}

/**
 * The static facts of a game the UI needs to offer it; a game package's entry also carries the package
 * (pure data), which registers it where the list is read ({@link admitPackage}).
 */
export const gameSummaryInfoSchema = z.preprocess(
  admitPackage,
  z.object({
    id: gameIdSchema,
    title: z.string(),
    seats: z.number().int().min(PACKAGE_PLAYERS.min).max(PACKAGE_PLAYERS.max),
    seatNames: z.array(z.string()),
    timeControl: timeControlSchema,
    package: packageGameSchema.optional(),
    /** A package the user added in the app (removable); false for one only a stored tournament names. */
    added: z.boolean().optional(),
  }),
);

/** A sample bot as the UI lists it (its script path stays in main). */
export const sampleBotSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  strength: z.enum(['random', 'greedy']),
  description: z.string(),
});

/** One bot of a match: a sample bot by id, or an executable command line (executable, then arguments). */
export const matchBotSchema = z.union([
  z.object({ sample: z.string().min(1) }).strict(),
  z.object({ name: z.string().min(1), command: z.array(z.string().min(1)).min(1) }).strict(),
]);

/** A game seed: an unsigned 32-bit integer. */
export const seedSchema = z.number().int().min(0).max(0xffffffff);

/** CodeCup's status words for a seat at the end of a game. */
export const seatStatusSchema = z.enum(['OK', 'TIMEOUT', 'ILLEGAL', 'CRASH', 'EXIT']);

/** The outcome of one game: enough for a result line; the full record stays in the store. */
export const gameOutcomeSchema = z.object({
  game: gameIdSchema,
  seed: seedSchema,
  seats: z
    .array(z.object({ name: z.string(), score: z.number(), status: seatStatusSchema }))
    .min(PACKAGE_PLAYERS.min)
    .max(PACKAGE_PLAYERS.max),
  end: gameEndSchema,
  durationUs: z.number().min(0),
});
