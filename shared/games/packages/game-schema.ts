import { z } from 'zod';
import { PACKAGE_PLAYERS } from './game.ts';

/** The zod schema of a PackageGame (game.ts): a config stores one; the app's games list carries them. */
export const packageGameSchema = z.strictObject({
  id: z
    .string()
    .regex(/^pkg-[a-z0-9](?:[a-z0-9-]{0,26}[a-z0-9])?$/, 'must be a package game id (pkg-<name>)'),
  title: z.string().min(1).max(80),
  players: z.number().int().min(PACKAGE_PLAYERS.min).max(PACKAGE_PLAYERS.max),
  budgetMs: z.number().int().positive(),
  timeFactor: z.number().positive(),
  protocol: z.literal('caia'),
  samples: z.array(z.string().min(1)),
  log: z.object({ file: z.string().min(1), kind: z.enum(['text', 'html']) }).nullable(),
  folder: z.string().min(1),
});
