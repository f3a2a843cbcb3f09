import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { gameModule } from '../../../shared/games/registry.ts';
import { err, ok, type InputError, type Result } from '../../../shared/games/result.ts';
import { gameIdSchema } from '../../../shared/ipc/schemas.ts';
import { botDefinitionSchema } from '../bots/definition.ts';
import {
  concurrencySchema,
  limitsSchema,
  scheduleSchema,
  timingSchema,
} from '../../../shared/tournament/config-schema.ts';
import { seatProblem } from '../../../shared/tournament/formats/kinds.ts';

/** The config format's name and version; files of another version are refused with a clear message. */
export const CONFIG_FORMAT = 'jury-tournament';
export const CONFIG_VERSION = 1;

/** A sample bot of the game, by strength, instead of a program of one's own. */
const sampleBotSchema = z.strictObject({
  name: z.string().trim().min(1, 'the name must not be empty').max(80),
  sample: z.enum(['random', 'greedy']),
});

/** The zod schema of a tournament config file. Unknown fields are refused, so a typo never passes silently. */
export const tournamentConfigSchema = z
  .strictObject({
    format: z.literal(CONFIG_FORMAT, { error: `the format must be "${CONFIG_FORMAT}"` }),
    version: z.literal(CONFIG_VERSION, {
      error: `this Jury reads version ${CONFIG_VERSION} of the config format`,
    }),
    name: z.string().trim().min(1, 'the name must not be empty').max(120),
    game: gameIdSchema,
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    schedule: scheduleSchema,
    bots: z
      .array(z.union([sampleBotSchema, botDefinitionSchema]))
      .min(2, 'a tournament needs at least two bots'),
    timing: timingSchema,
    limits: limitsSchema,
    concurrency: concurrencySchema.optional(),
    /** Fixed boards (Less, More), used in turn instead of generated ones. */
    boards: z.array(z.string()).min(1).optional(),
  })
  .check((ctx) => {
    const c = ctx.value;
    const names = c.bots.map((b) => b.name);
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined)
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['bots'],
        message: `two bots are named ${JSON.stringify(dup)}`,
      });
    const game = gameModule(c.game);
    if (c.boards && !game.info.hasBoard) {
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['boards'],
        message: `${game.info.title} is not played on boards`,
      });
    }
    c.boards?.forEach((board, i) => {
      const check = game.setup({ seed: 0, board });
      if (!check.ok)
        ctx.issues.push({ code: 'custom', input: c, path: ['boards', i], message: check.error.message });
    });
    const seats = game.info.seats;
    const seatsWrong = seatProblem(c.schedule.kind, seats, game.info.title);
    if (seatsWrong)
      ctx.issues.push({ code: 'custom', input: c, path: ['schedule', 'kind'], message: seatsWrong });
    if (c.bots.length < seats) {
      ctx.issues.push({
        code: 'custom',
        input: c,
        path: ['bots'],
        message: `${game.info.title} needs at least ${seats} bots`,
      });
    }
    if (c.schedule.kind === 'gauntlet') {
      for (const ch of c.schedule.challengers) {
        if (!names.includes(ch))
          ctx.issues.push({
            code: 'custom',
            input: c,
            path: ['schedule', 'challengers'],
            message: `no bot is named ${JSON.stringify(ch)}`,
          });
      }
    }
  });

/** A valid tournament config, defaults filled in. */
export type TournamentConfig = z.output<typeof tournamentConfigSchema>;

/**
 * Checks untrusted input as a tournament config; the error names every bad field, e.g.
 * `schedule.swissRounds: swissRounds must be at least 1`.
 */
export function parseTournamentConfig(input: unknown): Result<TournamentConfig, InputError> {
  const r = tournamentConfigSchema.safeParse(input);
  if (r.success) return ok(r.data);
  const message = r.error.issues
    .map((i) => `${i.path.length ? i.path.join('.') : 'config'}: ${i.message}`)
    .join('; ');
  return err({ code: 'invalid-config', message });
}

/** Reads and checks a config file; relative bot paths are relative to `baseDir` (the file's folder). */
export async function loadTournamentConfig(
  path: string,
): Promise<Result<{ config: TournamentConfig; baseDir: string }, InputError>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return err({
      code: 'unreadable',
      message: `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ code: 'not-json', message: `${path} is not JSON: ${(e as Error).message}` });
  }
  const parsed = parseTournamentConfig(json);
  return parsed.ok
    ? ok({ config: parsed.value, baseDir: dirname(path) })
    : err({ ...parsed.error, message: `${path}: ${parsed.error.message}` });
}

/** Stable participant ids from bot names: lower case, runs of other characters as `-`, unique. */
export function participantIds(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'bot';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  });
}
